import { disconnectedAfterSeconds } from '../../core/agent-states.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { EventSink } from '../db/unit-of-work.ts';
import { startRepeatingTask } from '../repeating-task.ts';
import { createAgentStateRepository } from './agent-state.repository.ts';

/** How often the server looks for assessors whose page went quiet. */
export const quietCheckMs = 10_000;

/**
 * Makes disconnected every assessor no open page spoke for in `disconnectedAfterSeconds`, from
 * the last time one did: a closed laptop or a lost network says nothing, so the server cannot
 * wait for a goodbye. One statement for them all; answers who changed.
 */
export async function disconnectQuietAssessors(options: {
  database: DatabaseHandle;
  events: EventSink;
  now: number;
}): Promise<string[]> {
  // The zone is not read here: any will do for a statement that counts no days.
  const states = createAgentStateRepository(options.database.db, 'UTC');
  const changed = await states.disconnectQuiet(
    new Date(options.now - disconnectedAfterSeconds * 1000),
  );
  options.events.publish(
    ...changed.map((assessorId) => ({ type: 'agent.state' as const, assessorId })),
  );
  return changed;
}

/** Looks for quiet assessors every 10 s; background-jobs.ts starts and stops it. */
export function startQuietDisconnection(options: {
  database: DatabaseHandle;
  events: EventSink;
  log: (message: string) => void;
  now?: () => number;
}) {
  const now = options.now ?? (() => Date.now());
  return startRepeatingTask(
    quietCheckMs,
    async () => {
      await disconnectQuietAssessors({ ...options, now: now() }).catch((error: unknown) => {
        options.log(
          `desconexão de assessores sem sinal falhou: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    },
    { atStart: false },
  );
}
