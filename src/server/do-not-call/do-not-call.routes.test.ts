import { describe, expect, it } from 'vitest';
import { defaultBlockReason } from '../../core/do-not-call.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { testOrigin } from '../testing/test-app.ts';
import { blockedPhoneHistoryReason } from './do-not-call.service.ts';

const context = setUpTestApp({ assessors: { assessor: 'Ana Assessora' } });

type Page = {
  phones: { phone: string; reason: string; createdByName: string | null; createdAt: string }[];
  nextCursor: string | null;
};

async function list(query = ''): Promise<Page> {
  const response = await context.t.as(context.adminCookie).get(`/api/do-not-call?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const add = (payload: object) =>
  context.t.as(context.adminCookie).post('/api/do-not-call', payload);

const remove = (phone: string) =>
  context.t.as(context.adminCookie).delete(`/api/do-not-call/${encodeURIComponent(phone)}`);

/** Everything the block list and the leads hold, to show a refused request changed nothing. */
async function snapshot() {
  const [blocked, leads, history] = await Promise.all([
    context.t.database.db.selectFrom('do_not_call').selectAll().orderBy('phone').execute(),
    context.t.database.db
      .selectFrom('leads')
      .select(['id', 'status', 'owner_id', 'updated_at'])
      .orderBy('id')
      .execute(),
    context.t.database.db.selectFrom('lead_history').select('id').execute(),
  ]);
  return { blocked, leads, history: history.length };
}

const leadRow = (id: number) =>
  context.t.database.db
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const historyOf = (id: number) =>
  context.t.database.db.selectFrom('lead_history').selectAll().where('lead_id', '=', id).execute();

describe('POST /api/do-not-call', () => {
  it('blocks a phone typed in any spelling and takes its lead out of circulation', async () => {
    const [owned] = await context.t.seedLeads(1, {
      phone: '+5511987654321',
      status: 'assigned',
      owner_id: context.assessor.id,
      assigned_at: new Date(),
    });
    const [other] = await context.t.seedLeads(1, {
      status: 'assigned',
      owner_id: context.assessor.id,
    });

    const response = await add({ phone: '(11) 98765-4321', reason: '  Pediu por telefone  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      blocked: {
        phone: '+5511987654321',
        reason: 'Pediu por telefone',
        createdByName: 'Admin Teste',
      },
      leadsTakenOut: 1,
    });

    expect(await leadRow(owned as number)).toMatchObject({
      status: 'do_not_call',
      owner_id: null,
      last_owner_id: context.assessor.id,
      callback_at: null,
    });
    expect(await historyOf(owned as number)).toMatchObject([
      {
        changed_by: context.adminId,
        from_status: 'assigned',
        to_status: 'do_not_call',
        from_owner_id: context.assessor.id,
        to_owner_id: null,
        reason: blockedPhoneHistoryReason,
      },
    ]);
    expect(await leadRow(other as number)).toMatchObject({
      status: 'assigned',
      owner_id: context.assessor.id,
    });
    expect(await historyOf(other as number)).toEqual([]);
  });

  it('blocks a phone no lead has, with the default reason', async () => {
    const response = await add({ phone: '+55 21 3333-4444' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      blocked: { phone: '+552133334444', reason: defaultBlockReason },
      leadsTakenOut: 0,
    });
  });

  it('answers 409 for a phone already there, in another spelling, and changes nothing', async () => {
    const before = await snapshot();
    const response = await add({ phone: '011 98765 4321', reason: 'de novo' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Este telefone já está na lista de bloqueio.');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a pt-BR message and changes nothing', async () => {
    const [lead] = await context.t.seedLeads(1, {
      status: 'assigned',
      owner_id: context.assessor.id,
    });
    const phone = (await leadRow(lead as number)).phone as string;
    const before = await snapshot();
    for (const [payload, message] of [
      [{ phone: '123' }, 'Telefone deve ter DDD e 8 ou 9 dígitos.'],
      [{ phone: '(11) 1234-5678' }, 'Telefone inválido.'],
      [{ phone: '+1 212 555 0100' }, 'Telefone de fora do Brasil.'],
      [{ phone: '   ' }, 'Informe o telefone.'],
      [{}, 'Informe o telefone.'],
      [{ phone: phone, reason: 'x'.repeat(201) }, 'No máximo 200 caracteres.'],
      [{ phone: phone, owner: 'eu' }, undefined],
    ] as const) {
      const response = await add(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('BAD_REQUEST');
      if (message) expect(error.message).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/do-not-call', () => {
  it('pages newest first, every phone exactly once, ties broken by the phone', async () => {
    const sameTime = new Date('2030-01-01T12:00:00.123456Z');
    const phones = Array.from({ length: 7 }, (_, index) => `+55319876500${10 + index}`);
    await context.t.database.db
      .insertInto('do_not_call')
      .values(phones.map((phone) => ({ phone, reason: 'lote', created_at: sameTime })))
      .execute();
    const newest = new Date('2030-01-02T00:00:00Z');
    await context.t.database.db
      .insertInto('do_not_call')
      .values({ phone: '+5531999990000', reason: 'mais novo', created_at: newest })
      .execute();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.phones.map((entry) => entry.phone));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);

    const total = await context.t.database.db
      .selectFrom('do_not_call')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(seen).toHaveLength(total.count);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 8)).toEqual(['+5531999990000', ...[...phones].reverse()]);
  });

  it('finds a phone typed in any spelling, or a piece of it', async () => {
    await context.t.database.db
      .insertInto('do_not_call')
      .values({ phone: '+5541988776655', reason: 'teste', created_by: context.adminId })
      .execute();
    for (const q of ['(41) 98877-6655', '41988776655', '+55 41 9 8877 6655', '041 98877-6655']) {
      const page = await list(`q=${encodeURIComponent(q)}`);
      expect(
        page.phones.map((entry) => entry.phone),
        q,
      ).toEqual(['+5541988776655']);
    }
    expect((await list(`q=${encodeURIComponent('8877-66')}`)).phones).toMatchObject([
      { phone: '+5541988776655', reason: 'teste', createdByName: 'Admin Teste' },
    ]);
    expect((await list('q=Maria')).phones).toEqual([]);
    expect((await list(`q=${encodeURIComponent('%')}`)).phones).toEqual([]);
  });

  it('refuses a forged cursor with 400', async () => {
    const response = await context.t
      .as(context.adminCookie)
      .get(`/api/do-not-call?cursor=${Buffer.from('ontem|+55').toString('base64url')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Cursor de paginação inválido.');
  });
});

