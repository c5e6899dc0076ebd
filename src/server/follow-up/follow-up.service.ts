import type { z } from 'zod';
import type { FollowUpLead, followUpQuerySchema } from '../../core/attempts.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../http/keyset-cursor.ts';
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

export function createFollowUpService({ followUp, unitOfWork }: FollowUpServiceDeps) {
  return {
    async list(query: z.output<typeof followUpQuerySchema>) {
      const { cursor, limit, ...filter } = query;
      const after = cursor ? decodeTimeCursor(cursor) : undefined;
      const rows = await followUp.listPage(filter, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        leads: page.map(toFollowUpLead),
        nextCursor:
          rows.length > limit && last ? encodeTimeCursor(last.acceptedAtKey, last.id) : null,
      };
    },

    async confirmRegistration(id: number, confirmed: boolean): Promise<FollowUpLead> {
      await unitOfWork(null, async (unit) => {
        if (!(await followUp.setRegistrationConfirmed(unit.trx, id, confirmed))) {
          throw new AppError('NOT_FOUND', 'Lead aceito não encontrado.');
        }
        unit.publish({ type: 'leads.changed', assessorIds: [] });
      });
      const row = await followUp.findGreen(id);
      if (!row) throw new AppError('NOT_FOUND', 'Lead aceito não encontrado.');
      return toFollowUpLead(row);
    },

    exportRows: (filter: FollowUpFilter) => followUp.exportRows(filter),
  };
}
export type FollowUpService = ReturnType<typeof createFollowUpService>;
