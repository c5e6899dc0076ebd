import type { z } from 'zod';
import type { FollowUpLead, followUpQuerySchema } from '../../core/attempts.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../http/keyset-cursor.ts';
import { type AssessorScope, scopeIds } from '../teams/index.ts';
import type { FollowUpFilter, FollowUpRepository, FollowUpRow } from './follow-up.repository.ts';

function toFollowUpLead(row: FollowUpRow): FollowUpLead {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    cpf: row.cpf,
    city: row.city,
    uf: row.uf,
    assessorId: row.assessorId,
    assessorName: row.assessorName,
    acceptedAt: row.acceptedAt.toISOString(),
    lastNote: row.lastNote,
    registrationConfirmedAt: row.registrationConfirmedAt?.toISOString() ?? null,
  };
}

export interface FollowUpServiceDeps {
  followUp: FollowUpRepository;
  unitOfWork: RunUnitOfWork;
}

/** The owners a scope narrows to; undefined for all (decision 041). */
const ownersOf = (scope: AssessorScope) => (scope === 'all' ? undefined : scopeIds(scope));

/**
 * A supervisor reaches its teams' assessors' accepted leads only: the others are absent from
 * its list and export, and marking one answers 404 with nothing changed.
 */
export function createFollowUpService({ followUp, unitOfWork }: FollowUpServiceDeps) {
  return {
    async list(query: z.output<typeof followUpQuerySchema>, scope: AssessorScope = 'all') {
      const { cursor, limit, ...filter } = query;
      const after = cursor ? decodeTimeCursor(cursor) : undefined;
      const rows = await followUp.listPage(
        { ...filter, owners: ownersOf(scope) },
        after,
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        leads: page.map(toFollowUpLead),
        nextCursor:
          rows.length > limit && last ? encodeTimeCursor(last.acceptedAtKey, last.id) : null,
      };
    },

    async confirmRegistration(
      id: number,
      confirmed: boolean,
      scope: AssessorScope = 'all',
    ): Promise<FollowUpLead> {
      const owners = ownersOf(scope);
      await unitOfWork(null, async (unit) => {
        if (!(await followUp.setRegistrationConfirmed(unit.trx, id, confirmed, owners))) {
          throw new AppError('NOT_FOUND', 'Lead aceito não encontrado.');
        }
        unit.publish({ type: 'leads.changed', assessorIds: [] });
      });
      const row = await followUp.findGreen(id);
      if (!row) throw new AppError('NOT_FOUND', 'Lead aceito não encontrado.');
      return toFollowUpLead(row);
    },

    exportRows: (filter: FollowUpFilter, scope: AssessorScope = 'all') =>
      followUp.exportRows({ ...filter, owners: ownersOf(scope) }),
  };
}
export type FollowUpService = ReturnType<typeof createFollowUpService>;
