import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { restoreBackupFile } from '../backups/index.ts';
import { createEventPublisher } from '../events/index.ts';
import { invariantViolations } from '../testing/invariants.ts';
import {
  adminCredentials,
  cookieFrom,
  testAuthSecret,
  testEnv,
  testOrigin,
} from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { migrations } from './migrations/index.ts';

/**
 * A database as each version of CCA left it (a backup made when its last migration was the
 * newest, every table filled), brought to today's schema by the migrations: an office that
 * skips versions still upgrades. A schema change adds its own fixture (docs/operations.md).
 */
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'upgrade-fixtures');
const fixtures = readdirSync(folder).filter((name) => name.endsWith('.backup.gz'));
const databases: TestDatabase[] = [];

afterAll(async () => {
  for (const database of databases) await database.drop();
});

it('has a fixture of the schema before backups came', () => {
  expect(fixtures).toContain('0035-outcome-registry.backup.gz');
});

describe.each(fixtures)('the database of %s', (fixture) => {
  it('comes to the latest schema with every row, consistent, and the API reads it', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const manifest = await restoreBackupFile(database, path.join(folder, fixture));
    expect(manifest.migrations.at(-1)).toBe(fixture.replace('.backup.gz', ''));

    const applied = await sql<{
      name: string;
    }>`SELECT name FROM kysely_migration ORDER BY name`.execute(database.db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    for (const table of manifest.tables) {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int8 AS n FROM ${sql.table(table.name)}`.execute(database.db);
      expect(rows[0]?.n, table.name).toBeGreaterThanOrEqual(table.rows);
    }
    expect(await invariantViolations(database.db)).toEqual([]);

    const events = createEventPublisher(database.db, { onError: () => {} });
    const app = await buildApp({
      env: testEnv,
      database,
      events,
      mailer: { send: async () => {} },
      authSecret: testAuthSecret,
    });
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: testOrigin },
        payload: adminCredentials,
      });
      expect(signIn.statusCode).toBe(200);
      const leads = await app.inject({
        url: '/api/leads',
        headers: { cookie: cookieFrom(signIn) },
      });
      expect(leads.statusCode, leads.body).toBe(200);
      const leadRows = manifest.tables.find((table) => table.name === 'leads')?.rows;
      expect(leads.json().leads).toHaveLength(leadRows as number);
    } finally {
      await app.close();
      await events.close();
    }
  });
});
