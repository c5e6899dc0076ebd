import type { MergeCandidate, MergeCandidates, MergePreview } from '../../core/lead-merge.ts';
import { stateOfOnlyNumber } from '../../core/lead-phones.ts';
import { leadTransitions } from '../../core/lead-transitions.ts';
import type { LeadDetail } from '../../core/leads.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import type {
  LeadMergeRepository,
  MergeCandidateRow,
  MergedFields,
  MergedPhone,
  MergeLeadRow,
} from './lead-merge.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Lead não encontrado.');

function toCandidate(row: MergeCandidateRow): MergeCandidate {
  return {
    ...row,
    name: row.name ?? '',
    phone: row.phone ?? '',
    createdAt: row.createdAt.toISOString(),
  };
}

/** A lead's numbers, its main one first: its lead_phones rows, or its only number. */
function numbersOf(lead: MergeLeadRow): MergedPhone[] {
  if (lead.phones.length > 0) return lead.phones;
  if (!lead.phone) return [];
  return [
    {
      phone: lead.phone,
      raw: lead.phoneRaw ?? lead.phone,
      label: 'Telefone',
      whatsapp: false,
      state: stateOfOnlyNumber(lead.status),
    },
  ];
}

/**
 * The merged lead: the kept one's fields, the other's where the kept one has none, every
 * number of both once (the kept one's first), both leads' calls.
 */
function merged(kept: MergeLeadRow, removed: MergeLeadRow) {
  const fields: MergedFields = {
    email: kept.email ?? removed.email,
    cpf: kept.cpf ?? removed.cpf,
    city: kept.city ?? removed.city,
    uf: kept.uf ?? removed.uf,
    notes: kept.notes ?? removed.notes,
  };
  const own = numbersOf(kept);
  const brought = numbersOf(removed).filter(
    (number) => !own.some((mine) => mine.phone === number.phone),
  );
  const phones = [...own, ...brought];
  return { fields, phones, brought, attempts: kept.attempts + removed.attempts };
}

/** The pair as a merge needs it, or why it cannot be merged. */
function checkedPair(rows: MergeLeadRow[], keptId: number, removedId: number) {
  if (keptId === removedId) {
    throw new AppError('BAD_REQUEST', 'Escolha outro lead para mesclar com este.');
  }
  const kept = rows.find((row) => row.id === keptId);
  const removed = rows.find((row) => row.id === removedId);
  if (!kept || !removed) throw notFound();
  if (kept.erasedAt || removed.erasedAt) {
    throw new AppError(
      'CONFLICT',
      'Os dados de um destes leads foram apagados (LGPD): eles não podem ser mesclados.',
    );
  }
  const sameCpf = kept.cpf !== null && kept.cpf === removed.cpf;
  const keptNumbers = numbersOf(kept).map((number) => number.phone);
  const shareNumber = numbersOf(removed).some((number) => keptNumbers.includes(number.phone));
  if (!sameCpf && !shareNumber) {
    throw new AppError(
      'CONFLICT',
      'Só leads com o mesmo CPF ou com um telefone em comum podem ser mesclados.',
    );
  }
  return { kept, removed };
}

export function createLeadMergeService({
  merges,
  unitOfWork,
  detail,
}: {
  merges: LeadMergeRepository;
  unitOfWork: RunUnitOfWork;
  /** The kept lead's page after the merge. */
  detail: (id: number) => Promise<LeadDetail>;
}) {
  return {
    async candidates(leadId: number): Promise<MergeCandidates> {
      const rows = await merges.candidates(leadId);
      return { candidates: rows.map(toCandidate) };
    },

    async preview(keptId: number, removedId: number): Promise<MergePreview> {
      const rows = await merges.pair([keptId, removedId], false);
      const { kept, removed } = checkedPair(rows, keptId, removedId);
      const result = merged(kept, removed);
      return {
        kept: toCandidate(kept),
        removed: toCandidate(removed),
        lead: { name: kept.name ?? '', ...result.fields },
        phones: result.phones.map(({ raw: _, ...phone }) => phone),
        callsMoved: removed.calls,
        attempts: result.attempts,
      };
    },

    /** Merges `removedId` into `keptId` in one transaction, with its audit row. */
    async merge(
      keptId: number,
      removedId: number,
      adminId: string,
      audit: AuditTrail,
    ): Promise<LeadDetail> {
      await unitOfWork(audit, async (unit) => {
        const repository = merges.within(unit.trx);
        const rows = await repository.pair([keptId, removedId], true);
        const { kept, removed } = checkedPair(rows, keptId, removedId);
        const result = merged(kept, removed);
        const reason = `${leadTransitions.mergeInto.label}: lead #${removed.id} juntou-se a este`;
        await repository.merge(kept, removed.id, result, adminId, reason);
        await unit.audit({
          action: 'lead.merged',
          target: { type: 'lead', id: kept.id },
          details: {
            mergedLeadId: removed.id,
            numbersAdded: result.brought.length,
            callsMoved: removed.calls,
          },
        });
        const owners = [kept.ownerId, removed.ownerId].filter((id): id is string => id !== null);
        unit.publish({ type: 'leads.changed', assessorIds: [...new Set(owners)] });
      });
      return detail(keptId);
    },
  };
}
export type LeadMergeService = ReturnType<typeof createLeadMergeService>;
