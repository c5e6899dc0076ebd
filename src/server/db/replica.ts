import { sql } from 'kysely';
import { startRepeatingTask } from '../repeating-task.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';

export interface ReplicaOptions {
  /** DATABASE_REPLICA_URL: a streaming standby of the primary. */
  connectionString: string;
  /** A replica further behind than this is skipped (DATABASE_REPLICA_MAX_LAG_SECONDS). */
  maxLagSeconds: number;
  poolSize: number;
  statementTimeoutMs: number;
  checkEveryMs?: number;
  log: (message: string) => void;
}

export interface ReplicaState {
  /** Whether reports read from it now. */
  inStep: boolean;
  /** Seconds behind the primary at the last check; undefined when it did not answer. */
  lagSeconds: number | undefined;
}

/**
 * The primary's handle, whose `reads()` answers a streaming replica while the replica is a
 * standby no more than `maxLagSeconds` behind, and the primary otherwise: a replica that is down,
 * stopped replaying or promoted is skipped at the next check, and used again once in step.
 * Writes, and everything read with `db`, stay on the primary.
 */
export function withReplica(primary: DatabaseHandle, options: ReplicaOptions) {
  const replica = createDatabase({
    connectionString: options.connectionString,
    poolSize: options.poolSize,
    statementTimeoutMs: options.statementTimeoutMs,
    onPoolError: () => {},
  });
  let state: ReplicaState = { inStep: false, lagSeconds: undefined };
  const check = async () => {
    const next = await measure(primary, replica, options.maxLagSeconds).catch(() => ({
      inStep: false,
      lagSeconds: undefined,
    }));
    if (next.inStep !== state.inStep) {
      options.log(
        next.inStep
          ? 'Relatórios lendo da réplica do banco.'
          : `Réplica do banco deixada de lado (${next.lagSeconds === undefined ? 'não responde' : `${next.lagSeconds.toFixed(1)} s atrasada`}); relatórios lendo do principal.`,
      );
    }
    state = next;
  };
  const task = startRepeatingTask(options.checkEveryMs ?? 1_000, check);
  return {
    ...primary,
    reads: () => (state.inStep ? replica.db : primary.db),
    replicaState: () => state,
    /** The first check's answer, for a start that wants to know before serving. */
    checkNow: check,
    async close() {
      await task.stop();
      await replica.close().catch(() => {});
      await primary.close();
    },
  };
}

/**
 * How far the replica is behind: nothing when it has replayed all the primary had written just
 * before (read first, so WAL written meanwhile cannot count against it), else the time since
 * the last transaction it replayed, an upper bound of its lag.
 */
async function measure(
  primary: DatabaseHandle,
  replica: DatabaseHandle,
  maxLagSeconds: number,
): Promise<ReplicaState> {
  const written = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(
    primary.db,
  );
  const { rows } = await sql<{ standby: boolean; behind: number | null; idle: number | null }>`
    SELECT pg_is_in_recovery() AS standby,
           pg_wal_lsn_diff(${written.rows[0]?.lsn}::pg_lsn, pg_last_wal_replay_lsn())::float8
             AS behind,
           extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS idle
  `.execute(replica.db);
  const standby = rows[0];
  if (!standby?.standby || standby.behind === null) {
    return { inStep: false, lagSeconds: undefined };
  }
  const lagSeconds =
    standby.behind <= 0 ? 0 : Math.max(0, standby.idle ?? Number.POSITIVE_INFINITY);
  return { inStep: lagSeconds <= maxLagSeconds, lagSeconds };
}
