import type { Updateable } from 'kysely';
import type { z } from 'zod';
import {
  exactCountLimit,
  type LeadCount,
  type LeadDetail,
  type LeadFilter,
  type LeadPage,
  type LeadPersonalData,
  type LeadSort,
  type LeadSummary,
  type NewLeadsSummary,
  type updateLeadBodySchema,
} from '../../core/leads.ts';
import { normaliseBrazilianPhone } from '../../core/phone.ts';
import { type AuditTrail, filterForAudit, maskPersonalData } from '../audit/index.ts';
import type { LeadsTable } from '../db/schema.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { isoTime } from '../http/iso-time.ts';
import {
  decodeCursor,
  decodeNameCursor,
  encodeCursor,
  encodeNameCursor,
} from '../http/keyset-cursor.ts';
import type { AssessorScope } from '../teams/index.ts';
import type { LeadRepository } from './lead.repository.ts';
import type { BulkOperation, LeadChangeRepository, LeadTarget } from './lead-change.repository.ts';
import type { LeadExportRepository } from './lead-export.repository.ts';
import {
  checkBulkOperation,
  leadInScope,
  leadNotFound,
  scopedFilter,
  scopedTarget,
} from './lead-scope.ts';

type SummaryRow = Awaited<ReturnType<LeadRepository['listPage']>>[number];

export function toLeadSummary(row: SummaryRow): LeadSummary {
  const { erasedAt, ...rest } = row;
  return {
    ...rest,
    assignedAt: isoTime(row.assignedAt),
    callbackAt: isoTime(row.callbackAt),
    lastCallAt: isoTime(row.lastCallAt),
    lastCallOutcome: row.lastCallOutcome ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    erased: erasedAt !== null,
  };
}

export { decodeCursor, encodeCursor };

/** The lead's fields an admin corrects on its page. */
const editableFields = ['name', 'phone', 'email', 'cpf', 'city', 'uf', 'notes'] as const;
type EditableField = (typeof editableFields)[number];
/** A state's code says nothing of the person: the log keeps it as it is. */
const unmaskedFields: readonly EditableField[] = ['uf'];

/** The fields a correction really changes, each from and to, masked as the audit log keeps them. */
function changesOf(
  current: Record<EditableField, string | null>,
  values: Partial<Record<EditableField, string | null>>,
): Record<string, { from: string | null; to: string | null }> {
  const changes: Record<string, { from: string | null; to: string | null }> = {};
  for (const field of editableFields) {
    const value = values[field];
    if (value === undefined || value === current[field]) continue;
    const shown = unmaskedFields.includes(field) ? (text: string | null) => text : maskPersonalData;
    changes[field] = { from: shown(current[field]), to: shown(value) };
  }
  return changes;
}

