import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../src/server/app.ts';
import { createDatabase, migrateToLatest } from '../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import {
  adminCredentials,
  cookieFrom,
  testEnv,
  testOrigin,
} from '../src/server/testing/test-app.ts';
import { ensureFirstAdmin } from '../src/server/users/first-admin.ts';
import { createUserRepository } from '../src/server/users/user.repository.ts';
import type { BenchContext } from './context.ts';
import { dashboardBenchmarks } from './dashboard.bench.ts';
import { distributionBenchmarks } from './distribution.bench.ts';
import { type Figure, printTable, writeReport } from './harness.ts';
import { importBenchmarks } from './import.bench.ts';
import { leadListBenchmarks } from './leads.bench.ts';
import { operatorBenchmarks } from './operator.bench.ts';
import { recycleBenchmarks } from './recycle.bench.ts';
import { seedAssessors, seedLeads } from './seed.ts';

z.config(z.locales.ptBR());

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    leads: { type: 'string' },
    assessors: { type: 'string' },
    only: { type: 'string' },
  },
});
const suites = {
  list: leadListBenchmarks,
  distribution: distributionBenchmarks,
  operator: operatorBenchmarks,
  import: importBenchmarks,
  // Adds 5 000 000 calls, then times /api/dashboard and the triggers' cost on a distribution.
  dashboard: dashboardBenchmarks,
  // Last: it turns 200 000 leads into refusals and recycles them.
  recycle: recycleBenchmarks,
};
const chosen = values.only ? values.only.split(',') : Object.keys(suites);
for (const name of chosen) {
  if (!(name in suites)) throw new Error(`--only: ${name}? (${Object.keys(suites).join(', ')})`);
}
const leadCount = Number(values.leads ?? (values.quick ? 100_000 : 1_000_000));
const assessorCount = Number(values.assessors ?? (values.quick ? 50 : 500));

async function main() {
  const workDir = path.resolve('bench/tmp');
  await mkdir(workDir, { recursive: true });
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(path.join(workDir, 'data'), () => {});
  const adminUrl = process.env.DATABASE_URL ?? (embedded?.connectionString as string);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const createEmptyDatabase = async () => {
    const name = `cca_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = createDatabase({
      connectionString: url.toString(),
      poolSize: 2,
      statementTimeoutMs: 600_000,
    });
    await migrateToLatest(handle.db);
    await ensureFirstAdmin(createUserRepository(handle.db), { ...adminCredentials, name: 'Admin' });
    await handle.close();
    return url.toString();
  };
  const dropDatabase = async (url: string) => {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  };
  const databaseUrl = await createEmptyDatabase();
  const database = createDatabase({
    connectionString: databaseUrl,
    poolSize: 20,
    statementTimeoutMs: 600_000,
  });
  try {
    console.log(
      `Gerando ${leadCount.toLocaleString('pt-BR')} leads e ${assessorCount} assessores…`,
    );
    const seedStarted = performance.now();
    const assessorIds = await seedAssessors(database.db, assessorCount);
    if (chosen.some((name) => name !== 'import')) {
      await seedLeads(database.db, leadCount, assessorIds);
    }
    console.log(`  dados prontos em ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const app = await buildApp({
      env: { ...testEnv, apiRateLimitPerMinute: 10_000_000, dataDir: workDir },
      database,
      mailer: { send: async () => {} },
      authSecret: randomBytes(32).toString('hex'),
      logger: { level: 'error' },
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: adminCredentials,
    });
    const context: BenchContext = {
      app,
      database,
      databaseUrl,
      adminCookie: cookieFrom(signIn),
      leadCount,
      assessorIds,
      workDir,
      createEmptyDatabase,
      dropDatabase,
    };
    const figures: Figure[] = [];
    for (const name of chosen) {
      figures.push(...(await suites[name as keyof typeof suites](context)));
    }
    await app.close();

    console.log('');
    printTable(figures);
    await writeReport(figures, {
      Leads: leadCount.toLocaleString('en'),
      Assessors: assessorCount,
      Database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL',
    });
    console.log('\nRelatório gravado em bench/REPORT.md e bench/report.json');
  } finally {
    await database.close();
    await dropDatabase(databaseUrl);
    await admin.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
