import type { LeadField } from '../../core/imports.ts';
import type {
  InjectedLead,
  InjectionResult,
  InjectionResultKind,
  InjectLeadsResult,
} from '../../core/lead-injection.ts';
import { injectionResults } from '../../core/lead-injection.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { normaliseRow, type RowLayout } from '../imports/index.ts';
import { transitionEvent } from '../lead-transitions/index.ts';
import type { InjectionRow, LeadInjectionRepository } from './lead-injection.repository.ts';

/** Who sends the leads: they are recorded with its name as their source. */
export interface InjectingIntegration {
  tokenId: number;
  name: string;
}

export interface Idempotency {
  key: string;
  requestHash: string;
}

/** An answer as the route sends it; `replayed` when it is the stored answer of a retry. */
export interface InjectionAnswer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

const fieldColumns: [keyof InjectedLead & LeadField, string][] = [
  ['name', 'Nome'],
  ['email', 'E-mail'],
  ['cpf', 'CPF'],
  ['city', 'Cidade'],
  ['uf', 'UF'],
  ['notes', 'Observações'],
];

/** A lead sent by API as a row of a file with its columns, read by the import's own checks. */
function asFileRow(lead: InjectedLead): { cells: string[]; layout: RowLayout } {
  const layout: RowLayout = { columns: [], fieldIndex: {}, phoneIndexes: [], extraIndexes: [] };
  const cells: string[] = [];
  const add = (column: string, value: string) => {
    layout.columns.push(column);
    cells.push(value);
    return cells.length - 1;
  };
  for (const [field, column] of fieldColumns) {
    const value = lead[field];
    if (value !== undefined) layout.fieldIndex[field] = add(column, value);
  }
  layout.phoneIndexes.push({ index: add('Telefone', lead.phone), whatsapp: false });
  if (lead.whatsapp !== undefined) {
    layout.phoneIndexes.push({ index: add('WhatsApp', lead.whatsapp), whatsapp: true });
  }
  (lead.otherPhones ?? []).forEach((phone, position) => {
    layout.phoneIndexes.push({ index: add(`Telefone ${position + 2}`, phone), whatsapp: false });
  });
  for (const [column, value] of Object.entries(lead.extra ?? {})) {
    layout.extraIndexes.push(add(column, value));
  }
  return { cells, layout };
}

function countsOf(results: InjectionResult[]): InjectLeadsResult['counts'] {
  const counts = Object.fromEntries(injectionResults.map((kind) => [kind, 0])) as Record<
    InjectionResultKind,
    number
  >;
  for (const result of results) counts[result.result]++;
  return counts;
}

