import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiScope, apiScopes } from '../../core/api-tokens.ts';
import { businessState } from '../testing/business-state.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer, createTestToken } from '../testing/test-tokens.ts';

/**
 * Bearer tokens, walked over the OpenAPI document: a token reaches the routes its scopes name
 * and no other, and a refused token changes nothing.
 */

interface Operation {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  isPublic: boolean;
  /** The scope a token needs for it; undefined when no token may call it. */
  scope: ApiScope | undefined;
}

/** What each token route is given when its token may call it. */
const acceptedRequests: Record<string, { url: string; payload?: object }> = {
  'GET /api/leads': { url: '/api/leads?limit=5' },
  'GET /api/leads/{id}': { url: '/api/leads/{lead}' },
  'GET /api/attempts': { url: '/api/attempts?limit=5' },
  'POST /api/leads': { url: '/api/leads', payload: { name: 'Pela API', phone: '11 98123-0001' } },
  'POST /api/leads/batch': {
    url: '/api/leads/batch',
    payload: { leads: [{ name: 'Pela API', phone: '11 98123-0002' }] },
  },
};

let t: TestApp;
let adminCookie: string;
let operations: Operation[];
let leadId: number;
const tokens = {} as Record<ApiScope | 'all', string>;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  [leadId] = (await t.seedLeads(1)) as [number];
  tokens.all = (await createTestToken(t, adminCookie, [...apiScopes])).secret;
  for (const scope of apiScopes) {
    // Every scope but this one: the route that needs it must still refuse the token.
    const others = apiScopes.filter((other) => other !== scope);
    tokens[scope] = (await createTestToken(t, adminCookie, others)).secret;
  }
  const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const security = operation.security ?? [];
      const scope = security.find((requirement) => requirement.apiToken)?.apiToken?.[0];
      return {
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        isPublic: security.length === 0,
        scope: scope as ApiScope | undefined,
      };
    }),
  );
});
afterAll(() => t.close());

const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, String(leadId));

describe('API tokens, walked over the OpenAPI document', () => {
  it('names the token routes and their scopes', () => {
    const tokenRoutes = operations.filter((operation) => operation.scope);
    expect(
      Object.fromEntries(tokenRoutes.map((operation) => [operation.name, operation.scope])),
    ).toEqual({
      'GET /api/leads': 'leads:read',
      'GET /api/leads/{id}': 'leads:read',
      'GET /api/attempts': 'attempts:read',
      'POST /api/leads': 'leads:write',
      'POST /api/leads/batch': 'leads:write',
    });
  });

  it('refuses a token with every scope on every other route, and changes nothing', async () => {
    const before = await businessState(t.database.db);
    const others = operations.filter((operation) => !operation.scope && !operation.isPublic);
    expect(others.length).toBeGreaterThan(30);
    for (const operation of others) {
      const response = await t.app.inject({
        method: operation.method,
        url: urlOf(operation.path),
        headers: bearer(tokens.all),
        ...(operation.method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${operation.name} → ${response.body}`).toBe(403);
      expect(response.json().error.code, operation.name).toBe('TOKEN_NOT_ALLOWED');
    }
    expect(await businessState(t.database.db)).toEqual(before);
  });

  it('refuses a token without the scope a route needs, and a token that is not one', async () => {
    const before = await businessState(t.database.db);
    for (const operation of operations.filter((operation) => operation.scope)) {
      const request = acceptedRequests[operation.name];
      expect(request, `${operation.name}: add it to acceptedRequests`).toBeDefined();
      const send = (secret: string) =>
        t.app.inject({
          method: operation.method,
          url: (request?.url ?? '').replace('{lead}', String(leadId)),
          headers: bearer(secret),
          ...(request?.payload ? { payload: request.payload } : {}),
        });
      const withoutScope = await send(tokens[operation.scope as ApiScope]);
      expect(withoutScope.statusCode, operation.name).toBe(403);
      expect(withoutScope.json().error.message, operation.name).toContain(operation.scope);
      const forged = await send(`${tokens.all.slice(0, -6)}abcdef`);
      expect(forged.statusCode, operation.name).toBe(401);
      expect(forged.json().error.code, operation.name).toBe('INVALID_API_TOKEN');
    }
    expect(await businessState(t.database.db)).toEqual(before);
  });

  it('lets a token with the scope through each of its routes', async () => {
    for (const operation of operations.filter((operation) => operation.scope)) {
      const request = acceptedRequests[operation.name];
      const response = await t.app.inject({
        method: operation.method,
        url: (request?.url ?? '').replace('{lead}', String(leadId)),
        headers: bearer(tokens.all),
        ...(request?.payload ? { payload: request.payload } : {}),
      });
      expect([200, 201], `${operation.name} → ${response.body}`).toContain(response.statusCode);
    }
  });

  it('keeps the routes only integrations call closed to a signed-in administrator', async () => {
    const response = await t
      .as(adminCookie)
      .post('/api/leads', acceptedRequests['POST /api/leads']?.payload);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toContain('token de API');
  });
});
