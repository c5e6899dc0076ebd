import type { ContactRulesRepository } from '../contact-rules/index.ts';
import { createContactRulesRepository } from '../contact-rules/index.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createUnitOfWork, type RunUnitOfWork } from '../db/unit-of-work.ts';
import type { EventPublisher } from '../events/index.ts';
import { startRepeatingTask } from '../repeating-task.ts';
import { createLeadChangeRepository, type LeadChangeRepository } from './lead-change.repository.ts';

/** How often the server looks for call-backs to give back to the pool. */
export const overdueCallbackCheckMs = 60_000;

/**
 * When the contact rules say so, gives every call-back overdue by more than they allow back to
 * the pool (its owner is away, say), as the bulk action "Devolver ao pool" would; answers how
 * many. Otherwise they only show up for the administrators (the lead list's filter).
 */
export async function returnOverdueCallbacks(
  leadChanges: LeadChangeRepository,
  contactRules: ContactRulesRepository,
  unitOfWork: RunUnitOfWork,
): Promise<number> {
  const rules = await contactRules.current();
  if (!rules.overdueCallbacks.returnToPool) return 0;
  // The server's own rule: no one to audit, as no one asked.
  return unitOfWork(null, async (unit) => {
    const { affected, ownerIds, event } = await leadChanges
      .within(unit.trx)
      .bulk({ filter: { overdueCallbacks: true } }, { action: 'returnToPool' }, null);
    if (ownerIds.length > 0) unit.publish(event);
    return affected;
  });
}

/** Looks for call-backs to give back every minute, the first a minute after the start. */
export function startOverdueCallbackReturn(options: {
  database: DatabaseHandle;
  events: Pick<EventPublisher, 'publish'>;
  /** The call centre's zone (TIME_ZONE). */
  timeZone: string;
  log: (message: string) => void;
}) {
  const leadChanges = createLeadChangeRepository(options.database.db, options.timeZone);
  const contactRules = createContactRulesRepository(options.database.db);
  const unitOfWork = createUnitOfWork(options.database.db, options.events);
  return startRepeatingTask(
    overdueCallbackCheckMs,
    async () => {
      await returnOverdueCallbacks(leadChanges, contactRules, unitOfWork).catch(
        (error: unknown) => {
          options.log(
            `devolução de retornos atrasados falhou: ${error instanceof Error ? error.message : String(error)}`,
          );
        },
      );
    },
    { atStart: false },
  );
}
