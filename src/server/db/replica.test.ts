import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type PrimaryAndStandby, startPrimaryAndStandby } from '../testing/primary-and-standby.ts';
import {
  adminCredentials,
  cookieFrom,
  testAuthSecret,
  testEnv,
  testOrigin,
} from '../testing/test-app.ts';
import { createUserRepository, ensureFirstAdmin } from '../users/index.ts';
import { createDatabase, migrateToLatest } from './database.ts';
import { withReplica } from './replica.ts';

let servers: PrimaryAndStandby;
let database: ReturnType<typeof withReplica>;
let app: Awaited<ReturnType<typeof buildApp>>;
let cookie: string;
let phone = 0;
const maxLagSeconds = 2;

beforeAll(async () => {
  servers = await startPrimaryAndStandby();
  const primary = createDatabase({
    connectionString: servers.primaryUrl,
    poolSize: 4,
    statementTimeoutMs: 10_000,
  });
  await migrateToLatest(primary.db);
  await ensureFirstAdmin(createUserRepository(primary.db), { ...adminCredentials, name: 'Admin' });
  database = withReplica(primary, {
    connectionString: servers.standbyUrl,
    maxLagSeconds,
    poolSize: 2,
    statementTimeoutMs: 10_000,
    checkEveryMs: 100,
    log: () => {},
  });
  app = await buildApp({
    env: testEnv,
    database,
    mailer: { send: async () => {} },
    authSecret: testAuthSecret,
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin },
    payload: adminCredentials,
  });
  cookie = cookieFrom(signIn);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await servers?.close();
});

async function addLeads(count: number) {
  const rows = Array.from({ length: count }, () => ({
    name: 'Lead Réplica',
    phone: `+5541988${String(++phone).padStart(6, '0')}`,
  }));
  await database.db.insertInto('leads').values(rows).execute();
}

const dashboardLeads = async () => {
  const response = await app.inject({ url: '/api/dashboard', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().totalLeads as number;
};
const primaryLeads = async () =>
  (await app.inject({ url: '/api/leads/count', headers: { cookie } })).json().count as number;

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const onStandby = (statement: string) =>
  sql.raw(statement).execute(
    createDatabase({
      connectionString: servers.standbyUrl,
      poolSize: 1,
      statementTimeoutMs: 5_000,
    }).db,
  );

describe('a streaming replica (DATABASE_REPLICA_URL)', () => {
  it('serves the dashboard while in step; writes and the lead list stay on the primary', async () => {
    await addLeads(5);
    await until(async () => (await dashboardLeads()) === 5, 'the replica shows the 5 leads');
    expect(database.replicaState()).toMatchObject({ inStep: true });

    // Replay paused, the replica keeps what it had: the dashboard reads it, the list does not.
    await onStandby('SELECT pg_wal_replay_pause()');
    await addLeads(3);
    expect(await primaryLeads()).toBe(8);
    expect(await dashboardLeads()).toBe(5);

    // Once more than maxLagSeconds behind, it is skipped: the dashboard reads the primary.
    await until(() => !database.replicaState().inStep, 'the lagging replica is skipped');
    expect(database.replicaState().lagSeconds).toBeGreaterThan(maxLagSeconds);
    expect(await dashboardLeads()).toBe(8);

    await onStandby('SELECT pg_wal_replay_resume()');
    await until(() => database.replicaState().inStep, 'the replica in step again');
    expect(await dashboardLeads()).toBe(8);
  }, 60_000);

  it('is skipped while it is down, and used again once it is back', async () => {
    await servers.stopStandby();
    await until(() => !database.replicaState().inStep, 'the stopped replica is skipped');
    await addLeads(2);
    expect(await dashboardLeads()).toBe(10);
    await servers.startStandby();
    await until(() => database.replicaState().inStep, 'the replica back in step');
    expect(await dashboardLeads()).toBe(10);
  }, 60_000);
});
