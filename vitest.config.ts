import { existsSync } from 'node:fs';
import os from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
const serverDatabaseUrl = process.env.TEST_DATABASE_URL;
const pgbouncerPath = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';
const hasPgbouncer = existsSync(pgbouncerPath);

if (!hasChromium) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! Chromium não encontrado em ${chromiumPath}: os testes de navegador (e2e/) NÃO vão rodar.\n` +
      `!! Instale com 'apt-get install chromium' ou aponte CHROMIUM_PATH.\n${line}\n`,
  );
}
if (serverDatabaseUrl && !hasPgbouncer) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! PgBouncer não encontrado em ${pgbouncerPath}: a API atrás do PgBouncer (projeto pgbouncer) NÃO vai ser testada.\n` +
      `!! Instale com 'apt-get install pgbouncer' ou aponte PGBOUNCER_PATH.\n${line}\n`,
  );
}

const integration = (name: string, databaseUrl?: string): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: databaseUrl
      ? ['src/server/**/*.test.ts']
      : ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // These start their own embedded PostgreSQL: one run is enough.
    exclude: databaseUrl
      ? [
          'src/server/main.test.ts',
          'src/server/backups/backup-cli.test.ts',
          'src/server/db/replica.test.ts',
          'src/server/rolling-restart.test.ts',
          'src/server/db/embedded-postgres*.test.ts',
          'src/server/db/postgres-as-root.test.ts',
          'src/server/http/database-{outage,freeze,kill}.test.ts',
        ]
      : [],
    globalSetup: ['src/server/testing/global-setup.ts'],
    // A test file's modules are kept for the next file of its worker instead of imported again:
    // importing the server took most of a file's time (587 of 1,130 s in one CI run). Each file
    // still has its own database and data directory, and no server module keeps state between apps.
    isolate: false,
    setupFiles: ['src/server/testing/fresh-data-dir.ts'],
    // The servers the tests start make no backup of their own on a timer.
    env: { BACKUP_TIME: 'off', ...(databaseUrl ? { TEST_POSTGRES_ADMIN_URL: databaseUrl } : {}) },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * The API's route tests again, with the test apps' pools going through a PgBouncer in
 * transaction mode in front of the server, and their sessions straight to it (decision 039).
 */
const behindPgBouncer = (databaseUrl: string): TestProjectInlineConfiguration => {
  const { test } = integration('pgbouncer', databaseUrl);
  return {
    test: {
      ...test,
      include: ['src/server/**/*.routes.test.ts', 'src/server/db/transaction-pooler.test.ts'],
      exclude: [],
      globalSetup: ['src/server/testing/global-setup.ts', 'src/server/testing/pgbouncer-setup.ts'],
      env: { ...test?.env, PGBOUNCER_PATH: pgbouncerPath },
    },
  };
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where most
    // of a test file's time is spent waiting on PostgreSQL or a spawned server. One more worker
    // than the cores keeps both busy (8 server test files on 2 cores: 188 s with one worker,
    // 119 s with three).
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      integration('embedded-postgres'),
      ...(serverDatabaseUrl ? [integration('postgres-server', serverDatabaseUrl)] : []),
      ...(serverDatabaseUrl && hasPgbouncer ? [behindPgBouncer(serverDatabaseUrl)] : []),
      ...(hasChromium
        ? [
            {
              test: {
                name: 'e2e',
                include: ['e2e/**/*.test.ts'],
                globalSetup: ['e2e/global-setup.ts'],
                setupFiles: ['e2e/support/server-ready.ts'],
                env: { CHROMIUM_PATH: chromiumPath },
                testTimeout: 60_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
