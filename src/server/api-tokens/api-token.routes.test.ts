import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenPattern } from '../../core/api-tokens.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { bearer, createTestToken } from '../testing/test-tokens.ts';

let t: TestApp;
let adminCookie: string;
let assessor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  assessor = await t.createSignedInUser('assessor');
});
afterAll(() => t.close());

const tokenRows = () => t.database.db.selectFrom('api_tokens').selectAll().orderBy('id').execute();
const readLeads = (secret: string) =>
  t.app.inject({ url: '/api/leads?limit=1', headers: bearer(secret) });

describe('API tokens', () => {
  it('shows the secret once and keeps only its SHA-256', async () => {
    const response = await t
      .as(adminCookie)
      .post('/api/api-tokens', { name: 'Site', scopes: ['leads:read'] });
    expect(response.statusCode, response.body).toBe(201);
    const { token, secret } = response.json();
    expect(secret).toMatch(apiTokenPattern);
    expect(token).toMatchObject({ name: 'Site', scopes: ['leads:read'], revokedAt: null });
    expect(secret.startsWith(token.prefix)).toBe(true);

    const row = await t.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash.equals(createHash('sha256').update(secret).digest())).toBe(true);
    expect(JSON.stringify(row)).not.toContain(secret.slice(-43));

    const list = await t.as(adminCookie).get('/api/api-tokens');
    expect(list.body).not.toContain(secret.slice(-43));
    expect(list.json().tokens.map((listed: { id: number }) => listed.id)).toContain(token.id);

    expect((await readLeads(secret)).statusCode).toBe(200);
  });

  it('refuses a token at once when it is revoked, and a token past its expiry', async () => {
    const revoked = await createTestToken(t, adminCookie, ['leads:read']);
    const expired = await createTestToken(t, adminCookie, ['leads:read']);
    expect((await readLeads(revoked.secret)).statusCode).toBe(200);

    const revoke = await t.as(adminCookie).post(`/api/api-tokens/${revoked.id}/revoke`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    await t.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();

    for (const secret of [revoked.secret, expired.secret]) {
      const refused = await readLeads(secret);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toEqual({
        code: 'INVALID_API_TOKEN',
        message: 'Token de API inválido, revogado ou expirado.',
      });
    }
    // A wrong secret for a real token, and something that is no token at all.
    const forged = `${revoked.secret.slice(0, -4)}AAAA`;
    for (const secret of [forged, 'qualquer-coisa']) {
      expect((await readLeads(secret)).statusCode).toBe(401);
    }
    const again = await t.as(adminCookie).post(`/api/api-tokens/${revoked.id}/revoke`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad input in pt-BR and keeps nothing', async () => {
    const before = await tokenRows();
    const bodies = [
      { name: '', scopes: ['leads:read'] },
      { name: 'Sem permissão', scopes: [] },
      { name: 'Permissão estranha', scopes: ['users:write'] },
      { name: 'Vencido', scopes: ['leads:read'], expiresAt: '2020-01-01T00:00:00Z' },
      { name: 'Repetida', scopes: ['leads:read', 'leads:read'] },
    ];
    const messages: string[] = [];
    for (const payload of bodies) {
      const response = await t.as(adminCookie).post('/api/api-tokens', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      messages.push(response.json().error.message);
    }
    expect(messages).toEqual([
      'name: Dê um nome ao token (a integração que vai usá-lo).',
      'scopes: Escolha ao menos uma permissão.',
      'scopes.0: Permissão desconhecida.',
      'expiresAt: A validade deve ser uma data futura.',
      'scopes: Permissão repetida.',
    ]);
    expect(await tokenRows()).toEqual(before);
  });

  it('lets only administrators see, create or revoke tokens', async () => {
    const token = await createTestToken(t, adminCookie, ['leads:read']);
    const before = await tokenRows();
    const asAssessor = t.as(assessor).headers;
    const requests = [
      { method: 'GET' as const, url: '/api/api-tokens' },
      {
        method: 'POST' as const,
        url: '/api/api-tokens',
        payload: { name: 'X', scopes: ['leads:read'] },
      },
      { method: 'POST' as const, url: `/api/api-tokens/${token.id}/revoke` },
    ];
    for (const request of requests) {
      expect((await t.app.inject({ ...request, headers: asAssessor })).statusCode).toBe(403);
      // Nor can a token manage tokens, whatever it may do elsewhere.
      const byToken = await t.app.inject({ ...request, headers: bearer(token.secret) });
      expect(byToken.statusCode).toBe(403);
      expect(byToken.json().error.code).toBe('TOKEN_NOT_ALLOWED');
    }
    expect(await tokenRows()).toEqual(before);
  });

  it('names the token, never a user, in the audit log of what it did', async () => {
    const token = await createTestToken(t, adminCookie, ['leads:read'], 'ERP da matriz');
    expect((await readLeads(token.secret)).statusCode).toBe(200);
    const audit = await t.as(adminCookie).get('/api/audit?action=api_token.used');
    const [entry] = audit.json().entries;
    expect(entry).toMatchObject({
      actorId: `api-token:${token.id}`,
      actorEmail: null,
      actorName: 'Token de API: ERP da matriz',
      details: { method: 'GET', path: '/api/leads', answer: 200 },
    });
  });
});

describe('the rate limit of a token', () => {
  it('counts each token apart from the address it calls from', async () => {
    const limited = await createTestApp({ env: { apiTokenRateLimitPerMinute: 3 } });
    try {
      const admin = await limited.signInAsAdmin();
      const first = await createTestToken(limited, admin, ['leads:read']);
      const second = await createTestToken(limited, admin, ['leads:read']);
      const read = (secret: string) =>
        limited.app.inject({ url: '/api/leads?limit=1', headers: bearer(secret) });
      // A token's first call is counted against its address: the limiter keys a token by its
      // id only once this server has verified it, so a made-up one cannot get a fresh allowance.
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await read(first.secret)).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 429]);
      // Another token, and the admin's own session from the same address, still get through.
      expect((await read(second.secret)).statusCode).toBe(200);
      const session = await limited.app.inject({
        url: '/api/leads?limit=1',
        headers: { cookie: admin },
      });
      expect(session.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
