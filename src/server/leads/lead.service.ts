import type { Updateable } from 'kysely';
import { z } from 'zod';
import { normaliseCpf } from '../../core/cpf.ts';
import type {
  LeadDetail,
  LeadFilter,
  LeadPage,
  LeadPersonalData,
  LeadSummary,
  NewLeadsSummary,
  updateLeadBodySchema,
} from '../../core/leads.ts';
import { normaliseBrazilianPhone } from '../../core/phone.ts';
import type { LeadsTable } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { decodeCursor, encodeCursor } from '../http/keyset-cursor.ts';
import type { BulkOperation, LeadRepository, LeadTarget } from './lead.repository.ts';

type SummaryRow = Awaited<ReturnType<LeadRepository['listPage']>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toLeadSummary(row: SummaryRow): LeadSummary {
  const { erasedAt, ...rest } = row;
  return {
    ...rest,
    assignedAt: iso(row.assignedAt),
    callbackAt: iso(row.callbackAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    erased: erasedAt !== null,
  };
}

export { decodeCursor, encodeCursor };

const emailSyntax = z.email();

export function createLeadService({ leads }: { leads: LeadRepository }) {
  async function readDetail(id: number): Promise<{ detail: LeadDetail; erasedAt: Date | null }> {
    const row = await leads.findById(id);
    if (!row) throw new AppError('NOT_FOUND', 'Lead não encontrado.');
    const [history, calls] = await Promise.all([leads.history(id), leads.calls(id)]);
    const { phoneRaw, notes, extra, registrationConfirmedAt, ...summary } = row;
    const detail: LeadDetail = {
      ...toLeadSummary(summary),
      phoneRaw,
      notes,
      extra,
      registrationConfirmedAt: iso(registrationConfirmedAt),
      history: history.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })),
      calls: calls.map((call) => ({
        ...call,
        createdAt: call.createdAt.toISOString(),
        callbackAt: iso(call.callbackAt),
      })),
    };
    return { detail, erasedAt: row.erasedAt };
  }

  const detail = async (id: number) => (await readDetail(id)).detail;

  async function personalData(id: number, now: Date): Promise<LeadPersonalData> {
    const { detail: full, erasedAt } = await readDetail(id);
    const { history, calls, ...lead } = full;
    const [batch, blocked] = await Promise.all([
      lead.batchId === null ? undefined : leads.findBatch(lead.batchId),
      lead.phone === null ? undefined : leads.findBlockedPhone(lead.phone),
    ]);
    return {
      exportedAt: now.toISOString(),
      lead: { ...lead, erasedAt: iso(erasedAt) },
      batch: batch ? { ...batch, createdAt: batch.createdAt.toISOString() } : null,
      history,
      calls,
      blockList: {
        blocked: lead.phone === null ? null : blocked !== undefined,
        reason: blocked?.reason ?? null,
        blockedAt: iso(blocked?.createdAt ?? null),
      },
    };
  }

  return {
    async list(filter: LeadFilter, cursor: string | undefined, limit: number): Promise<LeadPage> {
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rows = await leads.listPage(filter, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        leads: page.map(toLeadSummary),
        nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
      };
    },

    detail,

    personalData,

    async update(id: number, body: z.output<typeof updateLeadBodySchema>): Promise<LeadDetail> {
      const current = await leads.findById(id);
      if (!current) throw new AppError('NOT_FOUND', 'Lead não encontrado.');
      if (current.erasedAt) {
        throw new AppError(
          'CONFLICT',
          'Os dados deste lead foram apagados (LGPD): ele não pode ser editado.',
        );
      }
      const values: Updateable<LeadsTable> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.phone !== undefined) {
        const phone = normaliseBrazilianPhone(body.phone);
        if (!phone.ok) throw new AppError('BAD_REQUEST', phone.reason);
        if (await leads.phoneTakenByAnother(phone.e164, id)) {
          throw new AppError('CONFLICT', 'Já existe um lead com esse telefone.');
        }
        values.phone = phone.e164;
        values.phone_raw = body.phone;
      }
      if (body.email !== undefined) {
        if (body.email !== null && !emailSyntax.safeParse(body.email).success) {
          throw new AppError('BAD_REQUEST', 'E-mail inválido.');
        }
        values.email = body.email?.toLowerCase() ?? null;
      }
      if (body.cpf !== undefined) {
        const cpf = body.cpf === null ? null : normaliseCpf(body.cpf);
        if (cpf === undefined) throw new AppError('BAD_REQUEST', 'CPF inválido.');
        values.cpf = cpf;
      }
      if (body.city !== undefined) values.city = body.city;
      if (body.uf !== undefined) values.uf = body.uf;
      if (body.notes !== undefined) values.notes = body.notes;
      await leads.update(id, values).catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') {
          throw new AppError('CONFLICT', 'Já existe um lead com esse telefone.');
        }
        throw error;
      });
      return detail(id);
    },

    async bulk(target: LeadTarget, operation: BulkOperation, adminId: string) {
      if (operation.action === 'reassign') {
        const assessor = await leads.findUser(operation.assessorId);
        if (!assessor) throw new AppError('NOT_FOUND', 'Assessor não encontrado.');
        if (assessor.role !== 'assessor' || !assessor.active) {
          throw new AppError('BAD_REQUEST', 'Escolha um assessor ativo.');
        }
      }
      const { matched, affected } = await leads.bulk(target, operation, adminId);
      const requested = 'ids' in target ? new Set(target.ids).size : matched;
      return { affected, skipped: Math.max(requested - affected, 0) };
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

    exportRows: (filter: LeadFilter) => leads.exportRows(filter),
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
