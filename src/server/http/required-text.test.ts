import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { bearer, createTestToken } from '../testing/test-tokens.ts';
import type { JsonSchema } from './fixtures/api-fuzz-operations.ts';

/**
 * Every text field of a JSON body that may not be empty, walked over the OpenAPI document: one
 * made only of an invisible character is empty, and refused with 400. The walk is the list;
 * the tables below give each operation a valid body and say why a field is not free text.
 */

const invisible = '\u200b';

type Caller = 'admin' | 'assessor' | 'token';

interface ValidRequest {
  as: Caller;
  url: () => string;
  body: () => Record<string, unknown>;
}

/**
 * A batch answers for each lead, as an import does for each row: a lead whose name or phone
 * is empty is rejected in the answer, and the others are made.
 */
const rejectedInTheAnswer = new Set([
  'POST /api/leads/batch leads[].name',
  'POST /api/leads/batch leads[].phone',
]);

/** Text that is not free text: kept as sent, or allowed to be empty. Each says why. */
const notFreeText: Record<string, string> = {
  'POST /api/auth/sign-in/email password': 'a password is compared as typed',
  'POST /api/auth/reset-password token': "the reset link's token, matched as sent",
  'POST /api/auth/reset-password newPassword': 'a password is kept as typed',
  'POST /api/users password': 'a password is kept as typed',
  'POST /api/leads/bulk operation.assessorId': "a user's id, looked up as sent",
  'PUT /api/calling-calendar rules.national.law': 'may be left blank: the house rule has none',
};

let t: TestApp;
let adminCookie: string;
let assessor: TestUser;
let tokenSecret: string;
let ownLead: number;
let poolLead: number;
let templateId: number;
let webhookId: number;
let teamId: number;
let pauseReasonId: number;
let document: { paths: Record<string, Record<string, OpenApiOperation>> };
let phoneCounter = 0;
const nextPhone = () => `11 98123-${String(4000 + ++phoneCounter)}`;

