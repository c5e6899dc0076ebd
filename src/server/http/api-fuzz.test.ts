import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/errors.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { type Operation, readOperations } from './fixtures/api-fuzz-operations.ts';
import { multipart, requestFor } from './fixtures/api-fuzz-requests.ts';

/**
 * Drives every operation of the OpenAPI document with hostile path ids, query strings and
 * bodies, as anonymous, as an assessor and as an admin. Whatever comes in, the answer is
 * below 500, every refusal is `{ error: { code, message } }` in JSON, and a refusal leaves
 * the database as it was.
 */

type Actor = 'anonymous' | 'assessor' | 'admin';

// A fixed seed: a failure comes back the same way on every machine.
const seed = 20_240_508;
/** Cases per operation and actor: more where the actor gets past the access check. */
const runsWhenAllowed = 45;
const runsWhenRefused = 8;

// The SSE stream never ends by itself, so a signed-in call would hang the run; it reads no
// path, query or body, and its refusals (anonymous) are still fuzzed.
const streams = new Set(['GET /api/events']);
// Signing out ends the very session the fuzzer signs its calls with: each signed-in case gets
// a session of its own, and there are only so many (each sign-in hashes a password).
const signOut = 'POST /api/auth/sign-out';
const spareSessionCount = 10;
// Each accepted case makes and verifies a whole backup; the route reads no input to vary.
const costly = new Set(['POST /api/backups']);
const runsWhenCostly = 4;

/**
 * Tables left out of "nothing written": `sessions` (every signed-in request slides the
 * session's expiry, and a sign-out deletes it, by design), `sign_in_throttle` (a refused
 * sign-in is counted, by design), any audit table (refusals are recorded, by design), and
 * the migrator's bookkeeping.
 */
const tablesWrittenByDesign = /^(sessions|sign_in_throttle|kysely_migration.*|.*audit.*)$/;

