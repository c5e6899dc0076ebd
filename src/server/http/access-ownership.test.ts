import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessState } from '../testing/business-state.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';
import { createTestToken } from '../testing/test-tokens.ts';
import {
  bodyless,
  type Context,
  type Operation,
  readOperations,
  validBodies,
} from './fixtures/access-walk.ts';

/**
 * Deny by default, walked over the OpenAPI document: an assessor reaches no other assessor's
 * lead, and no caller sets a field the route does not take (mass assignment). The bodies of
 * the writing routes, which every walk sends: fixtures/access-walk.ts (validBodies, bodyless).
 */

const assessorForbiddenFields = {
  role: 'admin',
  ownerId: '',
  status: 'green',
  active: true,
  dailyQuota: 1000,
};

let t: TestApp;
let assessor: TestUser;
let otherAssessor: TestUser;
let admin: string;
let operations: Operation[];
let ownLead: number;
let otherLead: number;
/** A token for the routes only integrations call. */
let writerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAsAdmin();
  assessor = await t.createSignedInUser('assessor');
  otherAssessor = await t.createSignedInUser('assessor');
  writerToken = (await createTestToken(t, admin, ['leads:write'])).secret;
  const assigned = { status: 'assigned' as const, assigned_at: new Date() };
  [ownLead] = (await t.seedLeads(1, { ...assigned, owner_id: assessor.id })) as [number];
  [otherLead] = (await t.seedLeads(1, { ...assigned, owner_id: otherAssessor.id })) as [number];
  // The other assessor's lead has a call and a history, which must stay as they are.
  const call = await t.recordCall(otherAssessor, otherLead, 'no_answer', { note: 'Caixa postal' });
  expect(call.statusCode).toBe(201);

  operations = await readOperations(t.app);
});
afterAll(() => t.close());

/** The lead row, its history and its calls. */
async function leadState(id: number) {
  const db = t.database.db;
  return {
    lead: await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst(),
    history: await db.selectFrom('lead_history').selectAll().where('lead_id', '=', id).execute(),
    calls: await db.selectFrom('lead_attempts').selectAll().where('lead_id', '=', id).execute(),
  };
}

function urlFor(operation: Operation, context: Context): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === 'phone') return encodeURIComponent(context.phone);
    return operation.path.startsWith('/api/users/') ? context.userId : String(context.leadId);
  });
}

const writing = (operation: Operation) => operation.method !== 'GET';

function bodyOf(operation: Operation, context: Context): Record<string, unknown> {
  const build = validBodies[operation.name];
  return (build ? build(context) : {}) as Record<string, unknown>;
}

async function contextOf(user: TestUser, leadId: number): Promise<Context> {
  const lead = await t.database.db
    .selectFrom('leads')
    .select('phone')
    .where('id', '=', leadId)
    .executeTakeFirstOrThrow();
  return {
    leadId,
    userId: user.id,
    phone: lead.phone ?? '',
    email: user.email,
    password: user.password,
  };
}