/** A valid request of each operation that has a free-text field, by `METHOD /path`. */
const validRequests: Record<string, ValidRequest> = {
  'POST /api/api-tokens': {
    as: 'admin',
    url: () => '/api/api-tokens',
    body: () => ({ name: 'ERP', scopes: ['leads:read'] }),
  },
  'POST /api/users': {
    as: 'admin',
    url: () => '/api/users',
    body: () => ({ name: 'Nova Pessoa', email: 'nova.pessoa@cca.test', role: 'assessor' }),
  },
  'PATCH /api/users/{id}': {
    as: 'admin',
    url: () => `/api/users/${assessor.id}`,
    body: () => ({ name: 'Outro Nome' }),
  },
  'POST /api/leads': {
    as: 'token',
    url: () => '/api/leads',
    body: () => ({ externalId: 'site-1', name: 'Pela API', phone: nextPhone() }),
  },
  'POST /api/leads/batch': {
    as: 'token',
    url: () => '/api/leads/batch',
    body: () => ({ leads: [{ externalId: 'site-2', name: 'Pela API', phone: nextPhone() }] }),
  },
  'PATCH /api/leads/{id}': {
    as: 'admin',
    url: () => `/api/leads/${poolLead}`,
    body: () => ({ name: 'Nome Corrigido', phone: nextPhone() }),
  },
  'POST /api/leads/{id}/phones': {
    as: 'admin',
    url: () => `/api/leads/${poolLead}/phones`,
    body: () => ({ phone: nextPhone(), label: 'Trabalho' }),
  },
  'POST /api/do-not-call': {
    as: 'admin',
    url: () => '/api/do-not-call',
    body: () => ({ phone: nextPhone() }),
  },
  'POST /api/leads/{id}/attempts': {
    as: 'assessor',
    url: () => `/api/leads/${ownLead}/attempts`,
    body: () => ({ outcome: 'no_answer', outsideWindowReason: 'Pediu para ligar à noite' }),
  },
  'PUT /api/calling-calendar': {
    as: 'admin',
    url: () => '/api/calling-calendar',
    body: () => ({
      rules: {
        national: { weekdays: Array(7).fill({ from: 0, to: 1440 }), onHolidays: true, law: null },
        byUf: {},
      },
      holidays: [{ day: '2030-05-02', name: 'Feriado da casa', uf: null }],
    }),
  },
  'POST /api/message-templates': {
    as: 'admin',
    url: () => '/api/message-templates',
    body: () => ({ name: 'Saudação', body: 'Olá, {nome}!' }),
  },
  'PATCH /api/message-templates/{id}': {
    as: 'admin',
    url: () => `/api/message-templates/${templateId}`,
    body: () => ({ name: 'Saudação nova', body: 'Bom dia, {nome}!' }),
  },
  'PUT /api/message-templates/company': {
    as: 'admin',
    url: () => '/api/message-templates/company',
    body: () => ({ companyName: 'Empresa Teste' }),
  },
  'POST /api/distributions': {
    as: 'admin',
    url: () => '/api/distributions',
    body: () => ({ each: 0, pool: { source: 'Planilha de maio' } }),
  },
  'POST /api/webhooks': {
    as: 'admin',
    url: () => '/api/webhooks',
    body: () => ({ name: 'CRM', url: 'http://127.0.0.1:9/gancho', events: ['lead.accepted'] }),
  },
  'PATCH /api/webhooks/{id}': {
    as: 'admin',
    url: () => `/api/webhooks/${webhookId}`,
    body: () => ({ name: 'CRM novo', url: 'http://127.0.0.1:9/outro' }),
  },
  'POST /api/teams': {
    as: 'admin',
    url: () => '/api/teams',
    body: () => ({ name: `Equipe ${++phoneCounter}` }),
  },
  'PATCH /api/teams/{id}': {
    as: 'admin',
    url: () => `/api/teams/${teamId}`,
    body: () => ({ name: `Equipe renomeada ${++phoneCounter}` }),
  },
  'POST /api/pause-reasons': {
    as: 'admin',
    url: () => '/api/pause-reasons',
    body: () => ({ name: `Reunião ${++phoneCounter}`, limitMinutes: 30 }),
  },
  'PATCH /api/pause-reasons/{id}': {
    as: 'admin',
    url: () => `/api/pause-reasons/${pauseReasonId}`,
    body: () => ({ name: `Pausa renomeada ${++phoneCounter}` }),
  },
};

type OpenApiOperation = { requestBody?: { content: Record<string, { schema?: JsonSchema }> } };

type FieldPath = (string | number)[];

/**
 * The text fields of a body that may not be empty: strings that are not a format, a choice or
 * a pattern, and that are required at every level or must have at least one character.
 */
function freeTextFields(schema: JsonSchema, path: FieldPath = [], required = true): FieldPath[] {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.flatMap((choice) => freeTextFields(choice, path, required));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object')) {
    return Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
      freeTextFields(value, [...path, key], required && (schema.required ?? []).includes(key)),
    );
  }
  if (types.includes('array') && schema.items) {
    return freeTextFields(schema.items, [...path, 0], required && (schema.minItems ?? 0) > 0);
  }
  const constrained = schema as JsonSchema & { pattern?: string; const?: unknown };
  const isFreeText =
    types.includes('string') &&
    schema.format === undefined &&
    schema.enum === undefined &&
    constrained.pattern === undefined &&
    constrained.const === undefined;
  return isFreeText && (required || (schema.minLength ?? 0) > 0) ? [path] : [];
}

const fieldName = (path: FieldPath) =>
  path
    .map((key) => (typeof key === 'number' ? '[]' : `.${key}`))
    .join('')
    .replace(/^\./, '')
    .replace(/\.\[\]/g, '[]');

/** Every `METHOD /path field` of the document that may not be empty. */
function walk(): { operation: string; field: string; path: FieldPath }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const schema = operation.requestBody?.content['application/json']?.schema;
      const name = `${method.toUpperCase()} ${path}`;
      const fields = schema ? freeTextFields(schema) : [];
      const unique = new Map(fields.map((field) => [fieldName(field), field]));
      return [...unique].map(([field, fieldPath]) => ({ operation: name, field, path: fieldPath }));
    }),
  );
}

