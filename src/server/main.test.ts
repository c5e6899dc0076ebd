import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from './db/embedded-postgres.ts';

interface RunningServer {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let dataDir: string;
const started: RunningServer[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-main-'));
});
afterAll(async () => {
  for (const server of started) server.process.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

function startServer(port: number): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const server = {
    process: child,
    output: () => output,
    exited: new Promise<number | null>((resolve) => child.once('exit', resolve)),
  };
  started.push(server);
  return server;
}

async function waitUntilHealthy(port: number, server: RunningServer) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`exited:\n${server.output()}`);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not healthy:\n${server.output()}`);
}

async function postmasterPid(): Promise<number> {
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
}

/** Whether `pid` still runs: a process ended but not yet reaped by its new parent does not. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

async function signIn(port: number, email: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** An API token that may send leads, made by the signed-in admin. */
async function leadsToken(port: number, cookie: string): Promise<string> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const response = await fetch(`${baseUrl}/api/api-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ name: 'Antes da queda', scopes: ['leads:write'] }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { secret: string }).secret;
}

/** Sends 1000 leads in one request, each with a phone of its own from `first` on. */
async function sendLeads(port: number, secret: string, first: number) {
  const leads = Array.from({ length: 1000 }, (_, index) => ({
    name: `Pessoa ${first + index}`,
    phone: `(11) 9${String(40_000_000 + first + index)}`,
  }));
  const response = await fetch(`http://127.0.0.1:${port}/api/leads/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ leads }),
  });
  expect(response.status).toBe(200);
  const { results } = (await response.json()) as { results: { result: string }[] };
  expect(results.filter((result) => result.result === 'created')).toHaveLength(1000);
}

async function leadCount(port: number, cookie: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/leads/count`, {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe('starting and stopping CCA on its embedded PostgreSQL', () => {
  it('creates the first admin once, refuses a second server, stops cleanly, ends its PostgreSQL when killed with SIGKILL, and serves every row committed before a kill after the next start', async () => {
    const port = await findFreePort();
    const first = startServer(port);
    await waitUntilHealthy(port, first);
    const password = first.output().match(/^\s+senha:\s+(\S+)$/m)?.[1];
    expect(password).toBeDefined();
    expect((await signIn(port, 'admin@cca.local', password ?? '')).status).toBe(200);

    const second = startServer(await findFreePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      /Outro CCA \(processo \d+\) já está rodando com a pasta de dados/,
    );

    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'cca.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const third = startServer(port);
    await waitUntilHealthy(port, third);
    expect(third.output()).not.toContain('Primeiro administrador criado');
    const signedIn = await signIn(port, 'admin@cca.local', password ?? '');
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    // Rows committed just before each kill are all served after the next start takes over.
    const secret = await leadsToken(port, cookie);
    await sendLeads(port, secret, 0);
    // Killed outright, CCA gets no chance to stop its PostgreSQL: that must end all the same.
    const postmaster = await postmasterPid();
    expect(isAlive(postmaster)).toBe(true);
    third.process.kill('SIGKILL');
    await third.exited;
    const killedAt = Date.now();
    while (isAlive(postmaster) && Date.now() - killedAt < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(isAlive(postmaster), 'the PostgreSQL of a killed CCA still runs after 10 s').toBe(false);

    const fourth = startServer(port);
    await waitUntilHealthy(port, fourth);
    expect((await signIn(port, 'admin@cca.local', password ?? '')).status).toBe(200);
    expect(await leadCount(port, cookie)).toEqual({ count: 1000, exact: true });
    await sendLeads(port, secret, 1000);

    // Its watcher killed too (a whole process group at once), the PostgreSQL stays: the next
    // start stops it before starting its own.
    const watcher = execFileSync('pgrep', [
      '-P',
      String(fourth.process.pid),
      '-f',
      'cca-postgres-watch',
    ])
      .toString()
      .trim();
    process.kill(Number(watcher), 'SIGKILL');
    fourth.process.kill('SIGKILL');
    await fourth.exited;
    const fifth = startServer(port);
    await waitUntilHealthy(port, fifth);
    expect(fifth.output()).toContain('deixado por uma execução anterior');
    expect((await signIn(port, 'admin@cca.local', password ?? '')).status).toBe(200);
    expect(await leadCount(port, cookie)).toEqual({ count: 2000, exact: true });
    fifth.process.kill('SIGTERM');
    expect(await fifth.exited).toBe(0);
  }, 120_000);
});