describe('DELETE /api/do-not-call/{phone}', () => {
  it('removes a phone given in any spelling; the leads stay out of circulation', async () => {
    const [lead] = await context.t.seedLeads(1, { phone: '+5551977776666' });
    expect((await add({ phone: '51977776666' })).statusCode).toBe(201);

    const response = await remove('(51) 97777-6666');
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect((await list(`q=${encodeURIComponent('51977776666')}`)).phones).toEqual([]);
    expect((await leadRow(lead as number)).status).toBe('do_not_call');

    const again = await remove('+5551977776666');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Este telefone não está na lista de bloqueio.');

    // Both changes are in the audit log, by the admin, without the phone itself.
    const audit = await context.t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('action', 'in', ['do_not_call.added', 'do_not_call.removed'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audit).toEqual([
      { action: 'do_not_call.removed', actor_id: context.adminId, details: {} },
      { action: 'do_not_call.added', actor_id: context.adminId, details: { leadsTakenOut: 1 } },
    ]);
    expect(JSON.stringify(audit)).not.toContain('77776666');
  });

  it('refuses an invalid phone with 400 and changes nothing', async () => {
    const before = await snapshot();
    const response = await remove('123');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Telefone deve ter DDD e 8 ou 9 dígitos.');
    expect(await snapshot()).toEqual(before);
  });
});

describe('access', () => {
  it('refuses assessors with 403 and strangers with 401, changing nothing', async () => {
    const before = await snapshot();
    const requests = [
      { method: 'GET', url: '/api/do-not-call' },
      { method: 'POST', url: '/api/do-not-call', payload: { phone: '11987650000' } },
      { method: 'DELETE', url: `/api/do-not-call/${encodeURIComponent('+5511987654321')}` },
    ] as const;
    for (const request of requests) {
      const asAssessor = await context.t.app.inject({
        ...request,
        headers: { origin: testOrigin, cookie: context.assessor.cookie },
      });
      expect(asAssessor.statusCode, `${request.method} ${request.url}`).toBe(403);
      const anonymous = await context.t.app.inject({ ...request, headers: { origin: testOrigin } });
      expect(anonymous.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});
