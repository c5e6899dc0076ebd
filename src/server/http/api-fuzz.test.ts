import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/errors.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';

/**
 * Drives every operation of the OpenAPI document with hostile path ids, query strings and
 * bodies, as anonymous, as an assessor and as an admin. Whatever comes in, the answer is
 * below 500, every refusal is `{ error: { code, message } }` in JSON, and a refusal leaves
 * the database as it was.
 */

interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  access: 'public' | 'signedIn' | 'admin';
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

interface HostileRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

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
  const headers = { origin: testOrigin, cookie: assessor.cookie };
  const call = await t.app.inject({
    method: 'POST',
    url: `/api/leads/${ownLeads[0]}/attempts`,
    headers,
    payload: { outcome: 'green', note: 'Aceitou na primeira ligação' },
  });
  expect(call.statusCode).toBe(201);
  const blocked = await t.app.inject({
    method: 'POST',
    url: '/api/leads/bulk',
    headers: { origin: testOrigin, cookie: adminCookie },
    payload: { target: { ids: [poolLeads[0]] }, operation: { action: 'doNotCall' } },
  });
  expect(blocked.statusCode).toBe(200);
  const upload = multipart([
    { name: 'mapping', value: JSON.stringify({ Nome: 'name', Telefone: 'phone' }) },
    { name: 'file', fileName: 'lista.csv', value: 'Nome;Telefone\r\nFulana;(21) 99876-5432\r\n' },
  ]);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { origin: testOrigin, cookie: adminCookie, 'content-type': upload.contentType },
    payload: upload.body,
  });
  expect(started.statusCode).toBe(202);
  const attempt = await t.database.db
    .selectFrom('lead_attempts')
    .select('id')
    .executeTakeFirstOrThrow();
  return [
    ...[...ownLeads, ...otherLeads, ...poolLeads, attempt.id, started.json().id].map(String),
    assessor.id,
    otherAssessor.id,
    (await t.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute())[0]
      ?.id ?? '',
  ];
}

type OpenApiOperation = {
  security: { sessionCookie?: string[] }[];
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
};

function readOperations(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const security = operation.security;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        access:
          security.length === 0
            ? 'public'
            : security.some((requirement) => requirement.sessionCookie?.includes('admin'))
              ? 'admin'
              : 'signedIn',
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: operation.requestBody?.content['application/json']?.schema,
      };
    }),
  );
}

