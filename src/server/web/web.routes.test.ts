import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testAuthSecret, testEnv } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

let webRoot: string;
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'cca-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>CCA</title>');
  await writeFile(path.join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
  // Stand-ins for the compressed copies the build writes beside each asset.
  await writeFile(path.join(webRoot, 'assets', 'app-123.js.br'), 'brotli');
  await writeFile(path.join(webRoot, 'assets', 'app-123.js.gz'), 'gzip');
  database = await createTestDatabase();
  app = await buildApp({
    env: testEnv,
    database,
    mailer: { send: async () => {} },
    authSecret: testAuthSecret,
    webRoot,
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  await rm(webRoot, { recursive: true, force: true });
});

describe('the built web app', () => {
  it.each(['/', '/login', '/login/forgotpassword', '/leads/list', '/colaborador', '/createuser/'])(
    'serves the app for the page %s',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>CCA</title>');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('answers 404 with the app, which shows "Page not found", for any other path', async () => {
    const response = await app.inject({ url: '/leads/nao-existe?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>CCA</title>');
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await app.inject({ url: '/api/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await app.inject({ url: '/assets/app-123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it.each([
    ['br, gzip', 'br', 'brotli'],
    ['gzip', 'gzip', 'gzip'],
    ['identity', undefined, 'console.log(1)'],
  ])(
    'answers Accept-Encoding: %s with the copy the build compressed',
    async (accepted, encoding, body) => {
      const response = await app.inject({
        url: '/assets/app-123.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.body).toBe(body);
    },
  );
});
