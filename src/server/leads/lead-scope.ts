import type { LeadFilter } from '../../core/leads.ts';
import { AppError } from '../http/app-error.ts';
import { type AssessorScope, scopeHolds, scopeIds } from '../teams/index.ts';
import type { BulkOperation, LeadChangeRepository, LeadTarget } from './lead-change.repository.ts';
import type { ScopedLeadFilter } from './lead-filter.sql.ts';

/**
 * A supervisor reaches the leads its teams' assessors own, and nothing else: the pool and
 * another team's leads are absent from its lists and answer 404 one by one (docs/decisions/041).
 * An administrator's scope is `all` and changes nothing.
 */

export const leadNotFound = () => new AppError('NOT_FOUND', 'Lead não encontrado.');

/** The filter narrowed to the scope's owners. */
export function scopedFilter(filter: LeadFilter, scope: AssessorScope): ScopedLeadFilter {
  return scope === 'all' ? filter : { ...filter, owners: scopeIds(scope) };
}

/** Whether the scope reaches a lead of this owner (a pool lead has none). */
export function leadInScope(scope: AssessorScope, ownerId: string | null): boolean {
  return scopeHolds(scope, ownerId);
}

/**
 * A supervisor's bulk action: only "devolver ao pool" and "redistribuir" to one of its own
 * assessors; "não ligar" and erasing data stay an administrator's, as the block lists and the
 * LGPD requests are. Refused before anything changes.
 */
export function checkBulkOperation(operation: BulkOperation, scope: AssessorScope): void {
  if (scope === 'all') return;
  if (operation.action === 'doNotCall' || operation.action === 'erase') {
    throw new AppError(
      'FORBIDDEN',
      'Um supervisor só devolve leads ao pool ou os redistribui entre os assessores das suas equipes.',
    );
  }
  if (operation.action === 'reassign' && !scopeHolds(scope, operation.assessorId)) {
    throw new AppError(
      'FORBIDDEN',
      'Este assessor não é de uma das suas equipes: escolha um assessor da sua equipe.',
    );
  }
}

/**
 * The target narrowed to the scope. Chosen leads must all be the scope's: one that is not
 * (another team's, the pool's, or none at all) refuses the whole action with 404, inside the
 * unit of work, so nothing changes.
 */
export async function scopedTarget(
  target: LeadTarget,
  scope: AssessorScope,
  changes: Pick<LeadChangeRepository, 'countOwned'>,
): Promise<LeadTarget> {
  if (scope === 'all') return target;
  const owners = scopeIds(scope);
  if (!('ids' in target)) return { filter: { ...target.filter, owners } };
  const chosen = [...new Set(target.ids)];
  if ((await changes.countOwned(chosen, owners)) !== chosen.length) throw leadNotFound();
  return { ids: chosen, owners };
}
