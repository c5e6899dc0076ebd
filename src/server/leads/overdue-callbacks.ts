import type { ContactRulesRepository } from '../contact-rules/contact-rules.repository.ts';
import { publishEvent } from '../events/publish-event.ts';
import type { LeadChangeRepository } from './lead-change.repository.ts';

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
): Promise<number> {
  const rules = await contactRules.current();
  if (!rules.overdueCallbacks.returnToPool) return 0;
  const { affected, ownerIds } = await leadChanges.bulk(
    { filter: { overdueCallbacks: true } },
    { action: 'returnToPool' },
    null,
  );
  if (ownerIds.length > 0) {
    await publishEvent(leadChanges.db, { type: 'leads.changed', assessorIds: ownerIds });
  }
  return affected;
}
