import path from 'node:path';
import { sql } from 'kysely';
import { createContactRulesRepository } from '../src/server/contact-rules/contact-rules.repository.ts';
import { createDatabase, migrateToLatest } from '../src/server/db/database.ts';
import { embeddedSettings } from '../src/server/db/embedded-postgres.ts';
import {
  debianPostgres,
  startPrimaryAndStandby,
} from '../src/server/testing/primary-and-standby.ts';
import { adminCredentials } from '../src/server/testing/test-app.ts';
import {
  everyHourCalendar,
  highestContactRules,
  setCallingHours,
} from '../src/server/testing/test-settings.ts';
import { createUserRepository, ensureFirstAdmin } from '../src/server/users/index.ts';
import type { BenchContext } from './context.ts';
import { atMost, type Figure, percentile } from './harness.ts';
import { type Call, type Load, load } from './operator.bench.ts';
import {
  caughtUp,
  coresText,
  coresUsed,
  isoDay,
  postmasters,
  processTable,
} from './replica-probes.ts';
import { type ReaderTally, readerPaths, startReaders } from './replica-readers.ts';
import { seedAssessors, seedCalls, seedLeads } from './seed.ts';
import { distribute, signIn, startServer } from './server.ts';
import { withCpu } from './servers.bench.ts';
import { createAssessors } from './soak.bench.ts';

/** Issue #45: 500 assessors recording calls while the dashboard and the exports are read. */
const assessorCount = 500;
/** The leads each assessor calls, again and again ("Não atendeu" keeps them in the list). */
const leadsEach = 10;
const connections = 50;
const readerCount = 5;
const turns = 5;
const turnMs = 4_000;
/** The first turn's warm-up also calls every lead once; the others' only get the load going. */
const firstWarmUpMs = 3_000;
const warmUpMs = 1_000;
/** "No worse than with no readers": the margin the suites' with ÷ without ratios allow. */
const target = 1.1;

/**
 * The loads, one after the other in each turn: where the calls go, and where the readers go
 * (none, the same server, or the other one). The server with the replica reads its reports
 * there, and writes on the primary like the other. The issue's three are the first three; the
 * last two put the readers on a second CCA process, to tell what the replica moves (the
 * database's share of a report) from what it does not (the server's, in the same event loop as
 * the calls).
 */
const phases = {
  alone: { label: 'no readers', calls: 'primary', readers: undefined },
  readersOnPrimary: {
    label: `${readerCount} readers on the primary`,
    calls: 'primary',
    readers: 'primary',
  },
  readersOnReplica: {
    label: `${readerCount} readers on the replica`,
    calls: 'replica',
    readers: 'replica',
  },
  readersOnPrimaryApart: {
    label: `${readerCount} readers on the primary through a second server`,
    calls: 'replica',
    readers: 'primary',
  },
  readersOnReplicaApart: {
    label: `${readerCount} readers on the replica through a second server`,
    calls: 'primary',
    readers: 'replica',
  },
} as const;
type Phase = keyof typeof phases;
const phaseNames = Object.keys(phases) as Phase[];

type Server = Awaited<ReturnType<typeof startServer>>;

