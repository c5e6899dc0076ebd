import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** A database migrated to the latest migration, which test files copy instead of migrating. */
    postgresTemplate: string;
  }
}

/**
 * Gives the tests a PostgreSQL to create their databases on: the server named by
 * TEST_POSTGRES_ADMIN_URL, or else an embedded PostgreSQL started for this run; and on it a
 * template migrated once for the run, so that a test file's database is a copy (a fraction of
 * a second) instead of every migration run again.
 */
export default async function setup(project: TestProject) {
  // A project's `env` reaches its test files, not this process.
  const serverUrl = project.config.env.TEST_POSTGRES_ADMIN_URL;
  let stopPostgres = async () => {};
  let adminUrl = serverUrl;
  if (!adminUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-test-'));
    const embedded = await startEmbeddedPostgres(dataDir, () => {});
    adminUrl = embedded.connectionString;
    stopPostgres = async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  // A name of its own per run: two runs may share a server (CI and a developer's machine).
  const template = `cca_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const handle = createDatabase({
    connectionString: url.toString(),
    poolSize: 1,
    statementTimeoutMs: 60_000,
  });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // PostgreSQL copies a database only while no one is connected to it.
    await handle.close();
  }
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', template);
  return async () => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await stopPostgres();
  };
}

async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
