import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { originForm } from './request-target.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Sends `target` as written, over a socket: HTTP clients do not send the absolute form. */
function rawGet(target: string): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      );
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });
}

describe('an absolute-form request target', () => {
  it('gets the API its protections: no-store, the API policy and the rate limit', async () => {
    const absolute = await rawGet(`http://127.0.0.1:${port}/api/me`);
    const origin = await rawGet('/api/me');
    expect(absolute.status).toBe(401);
    for (const response of [absolute, origin]) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-ratelimit-limit']).toBeDefined();
    }
  });

  it('is read as its path and query', () => {
    expect(originForm('http://cca.local:3000/api/leads?q=ana')).toBe('/api/leads?q=ana');
    expect(originForm('/api/me')).toBe('/api/me');
    expect(originForm('*')).toBe('*');
  });
});
