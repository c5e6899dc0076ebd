import { z } from 'zod';
import { requiredText } from './required-text.ts';

/**
 * Webhooks out: an admin registers an address that hears of some events. Each delivery is a
 * JSON POST signed with the endpoint's secret (see docs/integration-guide.md, "Webhooks").
 */
export const webhookEvents = [
  'lead.accepted',
  'attempt.recorded',
  'import.finished',
  'lead.erased',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export const webhookEventLabels: Record<WebhookEvent, string> = {
  'lead.accepted': 'Lead aceitou',
  'attempt.recorded': 'Resultado de ligação registrado',
  'import.finished': 'Importação concluída',
  'lead.erased': 'Lead apagado (LGPD)',
};

/** The test delivery an admin sends to check an endpoint; no endpoint subscribes to it. */
export const webhookPingEvent = 'ping';
export const webhookPingLabel = 'Teste';

export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

export const webhookDeliveryStateLabels: Record<WebhookDeliveryState, string> = {
  pending: 'Pendente',
  delivered: 'Entregue',
  failed: 'Falhou',
};

/** The headers of every delivery; the signature is `v1=` and the hex HMAC-SHA256. */
export const webhookHeaders = {
  id: 'CCA-Webhook-Id',
  event: 'CCA-Webhook-Event',
  timestamp: 'CCA-Webhook-Timestamp',
  signature: 'CCA-Webhook-Signature',
} as const;

/** The admin setting that lets endpoints point at loopback, private and link-local addresses. */
export const webhookPrivateTargetsSettingKey = 'webhooks_allow_private_targets';

const nameField = requiredText({
  empty: 'Informe um nome para o destino.',
  max: 80,
  tooLong: 'Nome com mais de 80 caracteres.',
});

const urlField = z
  .string({ error: 'Informe o endereço (URL) do destino.' })
  .trim()
  .min(1, { error: 'Informe o endereço (URL) do destino.' })
  .max(2000, { error: 'Endereço com mais de 2000 caracteres.' })
  .superRefine((text, context) => {
    const problem = webhookUrlProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const eventsField = z
  .array(z.enum(webhookEvents, { error: 'Evento desconhecido.' }), {
    error: 'Escolha os eventos do destino.',
  })
  .min(1, { error: 'Escolha ao menos um evento.' })
  .max(webhookEvents.length, { error: 'Evento repetido.' })
  .refine((events) => new Set(events).size === events.length, { error: 'Evento repetido.' });

/** Why a text is not an address a webhook can be sent to, or null when it is one. */
export function webhookUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Endereço inválido: use uma URL completa, como https://exemplo.com.br/webhook.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return 'O endereço deve começar com http:// ou https://.';
  }
  if (url.username || url.password) {
    return 'Não inclua usuário ou senha no endereço: a assinatura autentica as entregas.';
  }
  return null;
}

export const createWebhookBodySchema = z.strictObject({
  name: nameField,
  url: urlField,
  events: eventsField,
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .strictObject({
    name: nameField.optional(),
    url: urlField.optional(),
    events: eventsField.optional(),
    active: z.boolean({ error: 'Ativo deve ser sim ou não.' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Nada a alterar.',
  });
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

export const webhookParamsSchema = z.object({
  id: z.coerce.number({ error: 'Destino inválido.' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const webhookDeliveryParamsSchema = z.object({
  id: z.coerce.number({ error: 'Entrega inválida.' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Deliveries still waiting for a try, and those given up on. */
  pending: z.number().int(),
  failed: z.number().int(),
  lastDeliveredAt: z.iso.datetime().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** A created endpoint, with its secret: the only answer that carries it. */
export const createdWebhookSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.iso.datetime(),
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  state: z.enum(webhookDeliveryStates),
  attempts: z.number().int(),
  /** When it was queued, or queued again by a replay. */
  createdAt: z.iso.datetime(),
  /** When the event it tells of happened. */
  occurredAt: z.string(),
  deliveredAt: z.iso.datetime().nullable(),
  /** When it is tried next; null once delivered or given up on. */
  nextAttemptAt: z.iso.datetime().nullable(),
  lastStatus: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  tries: z.array(webhookDeliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.strictObject({
  /** The id of the last delivery of the page before: the next page has older ones. */
  before: z.coerce
    .number({ error: 'Página inválida.' })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  limit: z.coerce
    .number({ error: 'Quantidade inválida.' })
    .int()
    .min(1, { error: 'Quantidade inválida.' })
    .max(100, { error: 'No máximo 100 entregas por página.' })
    .default(20),
});

export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: z.number().int().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookSettingsSchema = z.strictObject({
  allowPrivateTargets: z.boolean({ error: 'Informe se destinos na rede interna são permitidos.' }),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

export const replayedDeliverySchema = z.object({ delivery: webhookDeliverySchema });
