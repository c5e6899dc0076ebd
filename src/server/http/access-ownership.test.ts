import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCallingRules } from '../../core/calling-windows.ts';
import { defaultContactRules } from '../../core/contact-rules.ts';
import { businessState } from '../testing/business-state.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';
import { createTestToken } from '../testing/test-tokens.ts';

/**
 * Deny by default, walked over the OpenAPI document: an assessor reaches no other assessor's
 * lead, and no caller sets a field the route does not take (mass assignment).
 */

interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  name: string;
  hasJsonBody: boolean;
  strictBody: boolean;
  bodyFields: string[];
  /** Only an API token may call it: walked with a token instead of a session. */
  tokenOnly: boolean;
}

interface Context {
  leadId: number;
  userId: string;
  phone: string;
  email: string;
  password: string;
}

/**
 * A body each writing route accepts, so that a refusal comes from who calls and what is added,
 * never from a body that was wrong anyway. A route missing here fails the walk.
 */
const validBodies: Record<string, (context: Context) => unknown> = {
  'POST /api/auth/sign-in/email': ({ email, password }) => ({ email, password }),
  'POST /api/auth/request-password-reset': ({ email }) => ({ email }),
  'POST /api/auth/reset-password': () => ({ token: 'token-qualquer', newPassword: 'Nova-senha-1' }),
  'POST /api/users': () => ({ name: 'Nova Pessoa', email: 'nova@cca.test', role: 'assessor' }),
  'PATCH /api/users/{id}': () => ({ name: 'Nome Trocado' }),
  'POST /api/leads/bulk': ({ leadId }) => ({
    target: { ids: [leadId] },
    operation: { action: 'returnToPool' },
  }),
  'PATCH /api/leads/{id}': () => ({ notes: 'Anotação nova' }),
  'POST /api/leads/{id}/merge': ({ leadId }) => ({ other: leadId + 1 }),
  'POST /api/leads/{id}/phones': () => ({ phone: '(11) 97654-3210', label: 'Celular' }),
  'PATCH /api/leads/{id}/phones/{phone}': () => ({ state: 'invalid' }),
  'POST /api/do-not-call': ({ phone }) => ({ phone, reason: 'Pediu para não ligar' }),
  'POST /api/leads/{id}/attempts': () => ({ outcome: 'no_answer' }),
  'PATCH /api/follow-up/{id}': () => ({ confirmed: true }),
  'POST /api/distributions': () => ({ each: 1 }),
  'PATCH /api/recycling/rules': () => ({ minDaysSinceRefusal: 3 }),
  'PUT /api/calling-calendar': () => ({ rules: defaultCallingRules, holidays: [] }),
  'PUT /api/contact-rules': () => defaultContactRules,
  'POST /api/webhooks': () => ({
    name: 'CRM',
    url: 'http://127.0.0.1:9/webhook',
    events: ['lead.accepted'],
  }),
  'PATCH /api/webhooks/{id}': () => ({ name: 'CRM renomeado' }),
  'PUT /api/webhooks/settings': () => ({ allowPrivateTargets: true }),
  'POST /api/api-tokens': () => ({ name: 'Integração', scopes: ['leads:read'] }),
  'POST /api/leads': () => ({ name: 'Lead da API', phone: '(11) 97654-0000' }),
  'POST /api/leads/batch': () => ({ leads: [{ name: 'Lead da API', phone: '(11) 97654-0001' }] }),
  'POST /api/message-templates': () => ({ name: 'Modelo novo', body: 'Olá {nome}' }),
  'PATCH /api/message-templates/{id}': () => ({ name: 'Modelo trocado' }),
  'PUT /api/message-templates/company': () => ({ companyName: 'Empresa Nova' }),
};

/** Routes that read no body: the fields are sent to them all the same. */
const bodyless = new Set([
  'POST /api/auth/sign-out',
  'POST /api/users/{id}/password-reset',
  'POST /api/users/{id}/unlock-sign-in',
  'DELETE /api/do-not-call/{phone}',
  'POST /api/block-lists',
  'DELETE /api/block-lists/{id}',
  'POST /api/reciclarleadsteste',
  'POST /api/imports/preview',
  'POST /api/imports',
  'POST /api/imports/{id}/undo',
  'POST /api/attempts/{id}/undo',
  'DELETE /api/webhooks/{id}',
  'POST /api/webhooks/{id}/ping',
  'POST /api/webhooks/deliveries/{id}/replay',
  'POST /api/api-tokens/{id}/revoke',
  'POST /api/backups',
]);

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

  const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: Record<string, string[]>[];
          requestBody?: {
            content: Record<
              string,
              { schema?: { additionalProperties?: unknown; properties?: object } }
            >;
          };
        }
      >
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const schema = operation.requestBody?.content['application/json']?.schema;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        name: `${method.toUpperCase()} ${path}`,
        hasJsonBody: schema !== undefined,
        strictBody: schema?.additionalProperties === false,
        bodyFields: Object.keys(schema?.properties ?? {}),
        tokenOnly:
          operation.security !== undefined &&
          operation.security.length > 0 &&
          operation.security.every((requirement) => 'apiToken' in requirement),
      };
    }),
  );
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
