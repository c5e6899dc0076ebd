import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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

async function signIn(port: number, email: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

describe('starting and stopping CCA on its embedded PostgreSQL', () => {
  it('creates the first admin once, refuses a second server, stops cleanly and survives SIGKILL', async () => {
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
    expect((await signIn(port, 'admin@cca.local', password ?? '')).status).toBe(200);
    third.process.kill('SIGKILL');
    await third.exited;

    const fourth = startServer(port);
    await waitUntilHealthy(port, fourth);
    expect(fourth.output()).toContain('deixado por uma execução anterior');
    expect((await signIn(port, 'admin@cca.local', password ?? '')).status).toBe(200);
    fourth.process.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  });
});
