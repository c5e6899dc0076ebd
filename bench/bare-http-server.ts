// The baseline of the operator benchmark: node:http serving the same query as
// GET /api/my-leads (the same service and repository), with no framework, auth or checks.
import http from 'node:http';
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
  .createServer(async (_request, response) => {
    const body = JSON.stringify(await service.myLeads(assessorId));
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
