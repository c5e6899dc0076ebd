import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackgroundJob, backgroundJobs, startBackgroundJobs } from './background-jobs.ts';
import { defaultTimeZone } from './config/env.ts';
import { createEventPublisher, type EventPublisher } from './events/index.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

/** A job that says when it starts and stops, and whose stop waits a moment as real ones do. */
function recordedJob(name: string, heard: string[], stop = async () => {}): BackgroundJob {
  return {
    name,
    start() {
      heard.push(`start ${name}`);
      return {
        async stop() {
          await new Promise((resolve) => setTimeout(resolve, 5));
          await stop();
          heard.push(`stop ${name}`);
        },
      };
    },
  };
}

describe('startBackgroundJobs', () => {
  it('starts the jobs in their order and stops them one after another in reverse', async () => {
    const heard: string[] = [];
    const jobs = await startBackgroundJobs(['a', 'b', 'c'].map((name) => recordedJob(name, heard)));
    expect(heard).toEqual(['start a', 'start b', 'start c']);
    await jobs.stop();
    expect(heard.slice(3)).toEqual(['stop c', 'stop b', 'stop a']);
  });

  it('stops the others when one fails to stop', async () => {
    const heard: string[] = [];
    const failures: string[] = [];
    const jobs = await startBackgroundJobs(
      [
        recordedJob('a', heard),
        recordedJob('b', heard, async () => {
          throw new Error('stuck');
        }),
        recordedJob('c', heard),
      ],
      { onError: (name) => failures.push(name) },
    );
    await jobs.stop();
    expect(heard.slice(3)).toEqual(['stop c', 'stop a']);
    expect(failures).toEqual(['b']);
  });

  it('stops the jobs already started when one fails to start', async () => {
    const heard: string[] = [];
    const broken: BackgroundJob = {
      name: 'broken',
      start() {
        throw new Error('no start');
      },
    };
    await expect(
      startBackgroundJobs([recordedJob('a', heard), recordedJob('b', heard), broken]),
    ).rejects.toThrow('no start');
    expect(heard).toEqual(['start a', 'start b', 'stop b', 'stop a']);
  });
});

describe('the server’s jobs', () => {
  let database: TestDatabase;
  let events: EventPublisher;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    events = createEventPublisher(database.db, { onError: () => {} });
    dataDir = await mkdtemp(path.join(tmpdir(), 'cca-jobs-'));
  });
  afterAll(async () => {
    await events?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('are all in the one list, and a shutdown stops every one, the last started first', async () => {
    const list = backgroundJobs({
      database,
      events,
      env: {
        dataDir,
        leadRetentionMonths: 24,
        timeZone: defaultTimeZone,
        backups: {
          dir: path.join(dataDir, 'backups'),
          time: '02:00',
          retention: { daily: 7, weekly: 4 },
        },
      },
      log: () => {},
    });
    const names = list.map((job) => job.name);
    expect(names).toEqual([
      'import-worker',
      'webhook-worker',
      'lead-retention',
      'idempotency-key-purge',
      'overdue-callback-return',
      'undo-purge',
      'quiet-disconnection',
      'summary-compaction',
      'backup-schedule',
    ]);
    const stopped: string[] = [];
    const jobs = await startBackgroundJobs(list, {
      onStopped: (name) => stopped.push(name),
      onError: (name, error) => stopped.push(`${name} failed: ${String(error)}`),
    });
    await jobs.stop();
    expect(stopped).toEqual([...names].reverse());
    // Stopping twice is harmless: nothing is left to stop.
    await jobs.stop();
    expect(stopped).toHaveLength(names.length);
  });
});
