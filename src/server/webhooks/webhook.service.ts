import type { z } from 'zod';
import type {
  CreatedWebhook,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookSettings,
  webhookDeliveryListQuerySchema,
} from '../../core/webhooks.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { isoTime } from '../http/iso-time.ts';
import type { DeliveryRow, EndpointRow, WebhookRepository } from './webhook.repository.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { resolveWebhookTarget, WebhookTargetError } from './webhook-target.ts';
import { wakeWebhookWorkers } from './webhook-wake.ts';

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    pending: row.pending,
    failed: row.failed,
    lastDeliveredAt: isoTime(row.lastDeliveredAt),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    state: row.state,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    occurredAt: row.occurredAt ?? row.createdAt.toISOString(),
    deliveredAt: isoTime(row.deliveredAt),
    nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastStatus: row.lastStatus,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    tries: row.tries,
  };
}

const endpointNotFound = () => new AppError('NOT_FOUND', 'Destino de webhook não encontrado.');

/** Endpoints, their log, replays and tests; every change audited with it. */
export function createWebhookService({
  webhooks,
  unitOfWork,
}: {
  webhooks: WebhookRepository;
  unitOfWork: RunUnitOfWork;
}) {
  /** Refuses, as a 400 in words, a URL the worker would refuse to send to. */
  async function checkTarget(url: string) {
    try {
      await resolveWebhookTarget(url, await webhooks.allowInternalTargets());
    } catch (error) {
      if (error instanceof WebhookTargetError) throw new AppError('BAD_REQUEST', error.message);
      throw error;
    }
  }

  async function endpoint(id: number): Promise<EndpointRow> {
    const row = await webhooks.find(id);
    if (!row) throw endpointNotFound();
    return row;
  }

  return {
    list: async () => ({ endpoints: (await webhooks.list()).map(toEndpoint) }),

    async create(
      body: CreateWebhookBody,
      createdBy: string,
      audit: AuditTrail,
    ): Promise<CreatedWebhook> {
      await checkTarget(body.url);
      const secret = newWebhookSecret();
      const id = await unitOfWork(audit, async (unit) => {
        const created = await webhooks.within(unit.trx).insert({ ...body, secret, createdBy });
        await unit.audit({
          action: 'webhook.created',
          target: { type: 'webhook', id: created },
          details: { name: body.name, url: body.url, events: body.events },
        });
        return created;
      });
      return { endpoint: toEndpoint(await endpoint(id)), secret };
    },

    async update(id: number, body: UpdateWebhookBody, audit: AuditTrail): Promise<WebhookEndpoint> {
      const before = await endpoint(id);
      if (body.url !== undefined && body.url !== before.url) await checkTarget(body.url);
      const changes = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      ) as UpdateWebhookBody;
      await unitOfWork(audit, async (unit) => {
        if (!(await webhooks.within(unit.trx).update(id, changes))) throw endpointNotFound();
        await unit.audit({
          action: 'webhook.updated',
          target: { type: 'webhook', id },
          details: {
            name: before.name,
            changes: Object.fromEntries(
              Object.entries(changes).map(([key, value]) => [
                key,
                { from: before[key as keyof typeof changes], to: value },
              ]),
            ),
          },
        });
      });
      return toEndpoint(await endpoint(id));
    },

    async remove(id: number, audit: AuditTrail): Promise<void> {
      await unitOfWork(audit, async (unit) => {
        const removed = await webhooks.within(unit.trx).remove(id);
        if (!removed) throw endpointNotFound();
        await unit.audit({
          action: 'webhook.deleted',
          target: { type: 'webhook', id },
          details: { name: removed.name },
        });
      });
    },

    async deliveries(
      id: number,
      query: z.output<typeof webhookDeliveryListQuerySchema>,
    ): Promise<WebhookDeliveryPage> {
      await endpoint(id);
      const rows = await webhooks.deliveries(id, query.before, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return {
        deliveries: page.map(toDelivery),
        nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    async replay(deliveryId: number, audit: AuditTrail): Promise<{ delivery: WebhookDelivery }> {
      const delivery = await unitOfWork(audit, async (unit) => {
        const result = await webhooks.within(unit.trx).replay(deliveryId);
        if (!result) throw new AppError('NOT_FOUND', 'Entrega de webhook não encontrada.');
        if (!('replayed' in result)) {
          throw new AppError(
            'CONFLICT',
            'Esta entrega ainda está pendente: ela será tentada de novo sozinha.',
          );
        }
        await unit.audit({
          action: 'webhook.replayed',
          target: { type: 'webhook', id: result.endpointId },
          details: { delivery: deliveryId, event: result.replayed.event },
        });
        return result.replayed;
      });
      wakeWebhookWorkers();
      return { delivery: toDelivery(delivery) };
    },

    async ping(id: number, audit: AuditTrail): Promise<{ delivery: WebhookDelivery }> {
      const row = await endpoint(id);
      if (!row.active) {
        throw new AppError(
          'CONFLICT',
          'Este destino está desativado: ative-o para enviar um teste.',
        );
      }
      const deliveryId = await unitOfWork(audit, async (unit) => {
        const queued = await webhooks.within(unit.trx).queuePing(id);
        await unit.audit({
          action: 'webhook.tested',
          target: { type: 'webhook', id },
          details: { name: row.name },
        });
        return queued;
      });
      wakeWebhookWorkers();
      const [queued] = await webhooks.deliveries(id, deliveryId + 1, 1);
      if (!queued) throw endpointNotFound();
      return { delivery: toDelivery(queued) };
    },

    settings: async (): Promise<WebhookSettings> => ({
      allowPrivateTargets: await webhooks.allowInternalTargets(),
    }),

    async changeSettings(settings: WebhookSettings, audit: AuditTrail): Promise<WebhookSettings> {
      await unitOfWork(audit, async (unit) => {
        await webhooks.within(unit.trx).setAllowInternalTargets(settings.allowPrivateTargets);
        await unit.audit({
          action: 'webhook.settings_changed',
          details: { allowPrivateTargets: settings.allowPrivateTargets },
        });
      });
      return settings;
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
