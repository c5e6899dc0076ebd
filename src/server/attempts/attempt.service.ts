import type { z } from 'zod';
import {
  type AttemptRecord,
  type attemptListQuerySchema,
  type RecordAttemptResult,
  type recordAttemptBodySchema,
  type UndoAttemptResult,
  undoWindowSeconds,
} from '../../core/attempts.ts';
import {
  callingStatus,
  holidayLookup,
  storedCallingCalendar,
  ufOfLead,
} from '../../core/calling-windows.ts';
import {
  type AfterLastTry,
  planNextCall,
  retryKeyLabels,
  storedContactRules,
} from '../../core/contact-rules.ts';
import { callablePhones, type PhoneState, phoneStateLabels } from '../../core/lead-phones.ts';
import { type AttemptOutcome, leadStatusLabels } from '../../core/lead-status.ts';
import { leadTransitions } from '../../core/lead-transitions.ts';
import { callbackOutcomeKey, phoneStateMarkedBy } from '../../core/outcomes.ts';
import type { Role } from '../../core/roles.ts';
import type { EventPublisher } from '../events/index.ts';
import { AppError } from '../http/app-error.ts';
import { isoTime } from '../http/iso-time.ts';
import { decodeCursor, encodeCursor } from '../http/keyset-cursor.ts';
import { transitionEvent } from '../lead-transitions/index.ts';
import { type AssessorScope, scopeIds } from '../teams/index.ts';
import type {
  AttemptFilter,
  AttemptRepository,
  AttemptRow,
  CallAction,
  CallHistory,
  OutcomeChange,
  RecordedOutcome,
} from './attempt.repository.ts';
import type { MyLeadsRepository } from './my-leads.repository.ts';
import type { OutcomeUndoRepository } from './outcome-undo.repository.ts';

/** Seconds an undo is still taken after the page stops offering it. */
const undoMarginSeconds = 5;

/**
 * Who is asking, and whose calls it reaches (`scope`, decision 041): an assessor only ever
 * sees its own calls, a supervisor its teams' assessors', whatever filter they send.
 */
export interface Caller {
  id: string;
  role: Role;
  scope: AssessorScope;
}

export function scopeFilter(filter: AttemptFilter, caller: Caller): AttemptFilter {
  if (caller.role === 'admin' || caller.scope === 'all') return filter;
  if (caller.role === 'assessor') return { ...filter, assessor: caller.id };
  return { ...filter, assessors: scopeIds(caller.scope) };
}

export function toAttemptRecord(row: AttemptRow): AttemptRecord {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    leadId: row.leadId,
    leadName: row.leadName,
    leadPhone: row.leadPhone,
    assessorId: row.assessorId,
    assessorName: row.assessorName,
    outcome: row.outcome,
    channel: row.channel,
    note: row.note,
    callbackAt: isoTime(row.callbackAt),
    outsideWindowReason: row.outsideWindowReason,
    noAnswerKind: row.noAnswerKind,
    messageTemplateName: row.messageTemplateName,
  };
}

function recordedResult(recorded: Extract<RecordedOutcome, { id: number }>): RecordAttemptResult {
  return {
    attempt: toAttemptRecord(recorded),
    lead: {
      id: recorded.leadId,
      status: recorded.leadStatus,
      attempts: recorded.leadAttempts,
      callbackAt: isoTime(recorded.callbackAt),
    },
  };
}

type PlannedCall = Omit<OutcomeChange, 'leadId' | 'assessorId'>;

/**
 * What recording a call on a lead with this history changes: the calling window checked on the
 * server's clock (a reason is kept only for a call that needed one, and a call that needed one
 * does not go without), the caps and the retry rules applied (planNextCall).
 */
