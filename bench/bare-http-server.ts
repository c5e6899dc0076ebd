// The baseline of the operator benchmark: node:http serving what GET /api/my-leads and
// POST /api/leads/{id}/attempts do (the same service and repository), with no framework,
// auth or checks.
import http from 'node:http';
import { myLeadsPageSize } from '../src/core/attempts.ts';
import { createAttemptRepository } from '../src/server/attempts/attempt.repository.ts';
import { createAttemptService } from '../src/server/attempts/attempt.service.ts';
import { createDatabase } from '../src/server/db/database.ts';

const database = createDatabase({
  connectionString: process.env.DATABASE_URL as string,
  poolSize: 20,
  statementTimeoutMs: 30_000,
});
const service = createAttemptService({ attempts: createAttemptRepository(database.db) });
const assessorId = process.env.ASSESSOR_ID as string;

http
  .createServer(async (request, response) => {
    const leadId = /^\/leads\/(\d+)\/attempts$/.exec(request.url ?? '')?.[1];
    const answer =
      request.method === 'POST' && leadId
        ? await service.record(assessorId, Number(leadId), {
            outcome: 'no_answer',
            channel: 'phone',
          })
        : await service.myLeads(assessorId, myLeadsPageSize);
    const body = JSON.stringify(answer);
    response
      .writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' })
      .end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