export function createLeadService({
  leads,
  leadChanges,
  exports,
  unitOfWork,
}: {
  leads: LeadRepository;
  leadChanges: LeadChangeRepository;
  exports: LeadExportRepository;
  unitOfWork: RunUnitOfWork;
}) {
  async function readDetail(
    id: number,
    scope: AssessorScope = 'all',
  ): Promise<{ detail: LeadDetail; erasedAt: Date | null }> {
    const row = await leads.findById(id);
    if (!row || !leadInScope(scope, row.ownerId)) throw leadNotFound();
    const [phones, history, calls] = await Promise.all([
      leads.phones(id),
      leads.history(id),
      leads.calls(id),
    ]);
    const { phoneRaw, notes, extra, registrationConfirmedAt, legalBasis, ...summary } = row;
    const detail: LeadDetail = {
      ...toLeadSummary(summary),
      phoneRaw,
      notes,
      extra,
      registrationConfirmedAt: isoTime(registrationConfirmedAt),
      legalBasis: legalBasis ?? null,
      phones,
      history: history.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })),
      calls: calls.map((call) => ({
        ...call,
        createdAt: call.createdAt.toISOString(),
        callbackAt: isoTime(call.callbackAt),
      })),
    };
    return { detail, erasedAt: row.erasedAt };
  }

  /** One lead with its history and calls; outside the caller's scope it is not found. */
  const detail = async (id: number, scope: AssessorScope = 'all') =>
    (await readDetail(id, scope)).detail;

  async function personalData(id: number, now: Date): Promise<LeadPersonalData> {
    const { detail: full, erasedAt } = await readDetail(id);
    const { history, calls, ...lead } = full;
    const [batch, blocked] = await Promise.all([
      lead.batchId === null ? undefined : leads.findBatch(lead.batchId),
      lead.phone === null ? undefined : leads.findBlockedPhone(lead.phone),
    ]);
    return {
      exportedAt: now.toISOString(),
      lead: { ...lead, erasedAt: isoTime(erasedAt) },
      batch: batch ? { ...batch, createdAt: batch.createdAt.toISOString() } : null,
      history,
      calls,
      blockList: {
        blocked: lead.phone === null ? null : blocked !== undefined,
        reason: blocked?.reason ?? null,
        blockedAt: isoTime(blocked?.createdAt ?? null),
      },
    };
  }

  return {
    async count(requested: LeadFilter, scope: AssessorScope = 'all'): Promise<LeadCount> {
      const filter = scopedFilter(requested, scope);
      const counted = await leads.countUpTo(filter, exactCountLimit);
      if (counted <= exactCountLimit) return { count: counted, exact: true };
      return { count: Math.max(await leads.estimateCount(filter), counted), exact: false };
    },

    async list(
      requested: LeadFilter,
      { sort, cursor }: { sort: LeadSort; cursor: string | undefined },
      limit: number,
      scope: AssessorScope = 'all',
    ): Promise<LeadPage> {
      const filter = scopedFilter(requested, scope);
      if (sort === 'name') {
        const rows = await leads.listPageByName(
          filter,
          cursor ? decodeNameCursor(cursor) : undefined,
          limit + 1,
        );
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        return {
          leads: page.map(toLeadSummary),
          nextCursor: rows.length > limit && last ? encodeNameCursor(last.sortName, last.id) : null,
        };
      }
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rows = await leads.listPage(
        filter,
        after,
        limit + 1,
        sort === 'oldest' ? 'asc' : 'desc',
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        leads: page.map(toLeadSummary),
        nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
      };
    },

    detail,

    personalData,

    /**
     * An admin's correction of a lead's data, as one unit of work: audited as "Lead alterado"
     * with the fields that changed (their values masked) and announced to the owner's list.
     */
    async update(
      id: number,
      body: z.output<typeof updateLeadBodySchema>,
      audit: AuditTrail,
    ): Promise<LeadDetail> {
      const values: Partial<Record<EditableField, string | null>> & { phone_raw?: string } = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.phone !== undefined) {
        const phone = normaliseBrazilianPhone(body.phone);
        if (!phone.ok) throw new AppError('BAD_REQUEST', phone.reason);
        values.phone = phone.e164;
        values.phone_raw = body.phone;
      }
      // The body schema has already checked and normalised the e-mail and the CPF.
      if (body.email !== undefined) values.email = body.email;
      if (body.cpf !== undefined) values.cpf = body.cpf;
      if (body.city !== undefined) values.city = body.city;
      if (body.uf !== undefined) values.uf = body.uf;
      if (body.notes !== undefined) values.notes = body.notes;
      await unitOfWork(audit, async (unit) => {
        const repository = leads.within(unit.trx);
        const current = await repository.lockForEdit(id);
        if (!current) throw new AppError('NOT_FOUND', 'Lead não encontrado.');
        if (current.erasedAt) {
          throw new AppError(
            'CONFLICT',
            'Os dados deste lead foram apagados (LGPD): ele não pode ser editado.',
          );
        }
        if (values.phone && values.phone !== current.phone) {
          if (await repository.phoneTakenByAnother(values.phone, id)) {
            throw new AppError('CONFLICT', 'Já existe um lead com esse telefone.');
          }
          if (await repository.phoneIsBlocked(values.phone)) {
            throw new AppError(
              'CONFLICT',
              'Este telefone está numa lista de bloqueio: ele não pode ser o telefone do lead.',
            );
          }
        }
        const changes = changesOf(current, values);
        if (Object.keys(changes).length === 0 && values.phone_raw === undefined) return;
        await repository.update(id, values as Updateable<LeadsTable>).catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') {
            throw new AppError('CONFLICT', 'Já existe um lead com esse telefone.');
          }
          throw error;
        });
        if (Object.keys(changes).length === 0) return;
        await unit.audit({
          action: 'lead.updated',
          target: { type: 'lead', id },
          details: { changes },
        });
        unit.publish({
          type: 'leads.changed',
          assessorIds: current.ownerId ? [current.ownerId] : [],
        });
      });
      return detail(id);
    },

    /** A bulk action; a supervisor's scope narrows it (see lead-scope.ts). */
    async bulk(
      chosen: LeadTarget,
      operation: BulkOperation,
      adminId: string,
      audit: AuditTrail,
      scope: AssessorScope = 'all',
    ) {
      checkBulkOperation(operation, scope);
      if (operation.action === 'reassign') {
        const assessor = await leads.findUser(operation.assessorId);
        if (!assessor) throw new AppError('NOT_FOUND', 'Assessor não encontrado.');
        if (assessor.role !== 'assessor' || !assessor.active) {
          throw new AppError('BAD_REQUEST', 'Escolha um assessor ativo.');
        }
      }
      return unitOfWork(audit, async (unit) => {
        const changes = leadChanges.within(unit.trx);
        const target = await scopedTarget(chosen, scope, changes);
        const { matched, affected, event } = await changes.bulk(target, operation, adminId);
        const requested = 'ids' in target ? new Set(target.ids).size : matched;
        const result = { affected, skipped: Math.max(requested - affected, 0) };
        if (affected > 0) unit.publish(event);
        if (operation.action === 'erase') {
          const ids = 'ids' in target ? [...new Set(target.ids)] : [];
          await unit.audit({
            action: 'lead.erased',
            target: ids.length === 1 ? { type: 'lead', id: ids[0] as number } : undefined,
            details: {
              ...result,
              ...('filter' in target
                ? { filter: filterForAudit(target.filter) }
                : { chosen: ids.length }),
            },
          });
        }
        return result;
      });
    },

    async newSummary(): Promise<NewLeadsSummary> {
      const { counts, batches, notAllNew } = await leads.newSummary();
      const perBatch = new Map<number, number>();
      const perSource = new Map<string | null, number>();
      let total = 0;
      for (const row of counts) {
        total += row.count;
        if (row.batchId !== null) {
          perBatch.set(row.batchId, (perBatch.get(row.batchId) ?? 0) + row.count);
        }
        perSource.set(row.source, (perSource.get(row.source) ?? 0) + row.count);
      }
      return {
        total,
        byBatch: batches.map((batch) => ({
          batchId: batch.id,
          fileName: batch.fileName,
          source: batch.source,
          createdAt: batch.createdAt.toISOString(),
          count: perBatch.get(batch.id) ?? 0,
          allNew: !notAllNew.has(batch.id),
        })),
        bySource: [...perSource]
          .map(([source, count]) => ({ source, count }))
          .sort((a, b) => b.count - a.count),
      };
    },

    exportRows: (filter: LeadFilter, scope: AssessorScope = 'all') =>
      exports.exportRows(scopedFilter(filter, scope)),
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
