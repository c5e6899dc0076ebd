import { startQuietDisconnection } from './agent-states/index.ts';
import { startUndoPurge } from './attempts/index.ts';
import { startBackupSchedule } from './backups/index.ts';
import type { Env } from './config/env.ts';
import { startSummaryCompaction } from './dashboard/index.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { EventPublisher } from './events/index.ts';
import { startImportWorker } from './imports/index.ts';
import { startIdempotencyKeyPurge } from './lead-injection/index.ts';
import { startLeadRetention, startOverdueCallbackReturn } from './leads/index.ts';
import { startWebhookWorker } from './webhooks/index.ts';

/** A job under way; `stop()` ends it and waits for the work it has under way. */
export interface RunningJob {
  stop(): Promise<void>;
}

/** Work the server does beside its HTTP routes, on a timer or a queue. */
export interface BackgroundJob {
  name: string;
  start(): RunningJob;
}

export interface BackgroundJobsOptions {
  database: DatabaseHandle;
  /** The process's one event publisher: the jobs announce what they changed through it. */
  events: EventPublisher;
  env: Pick<Env, 'dataDir' | 'leadRetentionMonths' | 'timeZone' | 'backups'>;
  log: (message: string) => void;
}

/**
 * Every job the server runs, in the order they start; they stop in the reverse order. A job
 * started anywhere else would outlive the shutdown, which waits only for these.
 */
export function backgroundJobs({
  database,
  events,
  env,
  log,
}: BackgroundJobsOptions): BackgroundJob[] {
  return [
    {
      name: 'import-worker',
      start: () => startImportWorker({ database, dataDir: env.dataDir, events, log }),
    },
    { name: 'webhook-worker', start: () => startWebhookWorker({ database, log }) },
    {
      name: 'lead-retention',
      start: () =>
        startLeadRetention({
          database,
          events,
          months: env.leadRetentionMonths,
          timeZone: env.timeZone,
          log,
        }),
    },
    { name: 'idempotency-key-purge', start: () => startIdempotencyKeyPurge({ database, log }) },
    {
      name: 'overdue-callback-return',
      start: () => startOverdueCallbackReturn({ database, events, timeZone: env.timeZone, log }),
    },
    { name: 'undo-purge', start: () => startUndoPurge({ database, log }) },
    {
      name: 'quiet-disconnection',
      start: () => startQuietDisconnection({ database, events, log }),
    },
    {
      name: 'summary-compaction',
      start: () => startSummaryCompaction({ database, timeZone: env.timeZone, log }),
    },
    ...backupJob(database, env, log),
  ];
}

/** The daily backup, unless BACKUP_TIME is off. */
function backupJob(
  database: DatabaseHandle,
  env: BackgroundJobsOptions['env'],
  log: (message: string) => void,
): BackgroundJob[] {
  const { time, ...settings } = env.backups;
  if (time === undefined) return [];
  const start = () =>
    startBackupSchedule({ database, settings: { ...settings, timeZone: env.timeZone }, time, log });
  return [{ name: 'backup-schedule', start }];
}

export interface RunningJobs {
  /** Stops the jobs one after another, the last started first; a failing stop stops no other. */
  stop(): Promise<void>;
}

/** Starts `jobs` in their order; `onStopped` hears each name once its job has stopped. */
export async function startBackgroundJobs(
  jobs: BackgroundJob[],
  options: {
    onStopped?: (name: string) => void;
    onError?: (name: string, error: unknown) => void;
  } = {},
): Promise<RunningJobs> {
  const running: { name: string; job: RunningJob }[] = [];
  const stop = async () => {
    while (running.length > 0) {
      const last = running.pop() as { name: string; job: RunningJob };
      await last.job.stop().catch((error: unknown) => options.onError?.(last.name, error));
      options.onStopped?.(last.name);
    }
  };
  try {
    for (const job of jobs) running.push({ name: job.name, job: job.start() });
  } catch (error) {
    // The ones already started must not outlive a start that failed.
    await stop();
    throw error;
  }
  return { stop };
}
