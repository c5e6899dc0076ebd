import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAuditTestApp } from './fixtures/audit-test-app.ts';

const { context, asAdmin, rowsOf, auditCount, signIn } = setUpAuditTestApp();

beforeAll(async () => {
  // Rows to read: the set-up signed the admin and Ana in, and Ana now mistypes four times.
  for (let attempt = 0; attempt < 4; attempt++) {
    const refused = await signIn(context.ana.email, 'senha-errada');
    expect(refused.statusCode).toBe(401);
  }
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from the app connection and changes nothing', async () => {
    const before = await context.t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(before.length).toBeGreaterThan(5);
    const attempts = [
      sql`update audit_log set actor_email = 'outro@cca.test'`,
      sql`update audit_log set details = '{}' where false`,
      sql`delete from audit_log where id = ${before[0]?.id}`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ];
    for (const statement of attempts) {
      await expect(statement.execute(context.t.database.db)).rejects.toThrow(
        /O registro de auditoria só aceita inclusões/,
      );
    }
    // Not even inside a transaction that then commits.
    await expect(
      context.t.database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('audit_log').execute();
      }),
    ).rejects.toThrow(/só aceita inclusões/);
    const after = await context.t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });
});

describe('GET /api/audit', () => {
  it('is for administrators only', async () => {
    expect((await context.t.app.inject({ url: '/api/audit' })).statusCode).toBe(401);
    const refused = await context.t.as(context.ana).get('/api/audit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Você não tem permissão para fazer isso.');
  });

  it('lists newest first, page by page, with the actor and the action', async () => {
    const first = await context.t.app.inject({ url: '/api/audit?limit=3', headers: asAdmin() });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.entries).toHaveLength(3);
    const ids = page.entries.map((entry: { id: number }) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.entries[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(page.nextCursor).toEqual(expect.any(String));

    const second = await context.t.app.inject({
      url: `/api/audit?limit=3&cursor=${page.nextCursor}`,
      headers: asAdmin(),
    });
    const next = second.json();
    expect(next.entries[0].id).toBeLessThan(ids[2]);
    const total = await auditCount();
    const all = await context.t.app.inject({ url: '/api/audit?limit=500', headers: asAdmin() });
    expect(all.json().entries).toHaveLength(total);
    expect(all.json().nextCursor).toBeNull();
  });

  it('filters by action, actor and São Paulo days', async () => {
    const byAction = await context.t.app.inject({
      url: '/api/audit?action=auth.sign_in_failed',
      headers: asAdmin(),
    });
    const failed = byAction.json().entries;
    expect(failed.length).toBe((await rowsOf('auth.sign_in_failed')).length);
    expect(
      failed.every((entry: { action: string }) => entry.action === 'auth.sign_in_failed'),
    ).toBe(true);

    const byActor = await context.t.app.inject({
      url: `/api/audit?actor=${context.ana.id}`,
      headers: asAdmin(),
    });
    const anas = byActor.json().entries;
    expect(anas.length).toBeGreaterThan(0);
    expect(anas.every((entry: { actorId: string }) => entry.actorId === context.ana.id)).toBe(true);
    expect(anas[0].actorName).toBe('Ana Auditada');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    );
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const during = await context.t.app.inject({
      url: `/api/audit?action=auth.sign_in&from=${today}&to=${today}`,
      headers: asAdmin(),
    });
    expect(during.json().entries.length).toBe((await rowsOf('auth.sign_in')).length);
    const before = await context.t.app.inject({
      url: `/api/audit?to=${shift(-1)}`,
      headers: asAdmin(),
    });
    expect(before.json().entries).toEqual([]);
    const after = await context.t.app.inject({
      url: `/api/audit?from=${shift(1)}`,
      headers: asAdmin(),
    });
    expect(after.json().entries).toEqual([]);
  });

  it('refuses a bad filter with 400 in Portuguese and records nothing for it', async () => {
    const cases: [string, RegExp][] = [
      ['action=user.hacked', /Ação de auditoria desconhecida/],
      ['from=2026-02-30', /Data inválida \(use AAAA-MM-DD\)/],
      ['from=2026-03-10&to=2026-03-01', /A data inicial deve ser anterior ou igual à data final/],
      ['cursor=%21%21', /Cursor de paginação inválido/],
      ['limit=0', /.+/],
    ];
    const before = await auditCount();
    for (const [query, message] of cases) {
      const response = await context.t.app.inject({
        url: `/api/audit?${query}`,
        headers: asAdmin(),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
      expect(response.json().error.message, query).toMatch(message);
    }
    expect(await auditCount()).toBe(before);
  });

  it('is described in the OpenAPI document as an admin route', async () => {
    const document = (await context.t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/audit'].get;
    expect(operation.security).toEqual([{ sessionCookie: ['admin'] }]);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['action', 'actor', 'from', 'to', 'cursor', 'limit']),
    );
  });
});
