import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DistributionRequest, DistributionResult } from '../src/core/distribution.ts';
import { findFreePort } from '../src/server/db/embedded-postgres.ts';
import { adminCredentials } from '../src/server/testing/test-app.ts';

/**
 * CCA's production build in a process of its own, signed in as `credentials`; `env` adds to or
 * overrides its environment (DATABASE_REPLICA_URL…).
 */
export async function startServer(
  databaseUrl: string,
  workDir: string,
  credentials: { email: string; password: string } = adminCredentials,
  env: Record<string, string> = {},
) {
  execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const port = await findFreePort();
  const server: ChildProcess = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(workDir, 'server-data'),
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      API_TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
      // The scale run's file of ten million rows is over a gigabyte.
      IMPORT_MAX_BYTES: String(8 * 2 ** 30),
      // With no backup in DATA_DIR the daily one is due at the first check, a minute after the
      // start: a dump and a verifying restore of the seeded base beside the load being measured.
      BACKUP_TIME: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if ((await fetch(`${baseUrl}/api/health`).catch(() => undefined))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { server, baseUrl, cookie: await signIn(baseUrl, credentials) };
}

/** Signs in on the server at `baseUrl` as a browser does; answers the session's cookie. */
export async function signIn(baseUrl: string, credentials: { email: string; password: string }) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`sign-in of ${credentials.email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** POST /api/distributions as the admin signed in on `server`; answers what it gave. */
export async function distribute(
  server: { baseUrl: string; cookie: string },
  request: DistributionRequest,
): Promise<DistributionResult> {
  const response = await fetch(`${server.baseUrl}/api/distributions`, {
    method: 'POST',
    headers: {
      cookie: server.cookie,
      origin: server.baseUrl,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(request),
  });
  if (response.status !== 201) {
    throw new Error(`distribution: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as DistributionResult;
}
