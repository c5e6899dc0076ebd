import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../core/audit.ts';
import { createDistributionRepository } from '../distribution/distribution.repository.ts';
import { createDistributionService } from '../distribution/distribution.service.ts';
import { excelCsv, postForm, waitForBatch } from '../imports/fixtures/import-fixtures.ts';
import { type ImportWorker, startImportWorker } from '../imports/import.worker.ts';
import {
  adminCredentials,
  cookieFrom,
  createTestApp,
  type TestApp,
  type TestUser,
  testEnv,
  testOrigin,
} from '../testing/test-app.ts';
import { auditRecorder } from './audit.service.ts';

let t: TestApp;
let worker: ImportWorker;
let adminCookie: string;
let adminId: string;
let ana: TestUser;

const browser = 'Mozilla/5.0 (X11; Linux x86_64) Teste/1.0';
const asAdmin = () => ({ origin: testOrigin, cookie: adminCookie, 'user-agent': browser });

beforeAll(async () => {
  t = await createTestApp();
  worker = startImportWorker({ database: t.database, dataDir: testEnv.dataDir, pollMs: 50 });
  adminCookie = await t.signInAsAdmin();
  adminId = (await t.app.inject({ url: '/api/me', headers: { cookie: adminCookie } })).json().id;
  ana = await t.createSignedInUser('assessor', 'Ana Auditada');
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

/** The rows of one action, oldest first, as stored. */
function rowsOf(action: AuditAction) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

async function lastOf(action: AuditAction) {
  const row = (await rowsOf(action)).at(-1);
  if (!row) throw new Error(`no ${action} row`);
  return row;
}

/** How many rows hold `text` anywhere (every column, details included). */
async function rowsContaining(text: string): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*)::int as count from audit_log a where position(${text} in a::text) > 0
  `.execute(t.database.db);
  return result.rows[0]?.count ?? 0;
}

async function auditCount(): Promise<number> {
  const row = await t.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

function expectRecent(at: Date) {
  expect(Math.abs(Date.now() - at.getTime())).toBeLessThan(60_000);
}

function signIn(email: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin, 'user-agent': browser },
    remoteAddress,
    payload: { email, password },
  });
}

describe('sign-in, sign-out', () => {
  it('records a sign-in with who, when, the address and the browser', async () => {
    const response = await signIn(adminCredentials.email, adminCredentials.password, '203.0.113.7');
    expect(response.statusCode, response.body).toBe(200);
    const row = await lastOf('auth.sign_in');
    expect(row).toMatchObject({
      actor_id: adminId,
      actor_email: adminCredentials.email,
      target_type: 'user',
      target_id: adminId,
      ip: '203.0.113.7',
      user_agent: browser,
    });
    expectRecent(row.at);
  });

  it('records refused sign-ins with the e-mail tried and never the password', async () => {
    const wrong = 'Senha-Errada-Secreta-77';
    expect((await signIn(ana.email, wrong, '198.51.100.4')).statusCode).toBe(401);
    const refused = await lastOf('auth.sign_in_failed');
    expect(refused).toMatchObject({
      actor_id: null,
      actor_email: ana.email,
      target_type: 'user',
      target_id: ana.id,
      ip: '198.51.100.4',
      details: { reason: 'invalid_credentials' },
    });
    expectRecent(refused.at);

    expect((await signIn('ninguem@cca.test', wrong)).statusCode).toBe(401);
    expect(await lastOf('auth.sign_in_failed')).toMatchObject({
      actor_email: 'ninguem@cca.test',
      target_id: null,
      details: { reason: 'invalid_credentials' },
    });

    expect(await rowsContaining(wrong)).toBe(0);
    expect(await rowsContaining(ana.password)).toBe(0);
    expect(await rowsContaining(adminCredentials.password)).toBe(0);
  });

  it('records a sign-out with whose session it was', async () => {
    const response = await signIn(ana.email, ana.password);
    const cookie = cookieFrom(response);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: testOrigin, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await lastOf('auth.sign_out')).toMatchObject({
      actor_id: ana.id,
      actor_email: ana.email,
      ip: '127.0.0.1',
    });
    // The session cookie is a secret too.
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect(await rowsContaining(token)).toBe(0);
  });
});

describe('refused authorisations', () => {
  it('records a 403 with who was refused and where', async () => {
    const response = await t.app.inject({
      url: '/api/users',
      headers: { cookie: ana.cookie, 'user-agent': browser },
    });
    expect(response.statusCode).toBe(403);
    const row = await lastOf('access.denied');
    expect(row).toMatchObject({
      actor_id: ana.id,
      actor_email: ana.email,
      ip: '127.0.0.1',
      user_agent: browser,
      details: { code: 'FORBIDDEN', method: 'GET', path: '/api/users' },
    });
    expectRecent(row.at);
  });

  it('records a cross-site request with its origin, and the change it asked for is not made', async () => {
    const before = await t.database.db.selectFrom('users').select('id').execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users?x=1',
      headers: { origin: 'https://mal.example', cookie: adminCookie },
      payload: { name: 'Intruso', email: 'intruso@cca.test', role: 'admin' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
    expect(await lastOf('access.denied')).toMatchObject({
      actor_id: null,
      details: {
        code: 'CROSS_SITE_REQUEST',
        method: 'POST',
        path: '/api/users',
        origin: 'https://mal.example',
      },
    });
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});

describe('user changes', () => {
  it('records creation, changes, deactivation, reactivation and reset links, never a password or a link', async () => {
    const password = 'Senha-Do-Novo-Usuario-42';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asAdmin(),
      payload: { name: 'Beto Novo', email: 'Beto@cca.test', role: 'assessor', password },
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId: string = created.json().id;
    expect(await lastOf('user.created')).toMatchObject({
      actor_id: adminId,
      actor_email: adminCredentials.email,
      target_type: 'user',
      target_id: userId,
      ip: '127.0.0.1',
      user_agent: browser,
      details: {
        name: 'Beto Novo',
        email: 'beto@cca.test',
        role: 'assessor',
        dailyQuota: 100,
        linkMailed: false,
      },
    });

    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${userId}`, headers: asAdmin(), payload });
    expect(
      (await patch({ name: 'Beto Alterado', dailyQuota: 40, role: 'assessor' })).statusCode,
    ).toBe(200);
    expect(await lastOf('user.updated')).toMatchObject({
      target_id: userId,
      details: {
        email: 'beto@cca.test',
        // The role did not change, so it is not listed.
        changes: {
          name: { from: 'Beto Novo', to: 'Beto Alterado' },
          dailyQuota: { from: 100, to: 40 },
        },
      },
    });
    expect((await patch({ active: false })).statusCode).toBe(200);
    expect(await lastOf('user.deactivated')).toMatchObject({
      target_id: userId,
      details: { changes: { active: { from: true, to: false } } },
    });
    expect((await patch({ active: true })).statusCode).toBe(200);
    expect(await lastOf('user.reactivated')).toMatchObject({
      target_id: userId,
      details: { changes: { active: { from: false, to: true } } },
    });

    const mailsBefore = t.mails.length;
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/password-reset`,
      headers: asAdmin(),
    });
    expect(reset.statusCode).toBe(200);
    expect(await lastOf('user.password_link_sent')).toMatchObject({
      actor_id: adminId,
      target_id: userId,
      details: { email: 'beto@cca.test' },
    });
    const link = t.mails
      .slice(mailsBefore)
      .at(-1)
      ?.text.match(/token=(\w+)/)?.[1];
    expect(link).toBeTruthy();
    expect(await rowsContaining(link as string)).toBe(0);
    expect(await rowsContaining(password)).toBe(0);
    const hash = await t.database.db
      .selectFrom('accounts')
      .select('password')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(await rowsContaining(hash.password as string)).toBe(0);
  });

  it('writes nothing when a change is refused', async () => {
    const before = await auditCount();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${adminId}`,
      headers: asAdmin(),
      payload: { active: false },
    });
    expect(response.statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
  });
});

