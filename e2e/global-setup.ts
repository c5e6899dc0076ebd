import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findFreePort } from '../src/server/db/embedded-postgres.ts';
import { everyHourCalendar } from '../src/server/testing/test-settings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    adminEmail: string;
    adminPassword: string;
    /** Holds `ready` once the server answers, or why it could not start (see server-ready.ts). */
    serverStateFile: string;
  }
}

const adminEmail = 'admin@e2e.test';
const adminPassword = 'Admin-e2e-senha-forte';

/**
 * Builds CCA when needed and starts it as `npm start` does: the production build on its own
 * embedded PostgreSQL, in a fresh data folder, with mail going to the outbox. Vitest runs the
 * global set-ups before any test, so the build (most of a minute from a clean clone) goes on in
 * the background while the other projects' tests run; each browser test file waits for the
 * server first (e2e/support/server-ready.ts).
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-e2e-'));
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'cca-e2e-state-'));
  const serverStateFile = path.join(stateDir, 'state');
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  const starting = (async () => {
    await run('node', ['scripts/ensure-build.mjs']);
    server = spawn('node', ['dist/server/main.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        // The admin page's backups are made on request; none on a timer during the tests.
        BACKUP_TIME: 'off',
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        ADMIN_NAME: 'Ana Administradora',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitForHealth(baseUrl, server, () => output);
    await openCallingHoursAllDay(baseUrl);
  })();
  const started = starting.then(
    () => writeFile(serverStateFile, 'ready'),
    (error: unknown) =>
      writeFile(serverStateFile, error instanceof Error ? error.message : String(error)),
  );

  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  project.provide('serverStateFile', serverStateFile);

  return async () => {
    await started;
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
    await rm(stateDir, { recursive: true, force: true });
  };
}

/**
 * A command run to its end without holding Vitest's process, which serves the tests of the
 * other projects meanwhile (execFileSync would stop them all for the build).
 */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} saiu com ${code}`)),
    );
  });
}

/**
 * Every lead may be called at any hour, every day: the tests run at any time of day, and only
 * the calling-hours test sets windows of its own (for a state no other test's phones are in).
 */
async function openCallingHoursAllDay(baseUrl: string) {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const cookie = (signIn.headers.getSetCookie?.() ?? [])
    .map((line) => line.split(';')[0])
    .join('; ');
  const response = await fetch(`${baseUrl}/api/calling-calendar`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(everyHourCalendar),
  });
  if (!response.ok)
    throw new Error(`horários de ligação: ${response.status} ${await response.text()}`);
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`CCA saiu ao iniciar:\n${output()}`);
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill('SIGKILL');
  throw new Error(`CCA não ficou pronto em 90 s:\n${output()}`);
}
