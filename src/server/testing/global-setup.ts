import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/**
 * Gives the tests a PostgreSQL to create their databases on: the server named by
 * TEST_POSTGRES_ADMIN_URL, or else an embedded PostgreSQL started for this run.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_POSTGRES_ADMIN_URL;
  if (serverUrl) {
    project.provide('postgresAdminUrl', serverUrl);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-test-'));
  const embedded = await startEmbeddedPostgres(dataDir, () => {});
  project.provide('postgresAdminUrl', embedded.connectionString);
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
