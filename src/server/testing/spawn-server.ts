import { type ChildProcess, spawn } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { findFreePort } from '../db/embedded-postgres.ts';
import { adminCredentials, type TestApp, testAuthSecret, testEnv, testOrigin } from './test-app.ts';

export interface SpawnedServer {
  baseUrl: string;
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Starts `src/server/main.ts` in a process of its own, as `npm start` would, and waits for it;
 * on `port` when given (a server restarted where its balancer expects it).
 */
export async function spawnServer(
  env: Record<string, string>,
  port?: number,
): Promise<SpawnedServer> {
  port ??= await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...env,
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
  const server: SpawnedServer = {
    baseUrl,
    process: child,
    output: () => output,
    exited: new Promise((resolve) => child.once('exit', resolve)),
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if ((await fetch(`${baseUrl}/api/health`).catch(() => undefined))?.ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not healthy within 60 s:\n${output}`);
}

/**
 * A server process on `app`'s database, with its secret, origin and data folder: the users and
 * sessions `app` creates are valid there.
 */
export function spawnServerFor(
  app: TestApp,
  options: { env?: Record<string, string>; port?: number } = {},
): Promise<SpawnedServer> {
  return spawnServer(
    {
      DATABASE_URL: app.database.connectionString,
      AUTH_SECRET: testAuthSecret,
      TRUSTED_ORIGINS: testOrigin,
      DATA_DIR: testEnv.dataDir,
      ...options.env,
    },
    options.port,
  );
}

/**
 * The server processes a kill test starts: `start` spawns one on `app`'s database and keeps
 * it, `killAll` (for afterAll) kills whatever is still running and waits for it to exit.
 */
export function serverProcesses(app: () => TestApp) {
  const started: SpawnedServer[] = [];
  return {
    async start(): Promise<SpawnedServer> {
      const server = await spawnServerFor(app());
      started.push(server);
      return server;
    },
    async killAll(): Promise<void> {
      for (const server of started) server.process.kill('SIGKILL');
      await Promise.all(started.map((server) => server.exited));
    },
  };
}

/** Signs the first administrator in on a spawned server, as a browser does; answers the cookie. */
export async function signInAsAdmin(baseUrl: string): Promise<string> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(adminCredentials),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** Uploads a list to a spawned server's import, as the import page does; answers the batch's id. */
export async function startImport(baseUrl: string, cookie: string, filePath: string) {
  const form = new FormData();
  form.append('legalBasis', 'consent');
  form.append('file', await openAsBlob(filePath), 'lista.csv');
  const started = await fetch(`${baseUrl}/api/imports`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie },
    body: form,
  });
  if (started.status !== 202) throw new Error(`import: ${started.status} ${await started.text()}`);
  return ((await started.json()) as { id: number }).id;
}
