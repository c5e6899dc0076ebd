import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorBody, errorMessages } from '../../core/errors.ts';
import { AppError } from './app-error.ts';

/** pg error codes and node error codes that mean the database cannot be reached right now. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Whether the error, or one it wraps (better-auth wraps them), means the database is away. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && unavailableCodes.has(code)) return true;
  // pg's "is not queryable": a query on a connection that was lost while a transaction held it;
  // "Query read timeout": no answer past the statement timeout, a frozen server.
  if (
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|ECONNREFUSED|is not queryable|Query read timeout/i.test(
      error.message,
    )
  ) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}

function body(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** Turns every error into `{ error: { code, message } }`; internals of 5xx stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(body(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const detail = first?.message ?? errorMessages.BAD_REQUEST;
      return reply.code(400).send(body('BAD_REQUEST', field ? `${field}: ${detail}` : detail));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body('DATABASE_UNAVAILABLE', errorMessages.DATABASE_UNAVAILABLE));
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send(body('INTERNAL', errorMessages.INTERNAL));
    }
    return reply.code(statusCode).send(clientErrorBody(statusCode, error as FastifyError));
  });
}

/** The answer to a path no route serves; app.ts sets it once the rate limit is in place. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  reply
    .code(404)
    .send(body('NOT_FOUND', `Rota não encontrada: ${request.method} ${request.url.split('?')[0]}`));
}

/** Fastify's own 4xx errors (bad JSON, too large, wrong content type…) in pt-BR. */
function clientErrorBody(statusCode: number, error: FastifyError): ErrorBody {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return body('UNSUPPORTED_MEDIA_TYPE', errorMessages.UNSUPPORTED_MEDIA_TYPE);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return body('PAYLOAD_TOO_LARGE', errorMessages.PAYLOAD_TOO_LARGE);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return body('BAD_REQUEST', 'O corpo da requisição está vazio.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return body('BAD_REQUEST', 'O corpo da requisição não é um JSON válido.');
  }
  if (statusCode === 413) return body('PAYLOAD_TOO_LARGE', errorMessages.PAYLOAD_TOO_LARGE);
  if (statusCode === 415)
    return body('UNSUPPORTED_MEDIA_TYPE', errorMessages.UNSUPPORTED_MEDIA_TYPE);
  if (statusCode === 429) return body('TOO_MANY_REQUESTS', errorMessages.TOO_MANY_REQUESTS);
  if (statusCode === 404) return body('NOT_FOUND', errorMessages.NOT_FOUND);
  return body('BAD_REQUEST', errorMessages.BAD_REQUEST);
}

/**
 * What Fastify and Node answer before any route or error handler runs: a path that is not
 * valid percent-encoding, an id longer than the router reads, a request whose headers are too
 * large or cannot be parsed. Given to the Fastify constructor so that these get the error
 * shape and a pt-BR message too.
 */
export const frameworkErrorOptions = {
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    const message =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'Endereço longo demais.'
        : 'Endereço inválido: confira os caracteres depois de %.';
    void reply.code(400).send(body('BAD_REQUEST', message));
  },
  clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            'Os cabeçalhos da requisição são grandes demais.',
          ]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'A requisição demorou demais para chegar.']
          : [400, 'Bad Request', 'Requisição HTTP inválida.'];
    const json = JSON.stringify(body('BAD_REQUEST', message));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
      );
    }
    socket.destroy(error);
  },
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