function withValue(body: Record<string, unknown>, path: FieldPath, value: string) {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path.at(-1) as string | number] = value;
  return copy;
}

function send(operation: string, request: ValidRequest, body: Record<string, unknown>) {
  const method = operation.split(' ')[0] as 'POST' | 'PUT' | 'PATCH';
  const headers =
    request.as === 'token'
      ? bearer(tokenSecret)
      : t.as(request.as === 'admin' ? adminCookie : assessor).headers;
  return t.app.inject({ method, url: request.url(), headers, payload: body });
}

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  assessor = await t.createSignedInUser('assessor');
  tokenSecret = (await createTestToken(t, adminCookie, ['leads:write'])).secret;
  ownLead = await t.assignedLead(assessor);
  [poolLead] = (await t.seedLeads(1)) as [number];
  const admin = t.as(adminCookie);
  const template = await admin.post('/api/message-templates', { name: 'Primeiro', body: 'Olá!' });
  templateId = template.json().id;
  // Loopback targets, so that no name is looked up.
  await admin.put('/api/webhooks/settings', { allowPrivateTargets: true });
  const webhook = await admin.post('/api/webhooks', {
    name: 'Primeiro',
    url: 'http://127.0.0.1:9/a',
    events: ['lead.accepted'],
  });
  webhookId = webhook.json().endpoint.id;
  teamId = (await admin.post('/api/teams', { name: 'Primeira equipe' })).json().id;
  pauseReasonId = (await admin.post('/api/pause-reasons', { name: 'Primeira pausa' })).json().id;
  document = (await t.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

describe('free-text fields made only of invisible characters', () => {
  it('has a valid request for every operation with a free-text field, or a reason', () => {
    const fields = walk();
    const named = new Set(fields.map(({ operation, field }) => `${operation} ${field}`));
    expect(Object.keys(notFreeText).filter((key) => !named.has(key))).toEqual([]);
    const needed = new Set(
      fields
        .filter(({ operation, field }) => !(`${operation} ${field}` in notFreeText))
        .map(({ operation }) => operation),
    );
    expect([...needed].sort()).toEqual(Object.keys(validRequests).sort());
  });

  it('refuses each one with 400', async () => {
    const answers: Record<string, string> = {};
    for (const { operation, field, path } of walk()) {
      const request = validRequests[operation];
      if (!request || `${operation} ${field}` in notFreeText) continue;
      const response = await send(operation, request, withValue(request.body(), path, invisible));
      const key = `${operation} ${field}`;
      answers[key] = rejectedInTheAnswer.has(key)
        ? `${response.statusCode} ${response.json().results?.[0]?.result}`
        : String(response.statusCode);
    }
    expect(Object.keys(answers).length).toBeGreaterThan(20);
    expect(answers).toEqual(
      Object.fromEntries(
        Object.keys(answers).map((key) => [
          key,
          rejectedInTheAnswer.has(key) ? '200 rejected' : '400',
        ]),
      ),
    );
  });

  it('keeps the joiners of an emoji in prose, and refuses prose of joiners alone', async () => {
    const post = (body: string) =>
      t.as(adminCookie).post('/api/message-templates', { name: `Modelo ${body.length}`, body });
    const joinersOnly = await post('\u200d\u200c');
    expect(joinersOnly.statusCode, joinersOnly.body).toBe(400);
    expect(joinersOnly.json().error.message).toContain('Escreva o texto da mensagem.');
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    const withEmoji = await post(`\u202e${family} Olá, {nome}!`);
    expect(withEmoji.statusCode, withEmoji.body).toBe(201);
    expect(withEmoji.json().body).toBe(`${family} Olá, {nome}!`);
  });

  it('accepts the valid request of each operation, so the refusals were for the field', async () => {
    const answers: Record<string, string> = {};
    for (const [operation, request] of Object.entries(validRequests)) {
      const response = await send(operation, request, request.body());
      answers[operation] =
        response.statusCode < 300 ? 'ok' : `${response.statusCode} ${response.body}`;
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, 'ok'])));
  });
});