function multipart(parts: { name: string; value: string; fileName?: string }[], boundary = 'x1') {
  const body = parts
    .map((part) => {
      const disposition = `form-data; name="${part.name}"${
        part.fileName === undefined ? '' : `; filename="${part.fileName}"`
      }`;
      return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${part.value}\r\n`;
    })
    .join('');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: `${body}--${boundary}--\r\n`,
  };
}

// ---- arbitraries ---------------------------------------------------------------------------

const hostileConstants = [
  '',
  ' ',
  '0',
  '-1',
  '-9007199254740993',
  '9007199254740993',
  '99999999999999999999999999999',
  '1e309',
  '1.5',
  '0x1F',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../../../../etc/passwd',
  '..\\..\\windows',
  "1' OR '1'='1",
  '1; DROP TABLE leads; --',
  "' UNION SELECT password FROM accounts --",
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  '<img src=x onerror="window.__xss=1">',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection, on purpose
  '${7*7}',
  '{{constructor.constructor("return 1")()}}',
  '__proto__',
  'constructor',
  'prototype',
  '😀👨‍👩‍👧‍👦',
  '\u202egnp.exe',
  'ＡＢＣ１２３',
  '\ud800',
  'x'.repeat(10_000),
  '00000000-0000-0000-0000-000000000000',
  'green',
  'admin',
  '2024-02-30',
  '2024-01-01T25:61:00Z',
];

const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileConstants) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
);

/** A value of any JSON type, hostile strings included, a few levels deep. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Keys nobody may set, the prototype ones included; serialised by hand so they stay keys. */
const forbiddenKeys = [
  'id',
  'role',
  'ownerId',
  'owner_id',
  'status',
  'active',
  'dailyQuota',
  'createdAt',
  'erasedAt',
  'userId',
  '__proto__',
  'constructor',
  'prototype',
];

function objectText(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

const oversized = `{"name":"${'a'.repeat(1024 * 1024 + 16)}"}`;
const deeplyNested = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
const deeplyNestedObject = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/json-patch+json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'text/html',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'application/xml',
  '*/*',
  'json',
  '',
];

/** Text that passes a length rule but carries markup, NUL bytes, SQL or odd unicode. */
const nastyText = fc.oneof(
  fc.constantFrom(
    '<img src=x onerror="window.__xss=1">',
    '<script>window.__xss=1</script>',
    'a\u0000b',
    '\u0000',
    "Robert'); DROP TABLE leads;--",
    '%s%n%x',
    '\u202eRTL',
    'Zalgo Z̷̢̛a̵l̸g̶o',
    '😀👍🏽',
    '\ud800',
    '\\',
    '   ',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

function fitLength(text: string, min = 0, max = 10_000): string {
  const cut = [...text].slice(0, max).join('');
  return cut.length >= min ? cut : cut.padEnd(min, 'x');
}

/**
 * Values that follow a request schema of the OpenAPI document, mostly valid, so that the
 * hostile strings inside them get past validation to the services and the database.
 */
function fromSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(fromSchema));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => fromSchema({ ...schema, type })));
  }
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringFromSchema(schema);
    case 'integer':
    case 'number': {
      const min =
        schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : schema.minimum;
      const range = fc.integer({
        min: Math.max(min ?? -1_000_000, -1_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000),
      });
      const seeded = seededIds.map(Number).filter((id) => Number.isInteger(id));
      return fc.oneof(range, fc.constantFrom(...seeded));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fromSchema(value)]),
      );
      const record = fc.record(properties, { requiredKeys: schema.required ?? [] });
      if (typeof schema.additionalProperties !== 'object') return record;
      const extra = fc.dictionary(
        fc.oneof(fc.constantFrom(...seededIds), nastyText),
        fromSchema(schema.additionalProperties),
        { maxKeys: 3 },
      );
      return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }));
    }
    default:
      return hostileValue;
  }
}

function stringFromSchema(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') {
    return fc.oneof(fc.constantFrom(...seededEmails), fc.emailAddress());
  }
  const day = fc
    .date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString());
  if (schema.format === 'date') return day.map((iso) => iso.slice(0, 10));
  if (schema.format === 'date-time') return day;
  return fc
    .oneof(nastyText, fc.constantFrom(...seededIds), fc.string({ maxLength: 40 }))
    .map((text) => fitLength(text, schema.minLength, schema.maxLength));
}

function bodyFor(operation: Operation): fc.Arbitrary<{ contentType?: string; payload?: string }> {
  const knownKeys = Object.keys(operation.body?.properties ?? { name: 0, email: 0 });
  const entry = fc.tuple(
    fc.oneof(fc.constantFrom(...knownKeys), fc.constantFrom(...forbiddenKeys), fc.string()),
    hostileValue,
  );
  const json = (payload: fc.Arbitrary<string>) =>
    payload.map((text) => ({ contentType: 'application/json', payload: text }));
  // A body that follows the schema, with one forbidden field added now and then.
  const followingSchema = fc
    .tuple(fromSchema(operation.body ?? { type: 'object' }), fc.option(entry, { freq: 4 }))
    .map(([value, extra]) => {
      const entries = Object.entries(value as object);
      return objectText(extra ? [...entries, extra] : entries);
    });
  return fc.oneof(
    fc.constant({}),
    { weight: operation.body ? 8 : 0, arbitrary: json(followingSchema) },
    // Wrong types, missing and extra fields, repeated keys, prototype keys.
    { weight: 6, arbitrary: json(fc.array(entry, { maxLength: 6 }).map(objectText)) },
    { weight: 2, arbitrary: json(hostileValue.map((value) => JSON.stringify(value) ?? 'null')) },
    {
      weight: 1,
      arbitrary: json(
        fc.constantFrom(
          '{"__proto__":{"role":"admin","isAdmin":true}}',
          '{"constructor":{"prototype":{"role":"admin"}}}',
          deeplyNested,
          deeplyNestedObject,
          oversized,
          '',
          'null',
          '{"name":"a\\u0000b","email":"x\\u0000@y.z"}',
          `{"name":"${'z'.repeat(200_000)}"}`,
        ),
      ),
    },
    // Text that is not JSON, or not what the content type says.
    {
      weight: 2,
      arbitrary: fc.record({
        contentType: fc.constantFrom(...contentTypes),
        payload: fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom('{', '{"a":', '[1,2', '{"a":1}}', '\u0000', 'a=1&role=admin'),
        ),
      }),
    },
    // Multipart forms with hostile file names and fields, well formed or broken.
    {
      weight: 1,
      arbitrary: fc
        .record({
          fileName: hostileText,
          file: fc.oneof(
            fc.string({ maxLength: 300 }),
            fc.constantFrom('PK\u0003\u0004broken zip', 'Nome;Telefone\r\n<b>x</b>;abc\r\n', ''),
          ),
          mapping: fc.oneof(
            hostileText,
            hostileValue.map((value) => JSON.stringify(value) ?? ''),
          ),
          broken: fc.boolean(),
        })
        .map(({ fileName, file, mapping, broken }) => {
          const form = multipart([
            { name: 'mapping', value: mapping },
            { name: 'source', value: fileName },
            { name: 'file', fileName: fileName.replaceAll('"', ''), value: file },
          ]);
          return {
            contentType: form.contentType,
            payload: broken ? form.body.slice(0, form.body.length / 2) : form.body,
          };
        }),
    },
  );
}

/** Percent-encodes as a browser would; a lone surrogate becomes bytes that are not UTF-8. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, ''))}%ED%A0%80`;
  }
}

function queryFor(operation: Operation): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...operation.query.map((parameter) => parameter.name), 'limit', 'cursor'),
    fc.constantFrom('__proto__', 'constructor', 'status[]', 'limit[$gt]', 'q[0]', 'a.b'),
    fc.string({ maxLength: 8 }),
  );
  const value = fc.oneof(hostileText, fc.constant('q'.repeat(100_000)));
  // Mostly right values for the declared keys, so that the filters reach the SQL.
  const declared = operation.query.map(({ name, schema }) =>
    fromSchema(schema).map((item): [string, string] => [name, String(item)]),
  );
  const pair = fc.oneof(
    {
      weight: declared.length > 0 ? 3 : 0,
      arbitrary: fc.oneof(fc.constant(['limit', '1'] as [string, string]), ...declared),
    },
    { weight: 2, arbitrary: fc.tuple(key, value) },
  );
  return fc
    .tuple(fc.array(pair, { maxLength: 6 }), fc.constantFrom('', '', '', '&%ZZ=%', '&&='))
    .map(([pairs, raw]) => {
      const text = pairs.map(([name, item]) => `${encode(name)}=${encode(item)}`).join('&');
      return text || raw ? `?${text}${raw}` : '';
    });
}

