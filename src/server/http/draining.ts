import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** How long a client waits before trying again a request a closing server refused. */
const retryAfterSeconds = '2';

/**
 * A server leaving its balancer without dropping a request (a rolling restart). Once started
 * (on SIGTERM), /api/health answers 503 so the balancer sends nothing new, while the requests
 * that still come are served, each answer closing its connection so none is left idle to be
 * cut. Once the app closes, a request on a connection still open gets 503 with Retry-After,
 * before anything is read or written.
 */
export interface Draining {
  readonly active: boolean;
  start(): void;
}

export function createDraining(): Draining {
  let active = false;
  return {
    get active() {
      return active;
    },
    start() {
      active = true;
    },
  };
}

/** The error a draining or closing server answers; the request changed nothing. */
export const shuttingDown = () =>
  new AppError('SHUTTING_DOWN', undefined, { 'retry-after': retryAfterSeconds });

/** Needs Fastify's own 503 on closing turned off (`return503OnClosing: false`). */
export function registerDraining(app: FastifyInstance, draining: Draining) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw shuttingDown();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining.active || closing) reply.header('connection', 'close');
    return payload;
  });
}
