import { z } from 'zod';
import { type NoAnswerKind, nextCallReasons, noAnswerKindSchema } from './contact-rules.ts';
import { leadNumberSchema } from './lead-phones.ts';
import { type AttemptOutcome, attemptOutcomes, leadStatusSchema } from './lead-status.ts';
import { channelSchema } from './leads.ts';
import { callbackOutcomeKey, outcomeKinds, outcomeOf, outcomeRegistry } from './outcomes.ts';
import { requiredText } from './required-text.ts';

export const attemptOutcomeSchema = z.enum(attemptOutcomes);

/**
 * The outcome buttons of the assessor's page, in order, with their keyboard key: each outcome,
 * followed by the kinds it ends in ("Ocupado" and "Caixa postal" are a "Não atendeu" whose
 * retry rule is their own).
 */
export interface OutcomeChoice {
  outcome: AttemptOutcome;
  noAnswerKind?: NoAnswerKind;
  label: string;
  key: string;
}
export const outcomeButtons: OutcomeChoice[] = outcomeRegistry.flatMap((outcome) => [
  { outcome: outcome.key, label: outcome.label, key: outcome.shortcut },
  ...outcomeKinds
    .filter((kind) => kind.outcome === outcome.key)
    .map((kind) => ({
      outcome: outcome.key,
      noAnswerKind: kind.key,
      label: kind.label,
      key: kind.shortcut,
    })),
]);

const kindOutcome = (kind: NoAnswerKind) =>
  outcomeKinds.find((candidate) => candidate.key === kind)?.outcome;
/** '"Ocupado" e "Caixa postal" só valem para "Não atendeu".' */
const kindsMessage = `${outcomeKinds.map((kind) => `"${kind.label}"`).join(' e ')} só valem para ${[
  ...new Set(outcomeKinds.map((kind) => `"${outcomeOf(kind.outcome).label}"`)),
].join(' ou ')}.`;

/**
 * `POST /api/leads/{id}/attempts`. `callbackAt` is required for "Retornar" (`callbackOutcomeKey`)
 * and refused otherwise.
 */
export const recordAttemptBodySchema = z
  .strictObject({
    outcome: attemptOutcomeSchema,
    channel: channelSchema.default('phone'),
    note: z
      .string()
      .trim()
      .max(2000, { error: 'A observação deve ter no máximo 2000 caracteres.' })
      .optional(),
    callbackAt: z.iso
      .datetime({ offset: true, error: 'Data e hora do retorno inválidas.' })
      .optional(),
    /** How a "Não atendeu" went, when the line was busy or a voicemail answered. */
    noAnswerKind: noAnswerKindSchema.optional(),
    /** The number dialled (E.164), for a lead with several; its main number when left out. */
    phone: z.string().max(20, { error: 'Número discado inválido.' }).optional(),
    /** Why the call was made outside the lead's calling window; the page asks for it. */
    outsideWindowReason: requiredText({
      empty: 'Diga por que a ligação foi feita fora do horário.',
      max: 300,
      tooLong: 'O motivo deve ter no máximo 300 caracteres.',
      prose: true,
    }).optional(),
    /** The WhatsApp message template the assessor sent (message-templates.ts). */
    messageTemplateId: z
      .number({ error: 'Modelo de mensagem inválido.' })
      .int({ error: 'Modelo de mensagem inválido.' })
      .positive({ error: 'Modelo de mensagem inválido.' })
      .optional(),
  })
  .refine((body) => body.outcome !== callbackOutcomeKey || body.callbackAt !== undefined, {
    error: 'Informe a data e a hora do retorno.',
    path: ['callbackAt'],
  })
  .refine((body) => body.outcome === callbackOutcomeKey || body.callbackAt === undefined, {
    error: `Data de retorno só vale para "${outcomeOf(callbackOutcomeKey).label}".`,
    path: ['callbackAt'],
  })
  .refine(
    (body) => body.noAnswerKind === undefined || kindOutcome(body.noAnswerKind) === body.outcome,
    {
      error: kindsMessage,
      path: ['noAnswerKind'],
    },
  )
  .refine((body) => body.channel === 'whatsapp' || body.messageTemplateId === undefined, {
    error: 'Modelo de mensagem só vale para contato por WhatsApp.',
    path: ['messageTemplateId'],
  });
export type RecordAttemptBody = z.input<typeof recordAttemptBodySchema>;

/**
 * The parts of the assessor's list, in calling order: call-backs due, retries due, leads not
 * yet attended, then the leads waiting for their next call (a call-back, a retry or a cap).
 */
export const myLeadGroups = ['callbackDue', 'retry', 'notAttended', 'waiting'] as const;
export type MyLeadGroup = (typeof myLeadGroups)[number];

/** How many leads of the list one request brings: the page shows the first ones and more on demand. */
export const myLeadsPageSize = 50;

/** `GET /api/my-leads?limit=`: the first `limit` leads of the list, in calling order. */
export const myLeadsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Informe um número de leads.' })
    .int({ error: 'Informe um número inteiro de leads.' })
    .min(1, { error: 'Peça ao menos 1 lead.' })
    .max(1000, { error: 'Peça no máximo 1000 leads de uma vez.' })
    .default(myLeadsPageSize),
});