describe('ownership and mass assignment, walked over the OpenAPI document', () => {
  it('knows a valid body for every writing route', () => {
    const writingOperations = operations.filter(writing);
    expect(writingOperations.length).toBeGreaterThanOrEqual(15);
    for (const operation of writingOperations) {
      const known = operation.name in validBodies || bodyless.has(operation.name);
      expect(known, `${operation.name}: add a valid body to the walk`).toBe(true);
      expect(operation.hasJsonBody, operation.name).toBe(operation.name in validBodies);
    }
  });

  it('documents every JSON body as closed: no field beyond those declared', () => {
    for (const operation of operations.filter((operation) => operation.hasJsonBody)) {
      expect(operation.strictBody, operation.name).toBe(true);
    }
  });

  it("answers 403 or 404 to an assessor on another assessor's lead, and changes nothing", async () => {
    const withId = operations.filter((operation) => operation.path.includes('{'));
    expect(withId.length).toBeGreaterThanOrEqual(8);
    const context = await contextOf(assessor, otherLead);
    // Every id in the path is the other assessor's lead, whatever the route calls it.
    const leadOnly = { ...context, userId: String(otherLead) };
    const before = await leadState(otherLead);
    expect(before.calls).toHaveLength(1);
    for (const operation of withId) {
      const body = writing(operation) ? bodyOf(operation, leadOnly) : undefined;
      const response = await t.app.inject({
        method: operation.method,
        url: urlFor(operation, leadOnly),
        headers: { origin: testOrigin, cookie: assessor.cookie },
        ...(body === undefined ? {} : { payload: body }),
      });
      expect([403, 404], `${operation.name} → ${response.body}`).toContain(response.statusCode);
      expect(response.json().error.message).not.toBe('');
      expect(await leadState(otherLead), operation.name).toEqual(before);
    }
  });

  it('refuses an assessor who sends role, ownerId, status, active or dailyQuota to any writing route', async () => {
    const context = await contextOf(assessor, ownLead);
    const fields = { ...assessorForbiddenFields, ownerId: assessor.id };
    const before = await businessState(t.database.db);
    // Signing out reads no body and ends the caller's own session, by design; it is walked
    // last, with a session of its own, and must still change nothing else.
    const walked = operations
      .filter(writing)
      .sort(
        (a, b) =>
          Number(a.name === 'POST /api/auth/sign-out') -
          Number(b.name === 'POST /api/auth/sign-out'),
      );
    for (const operation of walked) {
      const signOut = operation.name === 'POST /api/auth/sign-out';
      const cookie = signOut ? await t.signIn(assessor.email, assessor.password) : assessor.cookie;
      const response = await t.app.inject({
        method: operation.method,
        url: urlFor(operation, context),
        headers: { origin: testOrigin, cookie },
        payload: { ...bodyOf(operation, context), ...fields },
      });
      const label = `${operation.name} → ${response.statusCode} ${response.body}`;
      if (signOut) expect(response.statusCode, label).toBe(200);
      else {
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
      }
      expect(await businessState(t.database.db), label).toEqual(before);
    }
    const me = await t.as(assessor).get('/api/me');
    expect(me.json().role).toBe('assessor');
  });

  it('refuses an assessor who sends role to PATCH its own user', async () => {
    const before = await businessState(t.database.db);
    const response = await t
      .as(assessor)
      .patch(`/api/users/${assessor.id}`, { role: 'admin', active: true, dailyQuota: 1000 });
    expect(response.statusCode).toBe(403);
    expect(await businessState(t.database.db)).toEqual(before);
  });

  it('answers 400 to an admin who sends id, createdAt, erasedAt or ownerId where the body has no such field', async () => {
    const context = await contextOf(assessor, ownLead);
    const intruders = {
      id: 1,
      createdAt: '2020-01-01T00:00:00.000Z',
      erasedAt: '2020-01-01T00:00:00.000Z',
      ownerId: otherAssessor.id,
    };
    const before = await businessState(t.database.db);
    for (const operation of operations.filter((operation) => operation.hasJsonBody)) {
      const extra = Object.fromEntries(
        Object.entries(intruders).filter(([field]) => !operation.bodyFields.includes(field)),
      );
      expect(Object.keys(extra).length, operation.name).toBeGreaterThan(0);
      const response = await t.app.inject({
        method: operation.method,
        url: urlFor(operation, context),
        headers: operation.tokenOnly
          ? { authorization: `Bearer ${writerToken}` }
          : { origin: testOrigin, cookie: admin },
        payload: { ...bodyOf(operation, context), ...extra },
      });
      const label = `${operation.name} → ${response.statusCode} ${response.body}`;
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.code, label).toBe('BAD_REQUEST');
      expect(await businessState(t.database.db), label).toEqual(before);
    }
  });
});
