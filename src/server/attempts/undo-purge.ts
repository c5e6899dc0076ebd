import type { DatabaseHandle } from '../db/database.ts';
import { startRepeatingTask } from '../repeating-task.ts';
import { createOutcomeUndoRepository } from './outcome-undo.repository.ts';

/** A call's undo data outlives the page's offer by this much, for the answer's way back. */
const undoKeptSeconds = 60;
const undoPurgeIntervalMs = 5 * 60_000;

/**
 * Forgets, every five minutes, what calls changed once they can no longer be undone: the data
 * is kept only while the page offers the undo, and a little longer.
 */
export function startUndoPurge(options: {
  database: DatabaseHandle;
  log: (message: string) => void;
}) {
  const undos = createOutcomeUndoRepository(options.database.db);
  return startRepeatingTask(
    undoPurgeIntervalMs,
    async () => {
      await undos.purgeUndos(undoKeptSeconds).catch((error: unknown) => {
        options.log(
          `limpeza de desfazer falhou: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    },
    { atStart: false },
  );
}