/** A lead as the assessor sees it in their day. */
export const myLeadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  uf: z.string().nullable(),
  notes: z.string().nullable(),
  extra: z.record(z.string(), z.string()),
  /** Every number of a lead that has several, its main one first; empty for one number. */
  phones: z.array(leadNumberSchema),
  status: leadStatusSchema,
  attempts: z.number().int(),
  assignedAt: z.iso.datetime().nullable(),
  callbackAt: z.iso.datetime().nullable(),
  /** When it may be called again and why; null when it may be called now. */
  nextCallAt: z.iso.datetime().nullable(),
  nextCallReason: z.enum(nextCallReasons).nullable(),
  /** Why it is where it is in the list. */
  group: z.enum(myLeadGroups),
  lastNote: z.string().nullable(),
});
export type MyLead = z.infer<typeof myLeadSchema>;

export const myLeadsSchema = z.object({
  /** The first leads of the list, in calling order. */
  leads: z.array(myLeadSchema),
  /** How many leads each group holds in the whole list, loaded or not. */
  groups: z.object({
    callbackDue: z.number().int(),
    retry: z.number().int(),
    notAttended: z.number().int(),
    waiting: z.number().int(),
  } satisfies Record<MyLeadGroup, z.ZodNumber>),
  /**
   * The day's progress. `calls`, `contacts` and `accepts` count the calls this assessor made
   * today on any lead, yesterday's call-backs included: every call (Ligações), the ones someone
   * picked up (Contatos, the registry's `answered`), the ones that converted (Aceites).
   * `received`, `worked` and `answered` are over the leads received today: how many, how many
   * have an outcome, whichever, and how many of those someone picked up.
   */
  today: z.object({
    received: z.number().int(),
    worked: z.number().int(),
    answered: z.number().int(),
    calls: z.number().int(),
    contacts: z.number().int(),
    accepts: z.number().int(),
    /** The call centre's zone (TIME_ZONE), whose midnight starts "today" and whose clock the call-back presets read. */
    timeZone: z.string(),
  }),
});
export type MyLeads = z.infer<typeof myLeadsSchema>;

export const attemptRecordSchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  leadId: z.number().int(),
  leadName: z.string().nullable(),
  leadPhone: z.string().nullable(),
  assessorId: z.string(),
  assessorName: z.string(),
  outcome: attemptOutcomeSchema,
  channel: channelSchema,
  note: z.string().nullable(),
  callbackAt: z.iso.datetime().nullable(),
  outsideWindowReason: z.string().nullable(),
  noAnswerKind: noAnswerKindSchema.nullable(),
  /** The name of the WhatsApp message template sent, as it is now (archived or not). */
  messageTemplateName: z.string().nullable(),
});
export type AttemptRecord = z.infer<typeof attemptRecordSchema>;

const isoDate = z.iso.date({ error: 'Data inválida (use AAAA-MM-DD).' });

/** Whether a call was a contato (someone answered: the registry's `answered` outcomes). */
export const contactFilterSchema = z.enum(['yes', 'no'], {
  error: 'Filtro de contato inválido: use yes (alguém atendeu) ou no.',
});
export const contactFilterLabels: Record<z.infer<typeof contactFilterSchema>, string> = {
  yes: 'Contatos (alguém atendeu)',
  no: 'Sem contato',
};

export const attemptFilterSchema = z.object({
  assessor: z.string().max(64).optional(),
  outcome: attemptOutcomeSchema.optional(),
  contact: contactFilterSchema.optional(),
  channel: channelSchema.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const attemptListQuerySchema = attemptFilterSchema.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const attemptPageSchema = z.object({
  attempts: z.array(attemptRecordSchema),
  nextCursor: z.string().nullable(),
});

/** /acompanhar: the accepted leads. */
export const followUpLeadSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  cpf: z.string().nullable(),
  city: z.string().nullable(),
  uf: z.string().nullable(),
  assessorId: z.string().nullable(),
  assessorName: z.string().nullable(),
  acceptedAt: z.iso.datetime(),
  lastNote: z.string().nullable(),
  registrationConfirmedAt: z.iso.datetime().nullable(),
});
export type FollowUpLead = z.infer<typeof followUpLeadSchema>;

export const followUpQuerySchema = z.object({
  assessor: z.string().max(64).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  confirmed: z.enum(['yes', 'no']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const followUpPageSchema = z.object({
  leads: z.array(followUpLeadSchema),
  nextCursor: z.string().nullable(),
});

export const confirmRegistrationBodySchema = z.strictObject({ confirmed: z.boolean() });

/** The answer of `POST /api/leads/{id}/attempts`: the call recorded and where the lead now is. */
export const recordAttemptResultSchema = z.object({
  attempt: attemptRecordSchema,
  lead: z.object({
    id: z.number().int(),
    status: leadStatusSchema,
    attempts: z.number().int(),
    callbackAt: z.iso.datetime().nullable(),
  }),
});
export type RecordAttemptResult = z.infer<typeof recordAttemptResultSchema>;

/** How long a recorded call can be undone ("Desfazer"), in seconds. */
export const undoWindowSeconds = 10;

export const attemptIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `POST /api/attempts/:id/undo`: the lead as the undo left it. */
export const undoAttemptResultSchema = z.object({
  lead: recordAttemptResultSchema.shape.lead,
});
export type UndoAttemptResult = z.infer<typeof undoAttemptResultSchema>;

const exportFormatSchema = z.enum(['csv', 'xlsx']).default('csv');

/** `GET /api/attempts/export`: the list's filters and a format. */
export const attemptExportQuerySchema = attemptFilterSchema.extend({ format: exportFormatSchema });

/** `GET /api/follow-up/export`: the list's filters and a format. */
export const followUpExportQuerySchema = followUpQuerySchema
  .omit({ cursor: true, limit: true })
  .extend({ format: exportFormatSchema });
