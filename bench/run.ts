import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../src/server/app.ts';
import { createDatabase, migrateToLatest } from '../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import type { Database } from '../src/server/db/schema.ts';
import {
  adminCredentials,
  cookieFrom,
  testEnv,
  testOrigin,
} from '../src/server/testing/test-app.ts';
import { everyHourCalendar, setCallingHours } from '../src/server/testing/test-settings.ts';
import { ensureFirstAdmin } from '../src/server/users/first-admin.ts';
import { createUserRepository } from '../src/server/users/user.repository.ts';
import { backupBenchmarks } from './backup.bench.ts';
import { blockListBenchmarks } from './block-list.bench.ts';
import type { BenchContext } from './context.ts';
import { dashboardBenchmarks } from './dashboard.bench.ts';
import { distributionBenchmarks } from './distribution.bench.ts';
import { type Figure, printTable, writeReport } from './harness.ts';
import { hostileBenchmarks } from './hostile.bench.ts';
import { importBenchmarks } from './import.bench.ts';
import { importCostBenchmarks } from './import-costs.bench.ts';
import { importPhonesBenchmarks } from './import-phones.bench.ts';
import { integrationBenchmarks } from './integrations.bench.ts';
import { leadListBenchmarks } from './leads.bench.ts';
import { operatorBenchmarks } from './operator.bench.ts';
import { recycleBenchmarks } from './recycle.bench.ts';
import { replicaBenchmarks } from './replica.bench.ts';
import { reportsBenchmarks } from './reports.bench.ts';
import { seedAssessors, seedLeads } from './seed.ts';
import { severalServersBenchmarks } from './servers.bench.ts';
import { soakBenchmarks } from './soak.bench.ts';
import { startupBenchmarks } from './startup.bench.ts';
import { testTimeBenchmarks } from './test-time.bench.ts';
import { wallboardBenchmarks } from './wallboard.bench.ts';
import { webhookBenchmarks } from './webhooks.bench.ts';

z.config(z.locales.ptBR());

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    leads: { type: 'string' },
    assessors: { type: 'string' },
    calls: { type: 'string' },
    only: { type: 'string' },
    // Ten times the base (issue #23): `--scale 10m`, reported in bench/REPORT-10M.md.
    scale: { type: 'string' },
    // A long run of simulated assessors against one server, alone: `--soak`.
    soak: { type: 'boolean', default: false },
    'soak-minutes': { type: 'string', default: '10' },
    'soak-assessors': { type: 'string', default: '200' },
    // Leaves the seeded database behind (its URL is printed) to look into a figure by hand.
    keep: { type: 'boolean', default: false },
  },
});
const suites = {
  startup: startupBenchmarks,
  list: leadListBenchmarks,
  distribution: distributionBenchmarks,
  operator: operatorBenchmarks,
  // Unauthenticated hostile bodies at sign-in, and what the health check feels of them.
  hostile: hostileBenchmarks,
  web: async (context: BenchContext) => (await import('./web.bench.ts')).webBenchmarks(context),
  import: importBenchmarks,
  // The same file with one, two and three phone columns, into an empty base and a full one.
  'import-phones': importPhonesBenchmarks,
  // Where the database's time goes in an import: each index, trigger and check of leads.
  'import-costs': importCostBenchmarks,
  // Leads sent by API in batches of 1,000 against the same rows as a file.
  integrations: integrationBenchmarks,
  // The assessors' list with a dead and a silent webhook endpoint, against none.
  webhooks: webhookBenchmarks,
  // 500 assessors' calls with readers of the dashboard and the exports on the primary and on a
  // streaming replica, on a primary and a standby of its own (issue #45).
  replica: replicaBenchmarks,
  // Adds 5 000 000 calls, then times /api/dashboard and the triggers' cost on a distribution.
  dashboard: dashboardBenchmarks,
  // A 30-day performance report of every assessor, over the calls (added when the dashboard
  // suite did not) and 61 days of every assessor's states.
  reports: reportsBenchmarks,
  // Adds 1,500 assessors (2,000 in 100 teams), a week of their states and a day of calls, then
  // times /api/wallboard and a call's way to 20 open wallboards while 500 assessors call.
  wallboard: wallboardBenchmarks,
  // Blocks the 1 % of the seeded leads its register lists.
  blocklist: blockListBenchmarks,
  // Last: it turns 200 000 leads into refusals and recycles them.
  recycle: recycleBenchmarks,
  // Two servers on one database behind a balancer, 400 assessors' screens open: after the
  // others, so its 400 assessors change no other suite's figures.
  servers: severalServersBenchmarks,
  // Backup, verification and restore of an empty base and of the seeded one (adding the calls
  // when the dashboard suite did not): after the others, because its restores fill the cache
  // with databases of their own.
  backup: backupBenchmarks,
  // `npm test` and `npm run check` from a clean clone (TEST_TIME_REF: another commit).
  'test-time': testTimeBenchmarks,
};
const soak = values.soak
  ? { minutes: Number(values['soak-minutes']), assessors: Number(values['soak-assessors']) }
  : undefined;
if (soak && !(soak.minutes > 0 && Number.isInteger(soak.assessors) && soak.assessors > 0)) {
  throw new Error('--soak-minutes and --soak-assessors: positive numbers');
}
if (soak && values.only) throw new Error('--soak runs alone, without --only');
/**
 * The scale runs: the data ten times the base's, and the suites whose figures depend on it
 * (the others measure a request or a start-up, which the table's size does not change).
 */
