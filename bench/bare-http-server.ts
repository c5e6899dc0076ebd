// The baseline of the operator benchmark: node:http serving what GET /api/my-leads,
// POST /api/leads/{id}/attempts (the same service and repository) and GET /api/health (the
// same query and answer) do, with no framework, auth or checks.
import http from 'node:http';
import { sql } from 'kysely';
import { myLeadsPageSize } from '../src/core/attempts.ts';
import { errorMessages } from '../src/core/errors.ts';
import { createAttemptRepository } from '../src/server/attempts/attempt.repository.ts';
import { createAttemptService } from '../src/server/attempts/attempt.service.ts';
import { createMyLeadsRepository } from '../src/server/attempts/my-leads.repository.ts';
import { createOutcomeUndoRepository } from '../src/server/attempts/outcome-undo.repository.ts';
import { defaultTimeZone } from '../src/server/config/env.ts';
import { createDatabase } from '../src/server/db/database.ts';
import { createEventPublisher } from '../src/server/events/event-publisher.ts';
import { AppError } from '../src/server/http/app-error.ts';

const database = createDatabase({
  connectionString: process.env.DATABASE_URL as string,
  poolSize: 20,
  statementTimeoutMs: 30_000,
});
const events = createEventPublisher(database.db, { onError: () => {} });
const service = createAttemptService({
  attempts: createAttemptRepository(database.db, defaultTimeZone),
  myLeads: createMyLeadsRepository(database.db, defaultTimeZone),
  undos: createOutcomeUndoRepository(database.db),
  events,
});
const assessorId = process.env.ASSESSOR_ID as string;

async function health(): Promise<[number, unknown]> {
  try {
    await sql`select 1`.execute(database.db);
    return [200, { status: 'ok', database: 'ok' }];
  } catch {
    const code = 'DATABASE_UNAVAILABLE';
    return [503, { error: { code, message: errorMessages[code] } }];
  }
}

async function answer(request: http.IncomingMessage): Promise<[number, unknown]> {
  if (request.url === '/health') return health();
  const leadId = /^\/leads\/(\d+)\/attempts$/.exec(request.url ?? '')?.[1];
  if (request.method === 'POST' && leadId) {
    return [
      201,
      await service.record(assessorId, Number(leadId), { outcome: 'no_answer', channel: 'phone' }),
    ];
  }
  return [200, await service.myLeadsJson(assessorId, myLeadsPageSize)];
}

/** A refusal answered as CCA answers it, so the load counts it as an error and goes on. */
async function answerOrRefuse(request: http.IncomingMessage): Promise<[number, unknown]> {
  try {
    return await answer(request);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [error.statusCode, { error: { code: error.code, message: error.message } }];
  }
}

http
  .createServer(async (request, response) => {
    const [status, body] = await answerOrRefuse(request);
    response
      .writeHead(status, { 'content-type': 'application/json' })
      .end(typeof body === 'string' ? body : JSON.stringify(body));
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