function planCall(
  history: CallHistory,
  body: z.output<typeof recordAttemptBodySchema>,
  callbackAt: Date | null,
  now: Date,
): PlannedCall {
  const { outcome } = body;
  const noAnswerKind = body.noAnswerKind ?? null;
  const dialled = dialledNumber(history, body.phone);
  // A number of another area code is called into its own state.
  const uf = dialled ? ufOfLead({ phone: dialled, uf: history.uf }) : undefined;
  const { rules, holidays } = storedCallingCalendar(history.calendar);
  const outside = !callingStatus(uf, now, rules, holidayLookup(holidays), history.city).allowed;
  if (outside && body.outsideWindowReason === undefined) {
    throw new AppError(
      'BAD_REQUEST',
      'Este lead está fora do horário de ligação do seu estado: informe o motivo da ligação.',
    );
  }
  const plan = planNextCall(storedContactRules(history.rules), {
    outcome,
    noAnswerKind,
    callbackAt,
    earlier: history.calls.map((call) => ({ ...call, at: new Date(call.at) })),
    handedOverAt: history.assignedAt,
    uf,
    now,
  });
  if (plan.refused !== undefined) throw new AppError('CONFLICT', plan.refused);
  // An outcome that marks the number dialled ("Número inválido", "Não conhece o titular")
  // marks it on a lead with several; the lead stays while another may be dialled.
  const markedState = phoneStateMarkedBy(outcome);
  const markedPhone =
    markedState !== null && history.phones.length > 0 && dialled
      ? { phone: dialled, state: markedState }
      : null;
  const otherCallable = callablePhones(history.phones).some((phone) => phone.phone !== dialled);
  const action =
    markedPhone && otherCallable ? 'numberMarked' : callActionOf(outcome, plan.triesSpent);
  const outcomeLabel = noAnswerKind ? retryKeyLabels[noAnswerKind] : leadStatusLabels[outcome];
  return {
    action,
    outcome,
    noAnswerKind,
    nextCall: { at: plan.nextCallAt, reason: plan.nextCallReason },
    plannedOnAttempts: history.attempts,
    channel: body.channel,
    note: body.note ? body.note : null,
    callbackAt,
    outsideWindowReason: outside ? (body.outsideWindowReason ?? null) : null,
    reason:
      action === 'recordOutcome' || action === 'scheduleCallback'
        ? `Ligação: ${outcomeLabel}`
        : action === 'numberMarked'
          ? `Ligação: ${outcomeLabel}, o lead tem outro número`
          : `${leadTransitions[action].label} (${outcomeLabel})`,
    dialledPhone: dialled,
    dials: !nothingToDial(history),
    markedPhone,
    messageTemplateId: body.messageTemplateId ?? null,
  };
}

/** Its numbers all dead or blocked since it was handed out: the call only closes the lead. */
function nothingToDial(history: CallHistory): boolean {
  return history.phones.length > 0 && callablePhones(history.phones).length === 0;
}

/** A number that reached a lead in spite of a block list, or was listed since the page loaded. */
const blockedNumberRefused =
  'Este número está numa lista de bloqueio (não ligar): a ligação não foi registrada. Ligue para outro número do lead ou peça a um administrador que o tire da sua lista.';

/**
 * The number a call dialled: the one the page names, which must be one of the lead's and still
 * callable, or the lead's main number; the main number too when none is callable any more.
 */
function dialledNumber(history: CallHistory, phone: string | undefined): string | null {
  if (nothingToDial(history)) return history.phone;
  if (phone === undefined || phone === history.phone) {
    const main = history.phones[0];
    if (main && main.state !== 'valid') return refuseNumber(main.state);
    return history.phone;
  }
  const number = history.phones.find((candidate) => candidate.phone === phone);
  if (!number) throw new AppError('BAD_REQUEST', 'Este número não é deste lead.');
  if (number.state !== 'valid') return refuseNumber(number.state);
  return number.phone;
}

function refuseNumber(state: PhoneState): never {
  throw new AppError(
    'CONFLICT',
    `Este número está marcado como "${phoneStateLabels[state]}": ligue para outro número do lead.`,
  );
}

/** The action a call applies: its outcome's, unless it spends its retry rule's last try. */
function callActionOf(outcome: AttemptOutcome, triesSpent: AfterLastTry | null): CallAction {
  if (triesSpent === 'pool') return 'lastTryToPool';
  if (triesSpent === 'recycle') return 'lastTryToRecycling';
  if (triesSpent === 'close') return 'lastTryClosed';
  return outcome === callbackOutcomeKey ? 'scheduleCallback' : 'recordOutcome';
}