export function createLeadInjectionService({
  injection,
  unitOfWork,
}: {
  injection: LeadInjectionRepository;
  unitOfWork: RunUnitOfWork;
}) {
  return {
    /**
     * Makes the leads sent, each answered with what became of it. With an idempotency key,
     * a retry of the same request gets the first answer again and changes nothing; the key
     * with another request is refused.
     */
    async inject<T>(
      leads: InjectedLead[],
      integration: InjectingIntegration,
      idempotency: Idempotency | undefined,
      audit: AuditTrail,
      answer: (result: InjectLeadsResult) => { statusCode: number; body: T },
    ): Promise<InjectionAnswer<T>> {
      return unitOfWork(audit, async (unit) => {
        if (idempotency) {
          const earlier = await injection.claimKey(
            unit.trx,
            integration.tokenId,
            idempotency.key,
            idempotency.requestHash,
          );
          if (earlier !== 'claimed') {
            if (earlier.requestHash !== idempotency.requestHash) {
              throw new AppError('IDEMPOTENCY_KEY_REUSED');
            }
            return { statusCode: earlier.statusCode, body: earlier.response as T, replayed: true };
          }
        }
        const results = await makeLeads(unit.trx, leads, integration.name);
        const counts = countsOf(results);
        await unit.audit({
          action: 'lead.injected',
          details: {
            source: integration.name,
            sent: leads.length,
            inserted: counts.created,
            existing: counts.existing,
            duplicates: counts.duplicate,
            blocked: counts.blocked,
            rejected: counts.rejected,
          },
        });
        if (counts.created > 0) unit.publish(transitionEvent('import', {}));
        const answered = answer({ results, counts });
        if (idempotency) {
          await injection.storeAnswer(
            unit.trx,
            integration.tokenId,
            idempotency.key,
            answered.statusCode,
            answered.body,
          );
        }
        return { ...answered, replayed: false };
      });
    },
  };

  async function makeLeads(
    trx: Parameters<LeadInjectionRepository['insert']>[0],
    leads: InjectedLead[],
    source: string,
  ): Promise<InjectionResult[]> {
    const results: InjectionResult[] = leads.map((lead, index) => ({
      index,
      externalId: lead.externalId ?? null,
      result: 'rejected',
      leadId: null,
      message: null,
    }));
    // A later lead of the batch repeating an earlier one's external id or number: its twin.
    const twinOf = new Map<number, { index: number; kind: 'existing' | 'duplicate' }>();
    const seenIds = new Map<string, number>();
    const seenNumbers = new Map<string, number>();
    const rows: InjectionRow[] = [];
    for (const [index, lead] of leads.entries()) {
      const { cells, layout } = asFileRow(lead);
      const row = normaliseRow(cells, layout);
      const result = results[index] as InjectionResult;
      if (!row.ok) {
        result.message = row.reason;
        continue;
      }
      if (row.warnings.length > 0) result.message = row.warnings.join(' ');
      const numbers = row.lead.phones?.map((number) => number.phone) ?? [row.lead.phone];
      const sameId = lead.externalId === undefined ? undefined : seenIds.get(lead.externalId);
      const sameNumber = numbers
        .map((number) => seenNumbers.get(number))
        .find((i) => i !== undefined);
      if (sameId !== undefined || sameNumber !== undefined) {
        twinOf.set(
          index,
          sameId !== undefined
            ? { index: sameId, kind: 'existing' }
            : { index: sameNumber as number, kind: 'duplicate' },
        );
        continue;
      }
      if (lead.externalId !== undefined) seenIds.set(lead.externalId, index);
      for (const number of numbers) seenNumbers.set(number, index);
      rows.push({
        index,
        external_id: lead.externalId ?? null,
        name: row.lead.name,
        phone: row.lead.phone,
        phone_raw: row.lead.phoneRaw,
        email: row.lead.email,
        cpf: row.lead.cpf,
        city: row.lead.city,
        uf: row.lead.uf,
        notes: row.lead.notes,
        extra: row.lead.extra,
        phones: row.lead.phones,
        other_phones: row.lead.phones?.slice(1).map((number) => number.phone) ?? null,
      });
    }

    // A known external id stops the insert (its unique index) and is told apart by explain().
    const made = rows.length > 0 ? await injection.insert(trx, rows, source) : new Map();
    const notMade = rows.filter((row) => !made.has(row.index));
    for (const [index, id] of made) {
      Object.assign(results[index] as InjectionResult, { result: 'created', leadId: id });
    }
    for (const why of await injection.explain(trx, notMade, source)) {
      const result = results[why.index] as InjectionResult;
      if (why.existingId !== null)
        Object.assign(result, { result: 'existing', leadId: why.existingId });
      else if (why.blocked) {
        Object.assign(result, {
          result: 'blocked',
          message: 'Telefone na lista de bloqueio: o lead não foi incluído.',
        });
      } else Object.assign(result, { result: 'duplicate', leadId: why.duplicateOf });
    }
    for (const [index, twin] of twinOf) {
      const first = results[twin.index] as InjectionResult;
      Object.assign(results[index] as InjectionResult, { result: twin.kind, leadId: first.leadId });
    }
    return results;
  }
}
export type LeadInjectionService = ReturnType<typeof createLeadInjectionService>;
