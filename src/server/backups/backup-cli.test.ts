import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runningConnectionString } from '../db/embedded-postgres.ts';
import { type SpawnedServer, spawnServer } from '../testing/spawn-server.ts';

const run = promisify(execFile);
const admin = { email: 'admin@cca.test', password: 'Admin-senha-forte-1' };
let dataDir: string;
let backupDir: string;
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-restore-'));
  backupDir = await mkdtemp(path.join(os.tmpdir(), 'cca-backups-'));
});
afterAll(async () => {
  for (const server of servers) server.process.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  await rm(backupDir, { recursive: true, force: true });
});

const env = () => ({
  DATA_DIR: dataDir,
  BACKUP_DIR: backupDir,
  DATABASE_URL: '',
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
});

async function start() {
  const server = await spawnServer(env());
  servers.push(server);
  return server;
}

async function stop(server: SpawnedServer) {
  server.process.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** `npm run backup` / `npm run restore`, as a terminal runs them (from the sources). */
function cli(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/backups/cli.ts', ...args], {
    env: { ...process.env, ...env() },
  }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

async function signIn(server: SpawnedServer) {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify(admin),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Every table's row count, read from the running server's own PostgreSQL. */
async function rowCounts() {
  const client = new pg.Client({ connectionString: await runningConnectionString(dataDir) });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const result = await client.query(`SELECT count(*)::int AS n FROM "${name}"`);
      counts[name] = result.rows[0].n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

it('a backup survives the loss of the data folder: restored, CCA starts with every row and signs in', async () => {
  const first = await start();
  const cookie = await signIn(first);
  const headers = { cookie, origin: first.baseUrl, 'content-type': 'application/json' };
  const token = await fetch(`${first.baseUrl}/api/api-tokens`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Site', scopes: ['leads:write'] }),
  });
  expect(token.status).toBe(201);
  const { secret } = (await token.json()) as { secret: string };
  const sendLead = (server: SpawnedServer, phone: string) =>
    fetch(`${server.baseUrl}/api/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Cliente ${phone}`,
        phone,
        otherPhones: [phone.replace('99876', '3322')],
      }),
    });
  for (const phone of ['(41) 99876-0001', '(41) 99876-0002', '(41) 99876-0003']) {
    expect((await sendLead(first, phone)).status).toBe(201);
  }

  const backup = await cli('backup');
  expect(backup.output).toMatch(/Verificado/);
  expect(backup.code).toBe(0);
  const before = await rowCounts();
  expect(before.leads).toBe(3);
  expect(before.audit_log).toBeGreaterThan(0);
  await stop(first);

  await rm(dataDir, { recursive: true, force: true });
  const [file] = (await readdir(backupDir)).filter((name) => name.endsWith('.backup.gz'));
  const restored = await cli('restore', path.join(backupDir, file as string));
  expect(restored.output).toMatch(/Restaurado o backup de/);
  expect(restored.code).toBe(0);
  const again = await cli('restore', path.join(backupDir, file as string));
  expect(again.code).toBe(1);
  expect(again.output).toContain('O banco de destino já tem dados');

  const second = await start();
  expect(second.output()).not.toContain('Primeiro administrador criado');
  expect(await rowCounts()).toEqual(before);
  await signIn(second);
  // The token still works, and the next lead takes the next id.
  expect((await sendLead(second, '(41) 99876-0004')).status).toBe(201);
  expect((await rowCounts()).leads).toBe(4);
  await stop(second);
}, 180_000);