let t: TestApp;
let assessor: TestUser;
let otherAssessor: TestUser;
let adminCookie: string;
let operations: Operation[];
let tables: string[];
let seededIds: string[];
let seededEmails: string[];
const spareSessions: Record<Exclude<Actor, 'anonymous'>, string[]> = { assessor: [], admin: [] };
let casesRun = 0;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  assessor = await t.createSignedInUser('assessor');
  otherAssessor = await t.createSignedInUser('assessor');
  for (let index = 0; index < spareSessionCount; index++) {
    spareSessions.assessor.push(await t.signIn(assessor.email, assessor.password));
    spareSessions.admin.push(await t.signInAsAdmin());
  }
  operations = readOperations((await t.app.inject({ url: '/api/openapi.json' })).json());
  seededIds = await seedRows();
  seededEmails = [assessor.email, otherAssessor.email, 'admin@cca.test'];
  const rows = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename
  `.execute(t.database.db);
  tables = rows.rows
    .map((row) => row.tablename)
    .filter((name) => !tablesWrittenByDesign.test(name));
}, 120_000);

afterAll(async () => {
  console.log(`fuzz: ${casesRun} cases over ${operations.length} operations`);
  await t.close();
});

/** Real rows for the ids to hit: leads of two assessors and of the pool, calls, an import. */
async function seedRows(): Promise<string[]> {
  const assigned = { status: 'assigned' as const, assigned_at: new Date() };
  const ownLeads = await t.seedLeads(3, { ...assigned, owner_id: assessor.id });
  const otherLeads = await t.seedLeads(3, { ...assigned, owner_id: otherAssessor.id });
  const poolLeads = await t.seedLeads(3, { name: 'Lead do pool' });
  const call = await t.recordCall(assessor, ownLeads[0] as number, 'green', {
    note: 'Aceitou na primeira ligação',
  });
  expect(call.statusCode).toBe(201);
  const blocked = await t.as(adminCookie).post('/api/leads/bulk', {
    target: { ids: [poolLeads[0]] },
    operation: { action: 'doNotCall' },
  });
  expect(blocked.statusCode).toBe(200);
  const upload = multipart([
    { name: 'mapping', value: JSON.stringify({ Nome: 'name', Telefone: 'phone' }) },
    { name: 'legalBasis', value: 'consent' },
    { name: 'file', fileName: 'lista.csv', value: 'Nome;Telefone\r\nFulana;(21) 99876-5432\r\n' },
  ]);
  const started = await t
    .as(adminCookie, { 'content-type': upload.contentType })
    .post('/api/imports', upload.body);
  expect(started.statusCode).toBe(202);
  const attempt = await t.database.db
    .selectFrom('lead_attempts')
    .select('id')
    .executeTakeFirstOrThrow();
  // The server's undo purge would forget the call's undo within its window; the test app runs
  // no background jobs, and the fuzz outlasts the window, when an undo is refused (409) and
  // uses its row up. Forgotten now, an undo answers 404 and writes nothing, as on the server.
  await t.database.db.deleteFrom('outcome_undo').execute();
  return [
    ...[...ownLeads, ...otherLeads, ...poolLeads, attempt.id, started.json().id].map(String),
    assessor.id,
    otherAssessor.id,
    (await t.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute())[0]
      ?.id ?? '',
  ];
}

// ---- checks --------------------------------------------------------------------------------

interface Snapshot {
  /** The next transaction id: unchanged when no transaction wrote anything in between. */
  nextTransaction: string;
  digests: Record<string, string>;
}

/** Row count and a digest of every row, per compared table. */
async function snapshot(previous?: Snapshot): Promise<Snapshot> {
  const { rows } = await sql<{ next: string }>`
    SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next
  `.execute(t.database.db);
  const nextTransaction = rows[0]?.next ?? '';
  // Hashing every table is the slow part: skipped when no transaction wrote since the last one.
  if (previous?.nextTransaction === nextTransaction) return previous;
  const query = tables
    .map(
      (table) =>
        `SELECT '${table}' AS name, count(*) || ':' || md5(coalesce(string_agg(md5(t::text), ',' ORDER BY md5(t::text)), '')) AS digest FROM "${table}" t`,
    )
    .join(' UNION ALL ');
  const result = await sql.raw<{ name: string; digest: string }>(query).execute(t.database.db);
  return {
    nextTransaction,
    digests: Object.fromEntries(result.rows.map((row) => [row.name, row.digest])),
  };
}

function allowed(operation: Operation, actor: Actor): boolean {
  if (operation.access === 'public') return true;
  if (actor === 'anonymous') return false;
  return operation.access === 'signedIn' || actor === 'admin';
}

async function fuzz(operation: Operation, actor: Actor, caseSeed: number) {
  const name = `${operation.method} ${operation.path}`;
  const isAllowed = allowed(operation, actor);
  const seeded = { ids: seededIds, emails: seededEmails };
  let before = await snapshot();
  await fc.assert(
    fc.asyncProperty(requestFor(operation, seeded), async (request) => {
      casesRun++;
      const cookie =
        actor === 'anonymous'
          ? undefined
          : name === signOut
            ? spareSessions[actor].pop()
            : actor === 'admin'
              ? adminCookie
              : assessor.cookie;
      const response = await t.app.inject({
        method: operation.method,
        url: request.url,
        headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const label = `${actor} ${operation.method} ${request.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, label).toBeLessThan(500);
      if (!isAllowed) {
        // Refused before the route runs; only a URL that cannot be routed answers otherwise.
        expect([400, 404, actor === 'anonymous' ? 401 : 403], label).toContain(response.statusCode);
      }
      const after = await snapshot(before);
      if (response.statusCode >= 400) {
        expect(String(response.headers['content-type']), label).toMatch(/^application\/json/);
        const parsed = errorBodySchema.safeParse(response.json());
        expect(parsed.success, label).toBe(true);
        expect(parsed.data?.error.code, label).toMatch(/^[A-Z_]+$/);
        expect(parsed.data?.error.message.trim(), label).not.toBe('');
        expect(after.digests, `${label}: nothing written`).toEqual(before.digests);
      }
      before = after;
    }),
    {
      seed: caseSeed,
      numRuns: !isAllowed
        ? runsWhenRefused
        : name === signOut && actor !== 'anonymous'
          ? spareSessionCount
          : costly.has(name)
            ? runsWhenCostly
            : runsWhenAllowed,
      // Each case runs against the live database: shrinking would replay many of them.
      endOnFailure: true,
    },
  );
}

describe('hostile input over every operation of the OpenAPI document', () => {
  it('reads the operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
    for (const stream of streams) {
      expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toContain(
        stream,
      );
    }
  });

  // Refused callers first: the admin's cases may change users and leads on purpose.
  for (const actor of ['anonymous', 'assessor', 'admin'] as const) {
    it(`never fails as ${actor}`, { timeout: 300_000 }, async () => {
      for (const [index, operation] of operations.entries()) {
        const name = `${operation.method} ${operation.path}`;
        if (actor !== 'anonymous' && streams.has(name)) continue;
        await fuzz(operation, actor, seed + index);
      }
    });
  }
});
