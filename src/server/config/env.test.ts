import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidEnvError, readEnv } from './env.ts';

describe('readEnv', () => {
  it('has defaults that start CCA on port 3000 with ./data', () => {
    const env = readEnv({});
    expect(env.port).toBe(3000);
    expect(env.dataDir).toBe(path.resolve('data'));
    expect(env.databaseUrl).toBeUndefined();
    expect(env.appUrl).toBe('http://localhost:3000');
    expect(env.trustedOrigins).toEqual(['http://localhost:3000']);
    expect(env.secureCookies).toBe(false);
    expect(env.sessionMaxSeconds).toBe(12 * 3600);
    expect(env.sessionIdleSeconds).toBe(30 * 60);
  });

  it('follows APP_URL for links, origins and secure cookies', () => {
    const env = readEnv({
      APP_URL: 'https://cca.exemplo.com.br/',
      TRUSTED_ORIGINS: 'http://localhost:5173',
    });
    expect(env.appUrl).toBe('https://cca.exemplo.com.br');
    expect(env.trustedOrigins).toEqual(['https://cca.exemplo.com.br', 'http://localhost:5173']);
    expect(env.secureCookies).toBe(true);
  });

  it('keeps the LGPD retention off unless LEAD_RETENTION_MONTHS is a whole number of months', () => {
    expect(readEnv({}).leadRetentionMonths).toBe(0);
    expect(readEnv({ LEAD_RETENTION_MONTHS: '24' }).leadRetentionMonths).toBe(24);
    for (const wrong of ['-1', '1.5', 'dois']) {
      expect(() => readEnv({ LEAD_RETENTION_MONTHS: wrong })).toThrow(/LEAD_RETENTION_MONTHS/);
    }
  });

  it('takes DATABASE_DIRECT_URL only as the server behind DATABASE_URL', () => {
    expect(readEnv({}).databaseDirectUrl).toBeUndefined();
    const behindPgBouncer = readEnv({
      DATABASE_URL: 'postgres://cca@127.0.0.1:6432/cca',
      DATABASE_DIRECT_URL: 'postgres://cca@127.0.0.1:5432/cca',
    });
    expect(behindPgBouncer.databaseDirectUrl).toBe('postgres://cca@127.0.0.1:5432/cca');
    expect(() => readEnv({ DATABASE_DIRECT_URL: 'postgres://cca@127.0.0.1:5432/cca' })).toThrow(
      /DATABASE_DIRECT_URL: só vale junto com DATABASE_URL/,
    );
    expect(() =>
      readEnv({ DATABASE_URL: 'postgres://cca@127.0.0.1:6432/cca', DATABASE_DIRECT_URL: '5432' }),
    ).toThrow(/DATABASE_DIRECT_URL: use o endereço do próprio PostgreSQL/);
    // Listed with the other problems, not in their place.
    expect(() => readEnv({ PORT: 'abc', DATABASE_DIRECT_URL: 'postgres://x/cca' })).toThrow(
      /PORT[\s\S]*DATABASE_DIRECT_URL/,
    );
  });

  it('lists every problem at once', () => {
    try {
      readEnv({ PORT: 'abc', SESSION_MAX_HOURS: '48', ADMIN_EMAIL: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvError);
      const problems = (error as InvalidEnvError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('SESSION_MAX_HOURS');
      expect(problems).toContain('ADMIN_EMAIL');
    }
  });
});
