import { dayIn } from '../../core/wall-time.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { startRepeatingTask } from '../repeating-task.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

/** How often the server folds the day's summaries. */
export const summaryCompactionMs = 60_000;

/**
 * Folds the summaries of today and yesterday in the centre's day at `at`, unless another
 * fold is under way (dashboard.repository.ts compactDeltas).
 */
export function compactSummaries(database: DatabaseHandle, timeZone: string, at: Date) {
  return createDashboardRepository(database.db).compactDeltas(dayIn(at, timeZone));
}

/**
 * Folds the summaries of today and yesterday (the daily counts, the calls by hour and the
 * state times) into one row per key every minute. A call or a change of state adds a row to
 * each; left unfolded until someone opens the dashboard, a busy day's rows would be what the
 * wallboard and the reports read through. background-jobs.ts starts and stops it.
 */
export function startSummaryCompaction(options: {
  database: DatabaseHandle;
  timeZone: string;
  log: (message: string) => void;
}) {
  return startRepeatingTask(
    summaryCompactionMs,
    async () => {
      await compactSummaries(options.database, options.timeZone, new Date()).catch(
        (error: unknown) => {
          options.log(
            `compactação dos resumos falhou: ${error instanceof Error ? error.message : String(error)}`,
          );
        },
      );
    },
    { atStart: false },
  );
}
