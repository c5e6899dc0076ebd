import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessState } from '../testing/business-state.ts';
import { type SeededTeam, seedTeam } from '../testing/floor-teams.ts';
import { createTestApp, type TestApp, testOrigin } from '../testing/test-app.ts';
import { bodyless, type Operation, readOperations, validBodies } from './fixtures/access-walk.ts';

/**
 * A supervisor reaches its teams' work and nothing else (docs/decisions/041), walked over the
 * OpenAPI document: with another team's assessor, lead, call and team in the path every route
 * answers 403 or 404 and changes nothing, and every administrator's route answers 403.
 */

interface Others {
  assessorId: string;
  leadId: number;
  callId: number;
  teamId: number;
  phone: string;
}

let t: TestApp;
let teamA: SeededTeam;
let teamB: SeededTeam;
let others: Others;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAsAdmin();
  teamA = await seedTeam(t, 'A');
  teamB = await seedTeam(t, 'B');
  const [assessorB] = teamB.assessors as [SeededTeam['assessors'][number]];
  // Team B's lead has a call (accepted: it is in the follow-up list too) and a history.
  const leadId = await t.assignedLead(assessorB);
  const call = await t.recordCall(assessorB, leadId, 'green', { note: 'Vai cadastrar' });
  expect(call.statusCode, call.body).toBe(201);
  const lead = await t.database.db
    .selectFrom('leads')
    .select('phone')
    .where('id', '=', leadId)
    .executeTakeFirstOrThrow();
  others = {
    assessorId: assessorB.id,
    leadId,
    callId: call.json().attempt.id,
    teamId: teamB.id,
    phone: lead.phone ?? '',
  };
  operations = await readOperations(t.app);
});
afterAll(() => t.close());

/** Each id of the path as team B's: its assessor, lead, call or team, by what the path names. */
function urlFor(operation: Operation): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === 'phone') return encodeURIComponent(others.phone);
    const path = operation.path;
    if (/^\/api\/(users|agent-states?|assessors)\//.test(path)) return others.assessorId;
    if (/^\/api\/teams\//.test(path)) {
      return name === 'id' || name === 'teamId' ? String(others.teamId) : others.assessorId;
    }
    if (/^\/api\/attempts\//.test(path)) return String(others.callId);
    if (/^\/api\/targets\//.test(path)) return String(others.teamId);
    return String(others.leadId);
  });
}

/** The body each writing route accepts, naming team B's lead and assessor. */
function bodyOf(operation: Operation): Record<string, unknown> | undefined {
  if (operation.method === 'GET') return undefined;
  const build = validBodies[operation.name];
  if (!build) return bodyless.has(operation.name) ? {} : undefined;
  const body = build({
    leadId: others.leadId,
    userId: others.assessorId,
    phone: others.phone,
    email: 'ninguem@cca.test',
    password: 'Senha-qualquer-1',
  }) as Record<string, unknown>;
  return body;
}

const adminOnly = (operation: Operation) =>
  operation.sessionRoles !== null &&
  operation.sessionRoles.length === 1 &&
  operation.sessionRoles[0] === 'admin';

async function asSupervisorA(operation: Operation, body?: unknown) {
  return t.app.inject({
    method: operation.method,
    url: urlFor(operation),
    headers: { origin: testOrigin, cookie: teamA.supervisor.cookie },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

describe("a supervisor, walked over the OpenAPI document with another team's ids", () => {
  it("answers 403 or 404 on another team's assessor, lead, call and team, and changes nothing", async () => {
    const withId = operations.filter(
      (operation) => operation.path.includes('{') && !operation.tokenOnly,
    );
    expect(withId.length).toBeGreaterThanOrEqual(20);
    const before = await businessState(t.database.db);
    for (const operation of withId) {
      const response = await asSupervisorA(operation, bodyOf(operation));
      const label = `${operation.name} → ${response.statusCode} ${response.body}`;
      expect([403, 404], label).toContain(response.statusCode);
      expect(response.json().error.message, label).not.toBe('');
      expect(await businessState(t.database.db), label).toEqual(before);
    }
  });

  it("answers 403 to every administrator's route, and changes nothing", async () => {
    const walked = operations.filter(adminOnly);
    expect(walked.length).toBeGreaterThanOrEqual(30);
    const before = await businessState(t.database.db);
    for (const operation of walked) {
      const response = await asSupervisorA(operation, bodyOf(operation));
      const label = `${operation.name} → ${response.statusCode} ${response.body}`;
      expect(response.statusCode, label).toBe(403);
      expect(await businessState(t.database.db), label).toEqual(before);
    }
  });

  it('keeps users, settings, imports, block lists, integrations, backups and the audit log for administrators', () => {
    const administrators = [
      /^\/api\/(imports|block-lists|webhooks|api-tokens|backups|audit|recycling)\b/,
      /^\/api\/(users|calling-calendar|contact-rules|message-templates|teams|pause-reasons)\b/,
    ];
    const kept = operations.filter(
      (operation) =>
        administrators[0]?.test(operation.path) ||
        (operation.method !== 'GET' && administrators[1]?.test(operation.path)),
    );
    expect(kept.length).toBeGreaterThanOrEqual(25);
    for (const operation of kept) {
      expect(adminOnly(operation) || operation.tokenOnly, operation.name).toBe(true);
    }
  });

  it('reaches its own lead, its calls and its team’s figures', async () => {
    const [own] = teamA.assessors as [SeededTeam['assessors'][number]];
    const leadId = await t.assignedLead(own);
    const supervisor = t.as(teamA.supervisor);
    expect((await supervisor.get(`/api/leads/${leadId}`)).statusCode).toBe(200);
    expect((await supervisor.get(`/api/leads/${others.leadId}`)).statusCode).toBe(404);
    const list = (await supervisor.get('/api/leads')).json() as { leads: { id: number }[] };
    expect(list.leads.map((lead) => lead.id)).toEqual([leadId]);
    const calls = (await supervisor.get('/api/attempts')).json() as { attempts: unknown[] };
    expect(calls.attempts).toEqual([]);
  });
});
