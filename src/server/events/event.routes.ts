import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppEvent } from '../../core/events.ts';
import type { SessionCheck, SessionUser } from '../auth/index.ts';
import type { EventHub } from './event-hub.ts';

const heartbeatMs = 25_000;
const retryHintMs = 3_000;
/** How often an open stream checks that its session still holds (signed out, deactivated…). */
const sessionCheckMs = 3_000;

/**
 * An admin or a supervisor hears everything (events name assessors only; a supervisor's pages
 * refetch what its scope lets them read); an assessor only what touches their own list.
 */
export function concerns(user: SessionUser, event: AppEvent): boolean {
  if (user.role !== 'assessor') return true;
  if ('assessorIds' in event) return event.assessorIds.includes(user.id);
  if ('assessorId' in event) return event.assessorId === user.id;
  return false;
}

export const eventRoutes: FastifyPluginAsyncZod<{
  hub: EventHub;
  checkSession: SessionCheck;
}> = async (app, { hub, checkSession }) => {
  const openStreams = new Set<() => void>();
  // Open streams never end by themselves: end them first, or closing the server would wait.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  app.get(
    '/api/events',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['events'],
        summary:
          'Eventos ao vivo (server-sent events): cada mensagem `data:` é um evento JSON que toca a lista do usuário',
      },
    },
    async (request, reply) => {
      const user = request.user;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Tells a proxy such as nginx not to buffer the stream.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${retryHintMs}\n\n`);

      const unsubscribe = hub.subscribe((event) => {
        if (concerns(user, event)) raw.write(`data: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      // A stream must not outlive its session: signed out, expired, the user deactivated or
      // given another role. A failed check (the database away) keeps it until the next one.
      const sessionCheck = setInterval(() => {
        checkSession(request, user).then(
          (holds) => holds || end(),
          () => {},
        );
      }, sessionCheckMs);
      sessionCheck.unref();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribe();
        openStreams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      openStreams.add(end);
      request.raw.on('close', end);
      raw.on('close', end);
      raw.on('error', end);

      const listening = await hub.whenListening(5_000);
      if (!ended) raw.write(listening ? ': ready\n\n' : ': waiting for the database\n\n');
    },
  );
};
