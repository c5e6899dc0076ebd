/**
 * `npm run demo`: fills an empty CCA database with a month of a call centre's fake work to
 * try the product — 100 000 leads (DEMO_LEADS) with pt-BR names, valid Brazilian mobiles and
 * CPFs in lists imported on different days, five assessors, a distribution each working
 * morning, and their calls inside each lead's calling hours up to now (scripts/demo-plan.ts).
 * DEMO_SEED picks another centre. Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR
 * (stop CCA first).
 */
import path from 'node:path';
import { createDatabase, migrateToLatest } from '../src/server/db/database.ts';
import {
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from '../src/server/db/embedded-postgres.ts';
import { ensureFirstAdmin } from '../src/server/users/first-admin.ts';
import { createUserRepository } from '../src/server/users/user.repository.ts';
import {
  DemoRefused,
  demoAssessorEmail,
  demoAssessorPassword,
  demoSupervisorEmail,
  fillDemo,
} from './demo-data.ts';

const leadCount = Number(process.env.DEMO_LEADS ?? 100_000);
const assessorCount = 5;
const seed = Number(process.env.DEMO_SEED ?? 46);
const log = (message: string) => console.log(`[demo] ${message}`);

async function main() {
  const startedAt = Date.now();
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres(path.resolve(process.env.DATA_DIR ?? './data'), log);
    connectionString = embedded.connectionString;
  }
  const database = createDatabase({ connectionString, poolSize: 2, statementTimeoutMs: 600_000 });
  try {
    await migrateToLatest(database.db);
    const admin = await ensureFirstAdmin(createUserRepository(database.db), {
      email: process.env.ADMIN_EMAIL,
      password: process.env.ADMIN_PASSWORD,
      name: process.env.ADMIN_NAME ?? 'Administrador',
    });
    if (admin?.generatedPassword) {
      log(`Administrador criado: ${admin.email} / senha ${admin.generatedPassword}`);
    }
    const { plan } = await fillDemo(database, {
      leads: leadCount,
      assessors: assessorCount,
      seed,
      onlyIntoEmptyBase: true,
      log,
    });
    log(
      `Assessores: ${demoAssessorEmail(0)} … ${demoAssessorEmail(assessorCount - 1)}, senha ${demoAssessorPassword}`,
    );
    log(
      `Supervisores: ${demoSupervisorEmail(0)} (Equipe Alfa), ${demoSupervisorEmail(1)} (Equipe Beta), mesma senha`,
    );
    const counts = new Map<string, number>();
    for (const lead of plan.leads) counts.set(lead.status, (counts.get(lead.status) ?? 0) + 1);
    log([...counts].map(([status, count]) => `${status}: ${count}`).join(', '));
    log(`Pronto em ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  // A refusal says why in a sentence; anything else keeps its stack for whoever reports it.
  console.error(error instanceof DemoRefused ? error.message : error);
  process.exit(1);
});
