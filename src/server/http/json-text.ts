import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text that PostgreSQL wrote, as is: no parse, no serializer. The route's response
 * schema still documents the answer; a test of the route holds the text to it.
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
