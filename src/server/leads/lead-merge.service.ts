import type { MergeCandidate, MergeCandidates, MergePreview } from '../../core/lead-merge.ts';
import { stateOfOnlyNumber, stricterPhoneState } from '../../core/lead-phones.ts';
import type { LeadStatus } from '../../core/lead-status.ts';
import { leadTransitions } from '../../core/lead-transitions.ts';
import type { LeadDetail } from '../../core/leads.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { transitionEvent } from '../lead-transitions/index.ts';
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

/**
 * A lead's numbers, its main one first: its lead_phones rows, or its only number; a number on
 * a block list is "Não ligar" whatever state the lead gave it.
 */
function numbersOf(lead: MergeLeadRow): MergedPhone[] {
  if (lead.phones.length > 0) {
    return lead.phones.map(({ listed, ...number }) =>
      listed ? { ...number, state: 'do_not_call' } : number,
    );
  }
  if (!lead.phone) return [];
  return [
    {
      phone: lead.phone,
      raw: lead.phoneRaw ?? lead.phone,
      label: 'Telefone',
      whatsapp: false,
      state: lead.phoneListed ? 'do_not_call' : stateOfOnlyNumber(lead.status),
    },
  ];
}

const closedWhenListed =
  'O número principal deste lead está bloqueado: o lead mesclado ficará como "Não ligar" e nenhum dos seus números será ligado.';
const blockedStayBlocked =
  'Os números bloqueados num dos leads continuam bloqueados no lead mesclado.';

/**
 * The merged lead: the kept one's fields, the other's where the kept one has none, every
 * number of both once (the kept one's first), both leads' calls. It keeps the most restrictive
 * state of the two: a number dead or blocked on either stays so, and it is closed as "Não
 * ligar" (every number blocked) when either lead was, or when its main number is blocked.
 */
function merged(kept: MergeLeadRow, removed: MergeLeadRow) {
  const fields: MergedFields = {
    email: kept.email ?? removed.email,
    cpf: kept.cpf ?? removed.cpf,
    city: kept.city ?? removed.city,
    uf: kept.uf ?? removed.uf,
    notes: kept.notes ?? removed.notes,
  };
  const theirs = numbersOf(removed);
  const ownBefore = numbersOf(kept);
  const own = ownBefore.map((mine) => {
    const twin = theirs.find((number) => number.phone === mine.phone);
    return twin ? { ...mine, state: stricterPhoneState(mine.state, twin.state) } : mine;
  });
  const brought = theirs.filter((number) => !own.some((mine) => mine.phone === number.phone));
  const notices: string[] = [];
  let closed: { reason: string } | null = null;
  if (kept.status !== 'do_not_call' && removed.status === 'do_not_call') {
    notices.push(
      `O lead #${removed.id} está como "Não ligar": o lead mesclado também ficará como "Não ligar", sairá da lista do assessor e nenhum dos seus números será ligado.`,
    );
    closed = {
      reason: `${leadTransitions.block.label}: o lead #${removed.id}, mesclado a este, estava como "Não ligar"`,
    };
  } else if (kept.status !== 'do_not_call' && own[0]?.state === 'do_not_call') {
    notices.push(closedWhenListed);
    closed = {
      reason: `${leadTransitions.block.label}: número principal bloqueado (leads mesclados)`,
    };
  } else if (kept.status === 'do_not_call') {
    if (brought.length > 0) {
      notices.push(
        `Este lead está como "Não ligar": os números do lead #${removed.id} também não serão ligados.`,
      );
    }
    closed = { reason: `${leadTransitions.block.label}: leads mesclados` };
  }
  let phones = [...own, ...brought];
  if (closed) {
    phones = phones.map((number) => ({ ...number, state: 'do_not_call' as const }));
  } else if (
    brought.some((number) => number.state === 'do_not_call') ||
    own.some((mine, index) => mine.state !== ownBefore[index]?.state)
  ) {
    notices.push(blockedStayBlocked);
  }
  const status: LeadStatus = closed ? 'do_not_call' : kept.status;
  return {
    fields,
    phones,
    brought,
    attempts: kept.attempts + removed.attempts,
    status,
    notices,
    closed,
  };
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
        status: result.status,
        notices: result.notices,
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
            ...(result.closed ? { closedAsDoNotCall: true } : {}),
          },
        });
        const owners = [kept.ownerId, removed.ownerId].filter((id): id is string => id !== null);
        unit.publish(transitionEvent('mergeInto', { assessorIds: [...new Set(owners)] }));
      });
      return detail(keptId);
    },
  };
}
export type LeadMergeService = ReturnType<typeof createLeadMergeService>;
