import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callingCalendarAnswerSchema, callingCalendarSchema } from '../../core/calling-windows.ts';
import { errorBodySchema } from '../../core/errors.ts';
import type { CallingCalendarService } from './calling-calendar.service.ts';

export const callingCalendarRoutes: FastifyPluginAsyncZod<{
  callingCalendarService: CallingCalendarService;
}> = async (app, { callingCalendarService }) => {
  app.get(
    '/api/calling-calendar',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['calling-calendar'],
        summary:
          'Os horários de ligação por UF (com a lei de cada um) e os feriados estaduais acrescentados',
        response: { 200: callingCalendarAnswerSchema },
      },
    },
    async () => callingCalendarService.current(),
  );

  app.put(
    '/api/calling-calendar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['calling-calendar'],
        summary: 'Substitui os horários de ligação e os feriados acrescentados',
        body: callingCalendarSchema,
        response: { 200: callingCalendarAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request) => callingCalendarService.replace(request.body, request.audit),
  );
};
