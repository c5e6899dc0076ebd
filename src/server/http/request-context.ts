import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export const requestIdHeader = 'x-request-id';

/**
 * An id a proxy or a caller may hand in: short, and nothing a log reader could mistake for
 * something else (no spaces, quotes or line breaks).
 */
const saneRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id (Fastify's `genReqId`): the caller's `X-Request-Id` when it is a sane short
 * token, so one id follows a request from the proxy's log to ours; a new UUID otherwise, unique
 * across restarts and servers, unlike Fastify's counter.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && saneRequestId.test(given) ? given : randomUUID();
}

const requestLogs = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * The logger of the request under way (its lines carry its `reqId`), for code that runs on a
 * request's behalf without being handed it (better-auth, the mailer); undefined elsewhere.
 */
export function currentRequestLog(): FastifyBaseLogger | undefined {
  return requestLogs.getStore();
}

/** The request under way's logger, or `fallback` outside a request. */
export function requestLogOr(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return requestLogs.getStore() ?? fallback;
}

/**
 * Sends each request's id back (`X-Request-Id`, errors included) and makes its logger the one
 * `currentRequestLog` finds in everything its handling calls (Fastify carries the context over
 * the reading of the body). Registered first, so that it runs before any other hook.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    requestLogs.run(request.log, done);
  });
}
