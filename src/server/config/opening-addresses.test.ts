import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { openingAddresses, openingMessages } from './opening-addresses.ts';

const lanPc = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
  eth0: [
    { address: '192.168.0.10', family: 'IPv4', internal: false },
    { address: 'fe80::1', family: 'IPv6', internal: false },
  ],
  wlan0: [{ address: '10.0.0.7', family: 'IPv4', internal: false }],
} as unknown as ReturnType<typeof os.networkInterfaces>;

describe('the addresses printed at start', () => {
  it('lists localhost and every LAN IPv4 address when listening on every interface', () => {
    expect(openingAddresses('0.0.0.0', 3000, lanPc)).toEqual([
      'http://localhost:3000',
      'http://192.168.0.10:3000',
      'http://10.0.0.7:3000',
    ]);
  });

  it('lists only the address listened on otherwise', () => {
    expect(openingAddresses('127.0.0.1', 3000, lanPc)).toEqual(['http://127.0.0.1:3000']);
    expect(openingAddresses('::1', 3000, lanPc)).toEqual(['http://[::1]:3000']);
  });

  it('says in Portuguese that e-mailed links point to localhost until APP_URL is set', () => {
    const lines = openingMessages({
      host: '0.0.0.0',
      port: 3000,
      appUrl: 'http://localhost:3000',
      appUrlConfigured: false,
      interfaces: lanPc,
    });
    expect(lines[0]).toBe(
      'Abra o CCA em: http://localhost:3000  ou  http://192.168.0.10:3000  ou  http://10.0.0.7:3000',
    );
    expect(lines[1]).toMatch(/^APP_URL não definido: os links enviados por e-mail/);
    expect(lines[1]).toContain('APP_URL=http://192.168.0.10:3000');
  });

  it('gives no warning when APP_URL is set or nobody else can reach the server', () => {
    const configured = { host: '0.0.0.0', port: 3000, appUrl: 'http://cca.lan:3000' };
    expect(
      openingMessages({ ...configured, appUrlConfigured: true, interfaces: lanPc }),
    ).toHaveLength(1);
    const local = { host: '127.0.0.1', port: 3000, appUrl: 'http://localhost:3000' };
    expect(openingMessages({ ...local, appUrlConfigured: false, interfaces: lanPc })).toHaveLength(
      1,
    );
  });
});