const scales = {
  '10m': {
    leads: 10_000_000,
    assessors: 2000,
    calls: 50_000_000,
    suites: [
      'list',
      'distribution',
      'operator',
      'import',
      'dashboard',
      'reports',
      'wallboard',
      'recycle',
    ],
  },
} as const;
const scale = values.scale === undefined ? undefined : scales[values.scale as keyof typeof scales];
if (values.scale !== undefined && !scale) {
  throw new Error(`--scale: ${values.scale}? (${Object.keys(scales).join(', ')})`);
}
const chosen = soak
  ? []
  : values.only
    ? values.only.split(',')
    : scale
      ? [...scale.suites]
      : Object.keys(suites);
for (const name of chosen) {
  if (!(name in suites)) throw new Error(`--only: ${name}? (${Object.keys(suites).join(', ')})`);
}
const leadCount = Number(values.leads ?? scale?.leads ?? (values.quick ? 100_000 : 1_000_000));
const assessorCount = Number(values.assessors ?? scale?.assessors ?? (values.quick ? 50 : 500));
const callCount = Number(values.calls ?? scale?.calls ?? (values.quick ? 500_000 : 5_000_000));

/**
 * The benchmark's database statements may run this long: seeding 10M leads is one statement,
 * longer than ten minutes on a slower machine.
 */
const statementTimeoutMs = 30 * 60_000;

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
      statementTimeoutMs,
    });
    await migrateToLatest(handle.db);
    await ensureFirstAdmin(createUserRepository(handle.db), { ...adminCredentials, name: 'Admin' });
    await handle.close();
    return url.toString();
  };
  const copyDatabase = async (templateUrl: string) => {
    const name = `cca_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(templateUrl).pathname.slice(1)}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const dropDatabase = async (url: string) => {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  };
  const databaseUrl = await createEmptyDatabase();
  const database = createDatabase({
    connectionString: databaseUrl,
    poolSize: 20,
    statementTimeoutMs,
  });
  try {
    console.log(
      `Gerando ${leadCount.toLocaleString('pt-BR')} leads e ${assessorCount} assessores…`,
    );
    const seedStarted = performance.now();
    const assessorIds = await seedAssessors(database.db, assessorCount);
    // Calls are checked against the calling hours: open every hour, so no figure depends on the
    // hour the benchmark runs at (the check itself is still made).
    await setCallingHours(database.db, everyHourCalendar);
    // The import, start-up and replica suites bring their own data.
    const seeded =
      soak !== undefined ||
      chosen.some(
        (name) =>
          !['import', 'import-phones', 'import-costs', 'startup', 'replica', 'test-time'].includes(
            name,
          ),
      );
    if (seeded) {
      await seedLeads(database.db, leadCount, assessorIds);
    }
    console.log(`  dados prontos em ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const app = await buildApp({
      env: {
        ...testEnv,
        apiRateLimitPerMinute: 10_000_000,
        dataDir: workDir,
        // A scale run seeds for half an hour between two uses of the admin's session.
        sessionIdleSeconds: 24 * 3600,
        sessionMaxSeconds: 24 * 3600,
      },
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
      callCount,
      assessorIds,
      workDir,
      createEmptyDatabase,
      copyDatabase,
      dropDatabase,
    };
    const postgresVersion = (
      await sql<{ server_version: string }>`show server_version`.execute(database.db)
    ).rows[0]?.server_version;
    const figures: Figure[] = [];
    for (const name of chosen) {
      try {
        figures.push(...(await suites[name as keyof typeof suites](context)));
      } catch (error) {
        // One broken suite is a failing figure in the report, not the end of the run.
        console.error(error);
        figures.push({
          name: `${name}: the suite could not finish`,
          value: 0,
          unit: '',
          target: 'runs',
          meets: false,
          detail: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (soak) figures.push(...(await soakBenchmarks(context, soak)));
    // The seeded database's size once every suite of the scale has run on it (the import suite
    // brings its own databases): a run of some of them would report a smaller one.
    if (scale?.suites.every((name) => chosen.includes(name))) {
      figures.push(await databaseSize(database.db));
    }
    await app.close();

    console.log('');
    printTable(figures);
    await writeReport(
      figures,
      {
        Leads: leadCount.toLocaleString('en'),
        Assessors: assessorCount,
        Calls: callCount.toLocaleString('en'),
        Database: `${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'} PostgreSQL ${postgresVersion}`,
      },
      scale ? { suffix: values.scale, baseline: 'report.json' } : {},
    );
    console.log(
      `\nRelatório gravado em bench/${scale ? `REPORT-${values.scale?.toUpperCase()}.md` : 'REPORT.md'}`,
    );
  } finally {
    await database.close();
    if (values.keep) console.log(`Banco mantido: ${databaseUrl}`);
    else await dropDatabase(databaseUrl);
    await admin.end();
    await embedded?.stop();
  }
}

/** The database's size on disk once the suites ran, and the leads' and calls' share of it. */
async function databaseSize(db: Kysely<Database>): Promise<Figure> {
  const { rows } = await sql<{ database: string; leads: string; calls: string }>`
    select pg_database_size(current_database())::text as database,
           pg_total_relation_size('leads')::text as leads,
           pg_total_relation_size('lead_attempts')::text as calls`.execute(db);
  const gib = (bytes: string | undefined) => Number(bytes ?? 0) / 2 ** 30;
  const size = rows[0];
  return {
    name: 'database size after the suites',
    value: gib(size?.database),
    unit: 'GiB',
    target: 'report',
    meets: true,
    detail: `leads with their indexes ${gib(size?.leads).toFixed(2)} GiB, calls ${gib(size?.calls).toFixed(2)} GiB`,
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