/** An id as it goes in the path: percent-encoded, or as typed when it is plain ASCII. */
function pathValue(): fc.Arbitrary<string> {
  const value = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...seededIds) }, hostileText);
  return fc
    .tuple(value, fc.boolean())
    .map(([text, raw]) =>
      raw && /^[\x21-\x7e]+$/.test(text) && !/[?#]/.test(text) ? text : encode(text),
    );
}

function requestFor(operation: Operation): fc.Arbitrary<HostileRequest> {
  const params = fc.tuple(...operation.pathParams.map(() => pathValue()));
  const body: fc.Arbitrary<{ contentType?: string; payload?: string }> =
    operation.method === 'GET' ? fc.constant({}) : bodyFor(operation);
  return fc
    .tuple(params, queryFor(operation), body)
    .map(([values, query, { contentType, payload }]) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => values[index++] ?? '');
      const request: HostileRequest = {
        url: `${path}${query}`,
        headers: {
          origin: testOrigin,
          ...(contentType === undefined ? {} : { 'content-type': contentType }),
        },
        ...(payload === undefined ? {} : { payload }),
      };
      // Counterexamples print short: a megabyte of text says nothing more than its length.
      return Object.assign(request, { [fc.toStringMethod]: () => shortly(request) });
    });
}

function shortly(request: HostileRequest): string {
  const cut = (text: string) =>
    text.length > 300 ? `${text.slice(0, 300)}…(${text.length} characters)` : text;
  return JSON.stringify({
    url: cut(request.url),
    contentType: request.headers['content-type'],
    payload: request.payload === undefined ? undefined : cut(String(request.payload)),
  });
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
  let before = await snapshot();
  await fc.assert(
    fc.asyncProperty(requestFor(operation), async (request) => {
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
