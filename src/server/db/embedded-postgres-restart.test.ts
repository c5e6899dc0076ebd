import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SpawnedServer, signInAsAdmin, spawnServer } from '../testing/spawn-server.ts';
import { adminCredentials } from '../testing/test-app.ts';

/** `npm start` on its own embedded PostgreSQL, whose PostgreSQL then dies as under the OOM killer. */
let dataDir: string;
let server: SpawnedServer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-restart-'));
  server = await spawnServer({
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: adminCredentials.email,
    ADMIN_PASSWORD: adminCredentials.password,
  });
}, 120_000);
afterAll(async () => {
  server?.process.kill('SIGTERM');
  await server?.exited;
  await rm(dataDir, { recursive: true, force: true });
});

async function postgresPid(): Promise<number> {
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
}

it('restarts a killed PostgreSQL within 30 s, answering 503 with Retry-After meanwhile and keeping every committed write', async () => {
  const { baseUrl } = server;
  const cookie = await signInAsAdmin(baseUrl);
  const created = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({
      name: 'Antes da Queda',
      email: 'antes@cca.test',
      role: 'assessor',
      password: 'Senha-antes-da-queda-1',
    }),
  });
  expect(created.status).toBe(201);

  const killedPid = await postgresPid();
  process.kill(killedPid, 'SIGKILL');
  const killedAt = Date.now();
  const unavailable: { status: number; retryAfter: string | null }[] = [];
  // Its backends may answer a moment longer; then 503 until it is back.
  for (;;) {
    const health = await fetch(`${baseUrl}/api/health`);
    if (health.status === 200 && server.output().includes('O PostgreSQL embutido voltou')) break;
    if (health.status !== 200) {
      unavailable.push({ status: health.status, retryAfter: health.headers.get('retry-after') });
    }
    expect(Date.now() - killedAt, server.output()).toBeLessThan(30_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(unavailable.length).toBeGreaterThan(0);
  for (const answer of unavailable) expect(answer).toEqual({ status: 503, retryAfter: '5' });
  expect(await postgresPid()).not.toBe(killedPid);
  expect(server.output()).toContain('O PostgreSQL embutido parou');

  const users = await fetch(`${baseUrl}/api/users`, { headers: { cookie } });
  expect(users.status).toBe(200);
  const { users: list } = (await users.json()) as { users: { email: string }[] };
  expect(list.map((user) => user.email)).toContain('antes@cca.test');
  // The audit row is written once the database is back, just after the line in the log.
  const restarts = async () => {
    const audit = await fetch(`${baseUrl}/api/audit?action=database.restarted`, {
      headers: { cookie },
    });
    return ((await audit.json()) as { entries: { details: { reason: string } }[] }).entries;
  };
  let entries = await restarts();
  for (const waitUntil = Date.now() + 10_000; entries.length === 0 && Date.now() < waitUntil; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    entries = await restarts();
  }
  expect(entries).toHaveLength(1);
  expect(entries[0]?.details.reason).toBe('sinal SIGKILL');
}, 90_000);