describe('imports', () => {
  it('records an import started and undone', async () => {
    const file = excelCsv([
      ['Nome', 'Telefone'],
      ['Lead Auditoria Um', '(21) 98888-1001'],
      ['Lead Auditoria Dois', '(21) 98888-1002'],
    ]);
    const started = await postForm(t.app, '/api/imports', adminCookie, file, 'auditoria.csv', {
      source: 'Feira de março',
    });
    expect(started.statusCode, started.body).toBe(202);
    const batchId: number = started.json().id;
    expect(await lastOf('import.started')).toMatchObject({
      actor_id: adminId,
      target_type: 'import',
      target_id: String(batchId),
      details: { fileName: 'auditoria.csv', format: 'csv', source: 'Feira de março' },
    });
    const batch = await waitForBatch(t.app, adminCookie, batchId);
    expect(batch.status).toBe('done');

    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/imports/${batchId}/undo`,
      headers: asAdmin(),
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await lastOf('import.undone')).toMatchObject({
      actor_id: adminId,
      target_id: String(batchId),
      details: { fileName: 'auditoria.csv', inserted: 2 },
    });
    // The lead list itself never goes into the log.
    expect(await rowsContaining('Lead Auditoria')).toBe(0);
  });
});

describe('distributions and recycles', () => {
  it('records a distribution in its own transaction', async () => {
    await t.seedLeads(3);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/distributions',
      headers: asAdmin(),
      payload: { perAssessor: { [ana.id]: 2 } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(await lastOf('distribution.created')).toMatchObject({
      actor_id: adminId,
      target_type: 'distribution',
      target_id: String(result.id),
      details: { requested: 2, assigned: 2, shortfall: 0, assessors: 1 },
    });
  });

  it('leaves no distribution behind when its audit row cannot be written', async () => {
    const [lead] = await t.seedLeads(1, { source: 'sem-auditoria' });
    const service = createDistributionService({
      distributions: createDistributionRepository(t.database.db),
    });
    const admin = {
      id: adminId,
      name: 'Admin Teste',
      email: adminCredentials.email,
      role: 'admin' as const,
    };
    await expect(
      service.distribute(
        { perAssessor: { [ana.id]: 1 }, pool: { kind: 'new', source: 'sem-auditoria' } },
        admin,
        undefined,
        async () => {
          throw new Error('audit unavailable');
        },
      ),
    ).rejects.toThrow('audit unavailable');
    const row = await t.database.db
      .selectFrom('leads')
      .select(['status', 'owner_id'])
      .where('id', '=', lead as number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'new', owner_id: null });
  });

  it('records a recycle with how many leads it moved', async () => {
    await t.seedLeads(2, { status: 'red', owner_id: ana.id, attempts: 1 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reciclarleadsteste',
      headers: asAdmin(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastOf('recycle.run')).toMatchObject({
      actor_id: adminId,
      details: { recycled: 2, rules: { minDaysSinceRefusal: 0, maxRecyclesPerLead: null } },
    });
  });
});

describe('exports and erasures', () => {
  it('records each export with its format and filters, keeping only that there was a search', async () => {
    const leads = await t.app.inject({
      url: '/api/leads/export?format=csv&q=Fulano%20de%20Tal&status=new',
      headers: asAdmin(),
    });
    expect(leads.statusCode).toBe(200);
    expect(await lastOf('export.leads')).toMatchObject({
      actor_id: adminId,
      details: { format: 'csv', filter: { status: ['new'], search: true } },
    });
    expect(await rowsContaining('Fulano')).toBe(0);

    const calls = await t.app.inject({
      url: `/api/attempts/export?format=xlsx&assessor=${ana.id}&from=2026-01-01`,
      headers: asAdmin(),
    });
    expect(calls.statusCode).toBe(200);
    expect(await lastOf('export.attempts')).toMatchObject({
      actor_id: adminId,
      details: { format: 'xlsx', filter: { assessor: ana.id, from: '2026-01-01' } },
    });

    const followUp = await t.app.inject({
      url: '/api/follow-up/export?confirmed=no',
      headers: asAdmin(),
    });
    expect(followUp.statusCode).toBe(200);
    expect(await lastOf('export.follow_up')).toMatchObject({
      details: { format: 'csv', filter: { confirmed: 'no' } },
    });
  });

  it('records an erasure with the lead and the counts, not the data erased', async () => {
    const [lead] = await t.seedLeads(1, { name: 'Pessoa Apagada Silva', email: 'apagar@ex.com' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads/bulk',
      headers: asAdmin(),
      payload: { target: { ids: [lead] }, operation: { action: 'erase' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastOf('lead.erased')).toMatchObject({
      actor_id: adminId,
      target_type: 'lead',
      target_id: String(lead),
      details: { affected: 1, skipped: 0, chosen: 1 },
    });
    expect(await rowsContaining('Pessoa Apagada')).toBe(0);
    expect(await rowsContaining('apagar@ex.com')).toBe(0);
  });

  it('drops any detail whose name says secret, whoever passes it', async () => {
    await auditRecorder.record(t.database.db, {
      actorId: null,
      actorEmail: null,
      ip: 'not an address',
      userAgent: `  ${'x'.repeat(400)}  `,
      action: 'export.leads',
      details: {
        count: 3,
        password: 'p1',
        nested: { sessionToken: 't1', apiSecret: 's1', ok: 'sim' },
      },
    });
    const row = await lastOf('export.leads');
    expect(row.details).toEqual({ count: 3, nested: { ok: 'sim' } });
    expect(row.ip).toBeNull();
    expect(row.user_agent).toHaveLength(300);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from the app connection and changes nothing', async () => {
    const before = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(5);
    const attempts = [
      sql`update audit_log set actor_email = 'outro@cca.test'`,
      sql`update audit_log set details = '{}' where false`,
      sql`delete from audit_log where id = ${before[0]?.id}`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ];
    for (const statement of attempts) {
      await expect(statement.execute(t.database.db)).rejects.toThrow(
        /O registro de auditoria só aceita inclusões/,
      );
    }
    // Not even inside a transaction that then commits.
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('audit_log').execute();
      }),
    ).rejects.toThrow(/só aceita inclusões/);
    const after = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
  });
});

describe('GET /api/audit', () => {
  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/api/audit' })).statusCode).toBe(401);
    const refused = await t.app.inject({ url: '/api/audit', headers: { cookie: ana.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Você não tem permissão para fazer isso.');
  });

  it('lists newest first, page by page, with the actor and the action', async () => {
    const first = await t.app.inject({ url: '/api/audit?limit=3', headers: asAdmin() });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.entries).toHaveLength(3);
    const ids = page.entries.map((entry: { id: number }) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.entries[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(page.nextCursor).toEqual(expect.any(String));

    const second = await t.app.inject({
      url: `/api/audit?limit=3&cursor=${page.nextCursor}`,
      headers: asAdmin(),
    });
    const next = second.json();
    expect(next.entries[0].id).toBeLessThan(ids[2]);
    const total = await auditCount();
    const all = await t.app.inject({ url: '/api/audit?limit=500', headers: asAdmin() });
    expect(all.json().entries).toHaveLength(total);
    expect(all.json().nextCursor).toBeNull();
  });

  it('filters by action, actor and São Paulo days', async () => {
    const byAction = await t.app.inject({
      url: '/api/audit?action=auth.sign_in_failed',
      headers: asAdmin(),
    });
    const failed = byAction.json().entries;
    expect(failed.length).toBe((await rowsOf('auth.sign_in_failed')).length);
    expect(
      failed.every((entry: { action: string }) => entry.action === 'auth.sign_in_failed'),
    ).toBe(true);

    const byActor = await t.app.inject({ url: `/api/audit?actor=${ana.id}`, headers: asAdmin() });
    const anas = byActor.json().entries;
    expect(anas.length).toBeGreaterThan(0);
    expect(anas.every((entry: { actorId: string }) => entry.actorId === ana.id)).toBe(true);
    expect(anas[0].actorName).toBe('Ana Auditada');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    );
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const during = await t.app.inject({
      url: `/api/audit?action=auth.sign_in&from=${today}&to=${today}`,
      headers: asAdmin(),
    });
    expect(during.json().entries.length).toBe((await rowsOf('auth.sign_in')).length);
    const before = await t.app.inject({ url: `/api/audit?to=${shift(-1)}`, headers: asAdmin() });
    expect(before.json().entries).toEqual([]);
    const after = await t.app.inject({ url: `/api/audit?from=${shift(1)}`, headers: asAdmin() });
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
      const response = await t.app.inject({ url: `/api/audit?${query}`, headers: asAdmin() });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
      expect(response.json().error.message, query).toMatch(message);
    }
    expect(await auditCount()).toBe(before);
  });

  it('is described in the OpenAPI document as an admin route', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/audit'].get;
    expect(operation.security).toEqual([{ sessionCookie: ['admin'] }]);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['action', 'actor', 'from', 'to', 'cursor', 'limit']),
    );
  });
});
