import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  cp,
  lstat,
  mkdir,
  readdir,
  readlink,
  realpath,
  rename,
  rm,
  symlink,
} from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PostgresIdentity, PostgresInstall } from './postgres-process.ts';

const run = promisify(execFile);

/**
 * Where CCA, run as root, keeps what the `postgres` user must reach: a copy of PostgreSQL's
 * programs and the clusters of data folders that user cannot get to (a clone under /root or
 * in a private temporary folder).
 */
export const defaultSharedRoot = '/var/lib/cca';

/**
 * PostgreSQL refuses to run as root. As root it runs as the `postgres` system user, which is
 * created when the machine has none; anyone else runs it as themselves.
 */
export async function postgresIdentity(): Promise<PostgresIdentity> {
  if (process.getuid?.() !== 0) return undefined;
  const existing = await lookUpUser('postgres');
  if (existing) return existing;
  try {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
  } catch (error) {
    throw new Error(
      'Como root, o PostgreSQL embutido roda como o usuário "postgres", que não existe e não ' +
        `pôde ser criado (${String(error)}): crie-o com "useradd --system postgres" ou defina DATABASE_URL.`,
    );
  }
  const created = await lookUpUser('postgres');
  if (!created) throw new Error('O usuário "postgres" foi criado mas não foi encontrado.');
  return created;
}

async function lookUpUser(name: string): Promise<PostgresIdentity> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/** Whether `identity` can get to `target` (every folder on its path searchable, and it too). */
export async function canReach(identity: PostgresIdentity, target: string): Promise<boolean> {
  if (!identity) return true;
  try {
    await run('test', ['-x', target], identity);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL's programs where `identity` can run them: where npm put them, or else (a clone
 * in a folder only root may enter) a copy under `sharedRoot`, made once per version.
 */
export async function reachableInstall(
  install: PostgresInstall,
  identity: PostgresIdentity,
  sharedRoot = defaultSharedRoot,
): Promise<PostgresInstall> {
  const postgresProgram = (directory: string) => path.join(directory, 'bin', 'postgres');
  if (await canReach(identity, postgresProgram(install.directory))) return install;
  const copy = path.join(sharedRoot, `postgresql-${install.version}`);
  if (!existsSync(postgresProgram(copy))) {
    try {
      await makeSearchable(sharedRoot);
      // Copied beside and renamed into place: two starts at once never see half a copy.
      const staging = `${copy}.${randomBytes(4).toString('hex')}`;
      await cp(install.directory, staging, { recursive: true, verbatimSymlinks: true });
      await rename(staging, copy).catch(async (error: unknown) => {
        await rm(staging, { recursive: true, force: true });
        if (!existsSync(postgresProgram(copy))) throw error;
      });
    } catch (error) {
      throw unreachable(install.directory, copy, error);
    }
  }
  if (!(await canReach(identity, postgresProgram(copy)))) {
    throw unreachable(install.directory, copy, 'a cópia também não é acessível');
  }
  return { ...install, directory: copy };
}

/**
 * The folder of the embedded cluster: `dataDir/postgres`, or, when the `postgres` user cannot
 * get into `dataDir`, a folder under `sharedRoot` that `dataDir/postgres` links to.
 */
export async function reachableClusterDir(
  dataDir: string,
  identity: PostgresIdentity,
  log: (message: string) => void,
  sharedRoot = defaultSharedRoot,
): Promise<string> {
  const clusterDir = path.join(dataDir, 'postgres');
  const existing = await lstat(clusterDir).catch(() => undefined);
  if (existing?.isSymbolicLink()) return path.resolve(dataDir, await readlink(clusterDir));
  if (await canReach(identity, dataDir)) return clusterDir;
  if (existing) {
    // An empty folder is what a start that failed here before left behind.
    if ((await readdir(clusterDir)).length > 0) throw unreachable(dataDir, clusterDir);
    await rm(clusterDir, { recursive: true });
  }
  const key = createHash('sha256')
    .update(await realpath(dataDir))
    .digest('hex')
    .slice(0, 16);
  const elsewhere = path.join(sharedRoot, 'clusters', key);
  try {
    await makeSearchable(path.dirname(elsewhere));
    await symlink(elsewhere, clusterDir);
  } catch (error) {
    throw unreachable(dataDir, elsewhere, error);
  }
  log(
    `O usuário postgres não tem acesso a ${dataDir}: os arquivos do banco ficam em ` +
      `${elsewhere} (${clusterDir} aponta para lá; inclua os dois numa cópia de segurança).`,
  );
  return elsewhere;
}

async function makeSearchable(directory: string) {
  await mkdir(directory, { recursive: true });
  await chmod(directory, 0o755);
}

const unreachable = (directory: string, alternative: string, cause?: unknown) =>
  new Error(
    `O PostgreSQL embutido roda como o usuário "postgres", que não tem acesso a ${directory}` +
      (cause === undefined ? '' : ` nem a ${alternative} (${String(cause)})`) +
      `: dê a ele acesso a essa pasta (chmod o+x em cada pasta do caminho) ou defina DATABASE_URL.`,
  );
