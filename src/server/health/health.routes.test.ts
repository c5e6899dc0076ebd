import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDatabase, type DatabaseHandle, migrateToLatest } from '../db/database.ts';
import {
  type EmbeddedDatabase,
  findFreePort,
  startEmbeddedPostgres,
} from '../db/embedded-postgres.ts';
import {
  adminCredentials,
  cookieFrom,
  testAuthSecret,
  testEnv,
  testOrigin,
} from '../testing/test-app.ts';
import { ensureFirstAdmin } from '../users/first-admin.ts';
import { createUserRepository } from '../users/user.repository.ts';

let dataDir: string;
let port: number;
let postgres: EmbeddedDatabase;
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-outage-'));
  port = await findFreePort();
  postgres = await startEmbeddedPostgres(dataDir, () => {}, { port });
  database = createDatabase({
    connectionString: postgres.connectionString,
    poolSize: 4,
    statementTimeoutMs: 5_000,
  });
  await migrateToLatest(database.db);
  await ensureFirstAdmin(createUserRepository(database.db), { ...adminCredentials, name: 'Admin' });
  app = await buildApp({
    env: testEnv,
    database,
    mailer: { send: async () => {} },
    authSecret: testAuthSecret,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('GET /api/health and a database outage', () => {
  it('answers 503 while the database is down and recovers by itself when it is back', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: adminCredentials,
    });
    const cookie = cookieFrom(signIn);
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
    });

    await postgres.stop();
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
    });
    const users = await app.inject({ url: '/api/users', headers: { cookie } });
    expect(users.statusCode).toBe(503);
    expect(users.json().error.code).toBe('DATABASE_UNAVAILABLE');

    postgres = await startEmbeddedPostgres(dataDir, () => {}, { port });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const again = await app.inject({ url: '/api/users', headers: { cookie } });
    expect(again.statusCode).toBe(200);
  });
});