export function createAttemptService({
  attempts,
  myLeads,
  undos,
  events,
  now = () => Date.now(),
}: {
  attempts: AttemptRepository;
  myLeads: MyLeadsRepository;
  undos: OutcomeUndoRepository;
  /** Where a recorded call is announced to open pages. */
  events: Pick<EventPublisher, 'publish'>;
  now?: () => number;
}) {
  return {
    /** The caller's list, as the JSON text of `MyLeads`. */
    myLeadsJson: (ownerId: string, limit: number) => myLeads.myLeadsJson(ownerId, limit),

    /**
     * Records a call by the lead's owner. The repository checks the status on the locked lead,
     * so a double submit cannot record a transition twice.
     */
    async record(
      assessorId: string,
      leadId: number,
      body: z.output<typeof recordAttemptBodySchema>,
    ): Promise<RecordAttemptResult> {
      const callbackAt = body.callbackAt ? new Date(body.callbackAt) : null;
      if (callbackAt && callbackAt.getTime() <= now()) {
        throw new AppError('BAD_REQUEST', 'A data e a hora do retorno devem estar no futuro.');
      }
      // Planned on the lead's calls, recorded only if no other call came in between; one that
      // did (a second tab, a double click) means planning again on the calls as they now are.
      for (let planning = 1; ; planning++) {
        const history = await attempts.callHistory(
          leadId,
          assessorId,
          body.messageTemplateId ?? null,
        );
        // Someone else's lead, a missing one and an erased one look alike: nothing to learn.
        if (!history) throw new AppError('NOT_FOUND', 'Lead não encontrado.');
        if (!history.templateUsable) {
          throw new AppError(
            'BAD_REQUEST',
            'Este modelo de mensagem não existe ou foi arquivado: escolha outro.',
          );
        }
        const planned = planCall(history, body, callbackAt, new Date(now()));
        const recorded = await attempts.recordOutcome({ leadId, assessorId, ...planned });
        if (!recorded) throw new AppError('NOT_FOUND', 'Lead não encontrado.');
        if (recorded.dialledBlocked) throw new AppError('CONFLICT', blockedNumberRefused);
        if (recorded.id !== null) {
          events.publish(transitionEvent(planned.action, { assessorId, leadId }));
          if (recorded.callEnded) events.publish({ type: 'agent.state', assessorId });
          return recordedResult(recorded);
        }
        if (recorded.currentAttempts !== history.attempts && planning < 3) continue;
        throw new AppError(
          'CONFLICT',
          `Este lead já tem o resultado "${leadStatusLabels[recorded.currentStatus]}" e não está mais na sua lista.`,
        );
      }
    },

    /**
     * Undoes one of the caller's calls within the window the page offers it (plus a margin for the
     * answer's way back and the click): the lead is as it was before, the call is gone.
     */
    async undo(assessorId: string, attemptId: number): Promise<UndoAttemptResult> {
      const undone = await undos.undoOutcome(
        assessorId,
        attemptId,
        undoWindowSeconds + undoMarginSeconds,
      );
      if (!undone) {
        throw new AppError(
          'NOT_FOUND',
          'Não há o que desfazer: a ligação já foi desfeita, não é sua ou o prazo acabou.',
        );
      }
      if (!undone.inTime) {
        throw new AppError(
          'CONFLICT',
          `O prazo para desfazer acabou: uma ligação pode ser desfeita por ${undoWindowSeconds} segundos.`,
        );
      }
      if (undone.leadStatus === null) {
        throw new AppError(
          'CONFLICT',
          'O lead mudou depois da ligação (outra pessoa o alterou); ela não pode mais ser desfeita.',
        );
      }
      events.publish(transitionEvent('undoOutcome', { assessorId, leadId: undone.leadId }));
      return {
        lead: {
          id: undone.leadId,
          status: undone.leadStatus,
          attempts: undone.leadAttempts ?? 0,
          callbackAt: isoTime(undone.callbackAt),
        },
      };
    },

    async list(
      caller: Caller,
      query: z.output<typeof attemptListQuerySchema>,
    ): Promise<{ attempts: AttemptRecord[]; nextCursor: string | null }> {
      const { cursor, limit, ...filter } = query;
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rows = await attempts.listPage(scopeFilter(filter, caller), after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        attempts: page.map(toAttemptRecord),
        nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
      };
    },

    exportRows: (caller: Caller, filter: AttemptFilter) =>
      attempts.exportRows(scopeFilter(filter, caller)),
  };
}
export type AttemptService = ReturnType<typeof createAttemptService>;
