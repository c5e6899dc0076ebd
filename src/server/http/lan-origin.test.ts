import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, cookieFrom, createTestApp, type TestApp } from '../testing/test-app.ts';
import { isLocalHostname } from './own-address.ts';

/**
 * A call centre runs CCA on one PC and the assessors open it by that PC's address. These
 * requests go to the test app in memory with the Host and Origin a LAN visitor's browser
 * would send; nothing leaves this machine.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function signInFrom(host: string, origin: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { host, origin },
    payload: adminCredentials,
  });
}

describe('the server opened by its own address', () => {
  it.each([
    ['a LAN address', '192.168.0.10:3000'],
    ['another private range', '10.1.2.3:3000'],
    ['the 172.16/12 range', '172.20.0.5:8080'],
    ['the loopback address', '127.0.0.1:3000'],
    ['localhost on another port', 'localhost:4000'],
    ['IPv6 loopback', '[::1]:3000'],
    ['an IPv6 unique local address', '[fd12:3456::10]:3000'],
  ])('signs in from %s, and the session works there', async (_label, host) => {
    const signIn = await signInFrom(host, `http://${host}`);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = cookieFrom(signIn);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { host, origin: `http://${host}`, cookie },
      payload: {
        name: 'Assessor da rede',
        email: `rede-${host.replace(/\W/g, '')}@cca.test`,
        role: 'assessor',
        password: 'Senha-da-rede-123',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it.each([
    ['a host name not configured (DNS rebinding)', 'cca.example:3000', 'http://cca.example:3000'],
    ['a public IP address', '8.8.8.8:3000', 'http://8.8.8.8:3000'],
    ['a page of another LAN address', '192.168.0.10:3000', 'http://192.168.0.11:3000'],
    ['another port', '192.168.0.10:3000', 'http://192.168.0.10:3001'],
    ['another scheme', '192.168.0.10:3000', 'https://192.168.0.10:3000'],
    ['a site on the internet', '192.168.0.10:3000', 'https://evil.example'],
  ])('refuses %s', async (_label, host, origin) => {
    const response = await signInFrom(host, origin);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'CROSS_SITE_REQUEST',
      message: 'Requisição de outro site recusada.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('isLocalHostname', () => {
  it('knows loopback and private addresses from the rest', () => {
    for (const local of ['localhost', '127.0.0.1', '127.9.9.9', '10.0.0.1', '172.31.255.1']) {
      expect(isLocalHostname(local), local).toBe(true);
    }
    for (const local of ['192.168.1.1', '169.254.10.10', '[::1]', '[fe80::1]', '[fc00::5]']) {
      expect(isLocalHostname(local), local).toBe(true);
    }
    for (const other of ['172.32.0.1', '8.8.8.8', '[2001:db8::1]', 'cca.local', 'localhost.evil']) {
      expect(isLocalHostname(other), other).toBe(false);
    }
  });
});
