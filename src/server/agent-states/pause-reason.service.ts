import type { PauseReason, PauseReasonInput, PauseReasonUpdate } from '../../core/agent-states.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import type {
  PauseReasonChange,
  PauseReasonRepository,
  PauseReasonRow,
} from './pause-reason.repository.ts';

export function toPauseReason(row: PauseReasonRow): PauseReason {
  return { id: row.id, name: row.name, limitMinutes: row.limit_minutes, active: row.active };
}

const reasonTarget = (id: number) => ({ type: 'pause_reason', id });

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
const nameTaken = () => new AppError('CONFLICT', 'Já existe um motivo de pausa com este nome.');

/** What an update really changes, each field as it was and as it becomes. */
function changedFields(row: PauseReasonRow, change: PauseReasonChange) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (change.name !== undefined && change.name !== row.name) {
    changes.name = { from: row.name, to: change.name };
  }
  if (change.limitMinutes !== undefined && change.limitMinutes !== row.limit_minutes) {
    changes.limitMinutes = { from: row.limit_minutes, to: change.limitMinutes };
  }
  if (change.active !== undefined && change.active !== row.active) {
    changes.active = { from: row.active, to: change.active };
  }
  return changes;
}

/**
 * The admins' pause reasons. None is ever deleted, since the state log names them: an old one is
 * retired (`active: false`) and the pause menu no longer offers it.
 */
export function createPauseReasonService({
  reasons,
  unitOfWork,
}: {
  reasons: PauseReasonRepository;
  unitOfWork: RunUnitOfWork;
}) {
  return {
    list: async (withRetired: boolean) => ({
      reasons: (await reasons.list(withRetired)).map(toPauseReason),
    }),

    async create(input: PauseReasonInput, audit: AuditTrail): Promise<PauseReason> {
      try {
        return await unitOfWork(audit, async (unit) => {
          const row = await reasons.within(unit.trx).create(input);
          await unit.audit({
            action: 'pause_reason.created',
            target: reasonTarget(row.id),
            details: { name: row.name, limitMinutes: row.limit_minutes, active: row.active },
          });
          return toPauseReason(row);
        });
      } catch (error) {
        throw isUniqueViolation(error) ? nameTaken() : error;
      }
    },

    async update(id: number, change: PauseReasonUpdate, audit: AuditTrail): Promise<PauseReason> {
      try {
        return await unitOfWork(audit, async (unit) => {
          const repository = reasons.within(unit.trx);
          const row = await repository.lockedById(id);
          if (!row) throw new AppError('NOT_FOUND', 'Motivo de pausa não encontrado.');
          const changes = changedFields(row, change);
          if (Object.keys(changes).length === 0) return toPauseReason(row);
          const updated = await repository.update(id, change);
          await unit.audit({
            action: 'pause_reason.updated',
            target: reasonTarget(id),
            details: { name: updated.name, changes },
          });
          return toPauseReason(updated);
        });
      } catch (error) {
        throw isUniqueViolation(error) ? nameTaken() : error;
      }
    },
  };
}
export type PauseReasonService = ReturnType<typeof createPauseReasonService>;
