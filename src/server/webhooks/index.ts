import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createWebhookRepository } from './webhook.repository.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { createWebhookService } from './webhook.service.ts';

/** Webhooks out (/integracoes/webhooks): /api/webhooks, their deliveries, replays, the setting. */
export const webhooksFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, unitOfWork },
) => {
  const webhookService = createWebhookService({
    webhooks: createWebhookRepository(database.db),
    unitOfWork,
  });
  await app.register(webhookRoutes, { webhookService });
};

/** The delivery worker runs beside the HTTP server, not inside it: main.ts starts and stops it. */
export {
  defaultWebhookBackoffMs,
  startWebhookWorker,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from './webhook.worker.ts';

export {
  callWebhookDeliveries,
  enqueueImportFinished,
  erasureWebhookSteps,
} from './webhook-outbox.sql.ts';
