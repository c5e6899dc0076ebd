/**
 * `npm run backup` and `npm run restore -- FILE [--force]`: the same backup and restore the
 * server runs, from a terminal. Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR —
 * the running CCA's for a backup, its own for a restore (stop CCA first).
 */
import { InvalidEnvError, readEnv } from '../config/env.ts';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import {
  DataDirectoryInUseError,
  type EmbeddedDatabase,
  runningConnectionString,
  startEmbeddedPostgres,
} from '../db/embedded-postgres.ts';
import { createBackup, restoreBackupFile, verifyBackup } from './backup.service.ts';
import { applyRetention } from './backup-folder.ts';

const log = (message: string) => console.log(`[cca] ${message}`);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const env = readEnv();
  const settings = { ...env.backups, timeZone: env.timeZone };
  if (command === 'backup') {
    await withDatabase(env, 'running-or-own', async (database) => {
      const backup = await createBackup(database, settings);
      log(
        `Backup gravado: ${backup.file} (${megabytes(backup.sizeBytes)}, ${backup.rows} linhas).`,
      );
      const verified = await verifyBackup(database, backup);
      if (!verified.verification.ok) {
        throw new Error(`O backup não passou na verificação: ${verified.verification.error}`);
      }
      log(`Verificado: restaurado num banco de rascunho com as mesmas linhas em cada tabela.`);
      const dropped = await applyRetention(settings.dir, settings.retention, settings.timeZone);
      if (dropped.length > 0) log(`Backups antigos apagados: ${dropped.join(', ')}.`);
    });
  } else if (command === 'restore') {
    const file = rest.find((argument) => !argument.startsWith('--'));
    if (!file) throw new Error('Informe o arquivo: npm run restore -- ARQUIVO [--force]');
    await withDatabase(env, 'own', async (database) => {
      const manifest = await restoreBackupFile(database, file, { force: rest.includes('--force') });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      log(
        `Restaurado o backup de ${manifest.createdAt}: ${rows} linhas em ${manifest.tables.length} tabelas.`,
      );
    });
  } else {
    throw new Error('Use: npm run backup | npm run restore -- ARQUIVO [--force]');
  }
}

/**
 * The database to work on: DATABASE_URL's, or the embedded one. A backup may use the PostgreSQL
 * of the CCA running on DATA_DIR; a restore needs it stopped, so no one writes meanwhile.
 */
async function withDatabase(
  env: ReturnType<typeof readEnv>,
  embeddedUse: 'running-or-own' | 'own',
  work: (database: DatabaseHandle) => Promise<void>,
) {
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = env.databaseUrl;
  if (!connectionString) {
    try {
      embedded = await startEmbeddedPostgres(env.dataDir, log);
      connectionString = embedded.connectionString;
    } catch (error) {
      if (!(error instanceof DataDirectoryInUseError)) throw error;
      if (embeddedUse === 'own') {
        throw new Error(`${error.message.split('. ')[0]}. Pare o CCA antes de restaurar.`);
      }
      connectionString = await runningConnectionString(env.dataDir);
    }
  }
  const database = createDatabase({
    connectionString,
    ...(env.databaseDirectUrl ? { directConnectionString: env.databaseDirectUrl } : {}),
    poolSize: 2,
    statementTimeoutMs: env.databaseStatementTimeoutMs,
  });
  try {
    await work(database);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvError) console.error(error.message);
  else console.error(`[cca] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