/** Waits until the standby has replayed all the primary has written so far. */
export async function replicaBenchmarks(context: BenchContext): Promise<Figure[]> {
  const started = performance.now();
  const pair = await startPrimaryAndStandby(embeddedSettings);
  const handles: { close(): Promise<void> }[] = [];
  const servers: Server[] = [];
  try {
    const primary = createDatabase({
      connectionString: pair.primaryUrl,
      poolSize: 4,
      statementTimeoutMs: 30 * 60_000,
    });
    handles.push(primary);
    const standby = createDatabase({
      connectionString: pair.standbyUrl,
      poolSize: 1,
      statementTimeoutMs: 60_000,
    });
    handles.push(standby);
    const { db } = primary;
    const postgres = await postmasters();
    await migrateToLatest(db);
    await ensureFirstAdmin(createUserRepository(db), { ...adminCredentials, name: 'Admin' });
    const callCount = Math.round(context.callCount / 5);
    console.log(
      `  replica: ${context.leadCount.toLocaleString('pt-BR')} leads e ${callCount.toLocaleString('pt-BR')} ligações no principal…`,
    );
    const assessorIds = await seedAssessors(db, assessorCount);
    await setCallingHours(db, everyHourCalendar);
    await seedLeads(db, context.leadCount, assessorIds);
    await seedCalls(db, callCount, assessorIds);
    await createContactRulesRepository(db).replace(highestContactRules);
    await sql`vacuum analyze`.execute(db);

    const assessors = await createAssessors(
      { ...context, database: primary },
      assessorCount,
      'replica',
    );
    await caughtUp(db, standby.db);
    const seedSeconds = (performance.now() - started) / 1000;

    // A data folder of its own: at start a server sweeps the uploads its database knows nothing of.
    const workDir = path.join(context.workDir, 'replica');
    const primaryServer = await startServer(pair.primaryUrl, workDir);
    servers.push(primaryServer);
    const replicaServer = await startServer(pair.primaryUrl, workDir, adminCredentials, {
      DATABASE_REPLICA_URL: pair.standbyUrl,
    });
    servers.push(replicaServer);
    // A server that stops mid-run (a signal from outside) must end the suite, not skew a load.
    let stopped: string | undefined;
    for (const [name, { server }] of [
      ['the server on the primary', primaryServer],
      ['the server with the replica', replicaServer],
    ] as const) {
      server.once('exit', (code, signal) => {
        stopped ??= `${name} stopped (${signal ?? `code ${code}`})`;
      });
    }
    const { assigned } = await distribute(primaryServer, {
      perAssessor: Object.fromEntries(assessors.map(({ id }) => [id, leadsEach])),
    });
    const owned = await sql<{ ownerId: string; leadIds: number[] }>`
      select owner_id as "ownerId", array_agg(id order by id) as "leadIds" from leads
      where owner_id like 'replica-assessor-%' group by owner_id
    `.execute(db);
    const leadsOf = new Map(owned.rows.map((row) => [row.ownerId, row.leadIds]));
    if (assigned !== assessorCount * leadsEach || leadsOf.size !== assessorCount) {
      throw new Error(`replica: ${assigned} leads given to ${leadsOf.size} assessors`);
    }
    // Sessions live in the database: a cookie from one server is good on the other.
    const cookies: string[] = [];
    for (let index = 0; index < assessors.length; index += 8) {
      const batch = assessors.slice(index, index + 8);
      cookies.push(
        ...(await Promise.all(
          batch.map(({ email, password }) => signIn(primaryServer.baseUrl, { email, password })),
        )),
      );
    }
    await caughtUp(db, standby.db);
    await sql`checkpoint`.execute(db);
    const leadCount = assessors.length * leadsEach;
    let call = 0;
    const next = (): Call => {
      const turn = call++;
      const index = turn % assessors.length;
      const leadIds = leadsOf.get(assessors[index]?.id as string) ?? [];
      return {
        method: 'POST',
        path: `/api/leads/${leadIds[Math.floor(turn / assessors.length) % leadIds.length]}/attempts`,
        body: JSON.stringify({ outcome: 'no_answer' }),
        headers: { cookie: cookies[index] as string },
      };
    };
    const paths = readerPaths({ from: isoDay(9), to: isoDay(3) });
    const serverOf = { primary: primaryServer, replica: replicaServer };

    /** What each load measured, turn by turn. */
    const measured = Object.fromEntries(
      phaseNames.map((phase) => [
        phase,
        {
          loads: [] as Load[],
          cores: [] as Record<string, number>[],
          tallies: [] as ReaderTally[],
        },
      ]),
    ) as Record<
      Phase,
      {
        loads: Load[];
        /** Each turn's cores used, by process (see `coresUsed`). */
        cores: Record<string, number>[];
        tallies: ReaderTally[];
      }
    >;
    let maxLagSeconds = 0;
    const lagSampler = setInterval(async () => {
      const { rows } = await sql<{ lag: number | null }>`
        select max(extract(epoch from replay_lag))::float8 as lag from pg_stat_replication
      `
        .execute(db)
        .catch(() => ({ rows: [] as { lag: number | null }[] }));
      maxLagSeconds = Math.max(maxLagSeconds, rows[0]?.lag ?? 0);
    }, 500);
    try {
      for (let turn = 0; turn < turns; turn++) {
        for (const phase of phaseNames) {
          if (stopped) throw new Error(`replica: ${stopped} during the loads`);
          const server = serverOf[phases[phase].calls];
          const other = server === primaryServer ? replicaServer : primaryServer;
          const readersOn = phases[phase].readers;
          const readers = readersOn
            ? startReaders(serverOf[readersOn], paths, readerCount)
            : undefined;
          const first = turn === 0 && phase === 'alone';
          const table = await processTable();
          const clock = performance.now();
          const turnLoad = await withCpu(
            {
              "calls' server": server.server.pid as number,
              'other server': other.server.pid as number,
              benchmark: process.pid,
            },
            () =>
              load(server.baseUrl, { origin: server.baseUrl }, 201, next, {
                duration: turnMs,
                warmUp: first ? firstWarmUpMs : warmUpMs,
                warmUpRequests: first ? leadCount : 0,
                clients: connections,
              }),
          ).catch((error: unknown) => {
            // withCpu reads the servers' /proc entries: gone when one stopped.
            throw stopped ? new Error(`replica: ${stopped} during the loads`) : error;
          });
          const cores = coresUsed(
            turnLoad,
            postgres,
            table,
            await processTable(),
            (performance.now() - clock) / 1000,
          );
          const own = measured[phase];
          if (readers) own.tallies.push(await readers.stop());
          own.loads.push(turnLoad.result);
          own.cores.push(cores);
          console.log(
            `  replica: turn ${turn + 1} ${phase}: ${Math.round(turnLoad.result.rate)} calls/s, p95 ${turnLoad.result.p95.toFixed(1)} ms (${coresText(cores)})`,
          );
        }
      }
    } finally {
      clearInterval(lagSampler);
    }

    const together = (phase: Phase) => {
      const { loads, cores } = measured[phase];
      const latencies = loads.flatMap((one) => one.latencies);
      const names = Object.keys(cores[0] ?? {});
      return {
        p95: percentile(latencies, 95),
        rate: latencies.length / ((turns * turnMs) / 1000),
        errors: loads.reduce((sum, one) => sum + one.errors, 0),
        cores: Object.fromEntries(
          names.map((name) => [
            name,
            cores.reduce((sum, turnCores) => sum + (turnCores[name] ?? 0), 0) / cores.length,
          ]),
        ),
      };
    };
    const figures = Object.fromEntries(
      phaseNames.map((phase) => [phase, together(phase)]),
    ) as Record<Phase, ReturnType<typeof together>>;
    const callsDetail = (phase: Phase) =>
      `${Math.round(figures[phase].rate)} calls/s, ${figures[phase].errors} errors; ` +
      `cores used: ${coresText(figures[phase].cores)}`;
    const readersDetail = (phase: Phase) => {
      const requests = new Map<string, number[]>();
      const { tallies } = measured[phase];
      for (const tally of tallies) {
        for (const [kind, times] of tally.requests) {
          requests.set(kind, [...(requests.get(kind) ?? []), ...times]);
        }
      }
      const errors = tallies.reduce((sum, tally) => sum + tally.errors, 0);
      const bytes = tallies.reduce((sum, tally) => sum + tally.bytes, 0);
      const kinds = [...requests]
        .map(
          ([kind, times]) =>
            `${times.length} ${kind} (median ${percentile(times, 50).toFixed(0)} ms)`,
        )
        .join(', ');
      return `${kinds}, ${(bytes / 2 ** 20).toFixed(0)} MB read, ${errors} errors`;
    };
    const turnRatios = measured.readersOnReplica.loads.map(
      (replicaLoad, turn) => replicaLoad.p95 / (measured.alone.loads[turn] as Load).p95,
    );
    const name = `replica: calls' p95, ${assessorCount} assessors`;
    const ratio = (phase: Phase) => figures[phase].p95 / figures.alone.p95;
    const detailOf = (phase: Phase) =>
      phase === 'alone'
        ? `POST /api/leads/{id}/attempts on ${leadCount.toLocaleString('en')} leads over ${connections} connections; ` +
          `${callsDetail(phase)}; Debian's PostgreSQL ${debianPostgres.version}, primary and standby with ` +
          `the embedded server's settings, the standby streaming all the while; seeding and catching up took ${seedSeconds.toFixed(0)} s`
        : `${ratio(phase).toFixed(2)} × no readers; ${callsDetail(phase)}; the readers: ${readersDetail(phase)}`;
    return [
      ...phaseNames.map(
        (phase): Figure => ({
          name: `${name}, ${phases[phase].label}`,
          value: figures[phase].p95,
          unit: 'ms',
          target: 'report',
          meets: true,
          detail: detailOf(phase),
        }),
      ),
      atMost(
        `${name}: readers on the replica ÷ no readers`,
        ratio('readersOnReplica'),
        '×',
        target,
        `the server with DATABASE_REPLICA_URL taking both the calls and the readers; ` +
          `in ${turns} alternate turns of ${turnMs / 1000} s for each of the ${phaseNames.length} loads, ` +
          `after ${warmUpMs / 1000} s of the same load (${firstWarmUpMs / 1000} s and a call on every lead the first time); ` +
          `turn by turn ${Math.min(...turnRatios).toFixed(2)}–${Math.max(...turnRatios).toFixed(2)} ×; ` +
          `calls/s ${Math.round(figures.alone.rate)} alone, ${Math.round(figures.readersOnReplica.rate)} with the readers; ` +
          `the standby at most ${maxLagSeconds.toFixed(2)} s behind (replay_lag)`,
      ),
    ];
  } finally {
    for (const { server } of servers) {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
    }
    for (const handle of handles) await handle.close();
    await pair.close();
  }
}
