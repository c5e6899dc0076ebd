import type { DatabaseHandle } from '../db/database.ts';
import { startRepeatingTask } from '../repeating-task.ts';
import {
  createLeadInjectionRepository,
  idempotencyKeyLifetimeMs,
} from './lead-injection.repository.ts';

const hour = 60 * 60 * 1000;

export interface IdempotencyKeyPurge {
  stop(): Promise<void>;
}

/**
 * Deletes the idempotency keys taken more than a day ago, with the answers stored with them: a
 * retry after a day is a new request (decision 023), so the answer serves no one, and a key
 * not used again would otherwise stay forever. Runs at start and every hour; several servers
 * may run it at once, each delete taking what is left. A key is also freed when it is used
 * again after its day (lead-injection.repository.ts), whether or not this has run.
 */
export function startIdempotencyKeyPurge(options: {
  database: DatabaseHandle;
  log: (message: string) => void;
  intervalMs?: number;
  now?: () => Date;
}): IdempotencyKeyPurge {
  const injection = createLeadInjectionRepository();
  const now = options.now ?? (() => new Date());
  return startRepeatingTask(options.intervalMs ?? hour, async (run) => {
    const before = new Date(now().getTime() - idempotencyKeyLifetimeMs);
    try {
      // In slices, so no delete holds its locks long; stopping ends it after the current one.
      while (!run.stopped && (await injection.purgeKeys(options.database.db, before)) > 0) {}
    } catch (error) {
      options.log(
        `limpeza das chaves de idempotência falhou: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
}
