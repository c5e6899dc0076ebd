import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer, createTestToken } from '../testing/test-tokens.ts';

let t: TestApp;
let adminCookie: string;
let token: { id: number; secret: string };

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  token = await createTestToken(t, adminCookie, ['leads:write'], 'Formulário do site');
});
afterAll(() => t.close());

const inject = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { ...bearer(token.secret), ...headers },
    payload: payload as object,
  });
const injectBatch = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/leads/batch',
    headers: { ...bearer(token.secret), ...headers },
    payload: payload as object,
  });

/** The leads, their numbers and the idempotency keys: what an injection may change. */
async function state() {
  const db = t.database.db;
  return {
    leads: await db.selectFrom('leads').selectAll().orderBy('id').execute(),
    phones: await db.selectFrom('lead_phones').selectAll().orderBy('phone').execute(),
    keys: await db.selectFrom('api_idempotency_keys').selectAll().orderBy('key').execute(),
  };
}

describe('one lead sent by another system', () => {
  it('is normalised as an imported row and records the token as its source', async () => {
    const response = await inject({
      externalId: 'site-1',
      name: '  Maria   da Silva ',
      phone: '(11) 98765-4321',
      email: 'maria@exemplo.com.br',
      uf: 'sp',
      extra: { Campanha: 'Black Friday' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({ index: 0, externalId: 'site-1', result: 'created' });
    const lead = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', result.leadId)
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      name: 'Maria da Silva',
      phone: '+5511987654321',
      uf: 'SP',
      status: 'new',
      source: 'Formulário do site',
      external_id: 'site-1',
      extra: { Campanha: 'Black Friday' },
    });
  });

  it('answers the same lead when its external id is sent again, and makes no other', async () => {
    const first = await inject({ externalId: 'site-2', name: 'João', phone: '11 97777-0001' });
    expect(first.statusCode).toBe(201);
    const before = await state();
    // The same id with another number is still the same lead: the caller's id wins.
    const again = await inject({ externalId: 'site-2', name: 'João', phone: '11 97777-0002' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ result: 'existing', leadId: first.json().leadId });
    expect(await state()).toEqual(before);
  });

  it('replays the first answer to a retry with the same Idempotency-Key', async () => {
    const payload = { name: 'Carla Souza', phone: '21 96666-1234' };
    const key = { 'idempotency-key': 'pedido-123' };
    const first = await inject(payload, key);
    expect(first.statusCode).toBe(201);
    const before = await state();
    const retry = await inject(payload, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await state()).toEqual(before);

    const reused = await inject({ name: 'Outra Pessoa', phone: '21 96666-9999' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await state()).toEqual(before);
  });

  it('makes one lead when the same key is sent twice at once', async () => {
    const payload = { name: 'Pedro Lima', phone: '31 95555-0101' };
    const key = { 'idempotency-key': 'concorrente-1' };
    const [a, b] = await Promise.all([inject(payload, key), inject(payload, key)]);
    expect(a.json()).toEqual(b.json());
    const leads = await t.database.db
      .selectFrom('leads')
      .select('id')
      .where('phone', '=', '+5531955550101')
      .execute();
    expect(leads).toHaveLength(1);
  });

  it('refuses a lead an import would refuse, with the same words, and keeps nothing', async () => {
    const before = await state();
    const refused = await inject(
      { name: 'Sem Telefone', phone: '123' },
      { 'idempotency-key': 'k-bad' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/telefone/i);
    const wrongType = await inject({ name: 'Tipo', phone: 11987654321 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe('phone: Informe um texto.');
    expect(await state()).toEqual(before);
  });

  it('accepts only a token with leads:write', async () => {
    const reader = await createTestToken(t, adminCookie, ['leads:read']);
    const before = await state();
    const payload = { name: 'Fulano', phone: '11 94444-0000' };
    const byReader = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: bearer(reader.secret),
      payload,
    });
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().error.message).toContain('leads:write');
    const bySession = await t.as(adminCookie).post('/api/leads', payload);
    expect(bySession.statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });
});

describe('a batch of leads', () => {
  it('answers each lead with what became of it, as an import counts its rows', async () => {
    const [existing] = await t.seedLeads(1, { phone: '+5541988880000' });
    await t.database.db
      .insertInto('do_not_call')
      .values({ phone: '+5541977770000', reason: 'Pediu para não ligar' })
      .execute();
    const response = await injectBatch({
      leads: [
        {
          externalId: 'b-1',
          name: 'Ana',
          phone: '41 96666-0001',
          otherPhones: ['41 96666-0002'],
          whatsapp: '41 96666-0002',
        },
        { externalId: 'b-2', name: 'Bruno', phone: 'não sei' },
        { externalId: 'b-3', name: 'Célia', phone: '41 97777-0000' },
        { externalId: 'b-4', name: 'Davi', phone: '41 98888-0000' },
        { externalId: 'b-5', name: 'Eva', phone: '41 96666-0003', otherPhones: ['41 96666-0002'] },
        { externalId: 'b-1', name: 'Ana de novo', phone: '41 96666-0009' },
        { externalId: 'b-7', name: 'Fábio', phone: '41 96666-0004', email: 'não-é-email' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results, counts } = response.json();
    const ana = results[0].leadId;
    expect(results.map((r: { result: string }) => r.result)).toEqual([
      'created',
      'rejected',
      'blocked',
      'duplicate',
      'duplicate',
      'existing',
      'created',
    ]);
    expect(results[1].message).toMatch(/telefone/i);
    expect(results[3].leadId).toBe(existing);
    expect(results[4].leadId).toBe(ana);
    expect(results[5].leadId).toBe(ana);
    expect(results[6].message).toMatch(/e-mail/i);
    expect(counts).toEqual({ created: 2, existing: 1, duplicate: 2, blocked: 1, rejected: 1 });

    const numbers = await t.database.db
      .selectFrom('lead_phones')
      .select(['phone', 'whatsapp', 'position'])
      .where('lead_id', '=', ana)
      .orderBy('position')
      .execute();
    expect(numbers).toEqual([
      { phone: '+5541966660001', whatsapp: false, position: 0 },
      { phone: '+5541966660002', whatsapp: true, position: 1 },
    ]);
  });

  it('finds a lead by any of its numbers, sent in a later batch', async () => {
    const response = await injectBatch({
      leads: [{ name: 'Outra', phone: '41 90000-0000', otherPhones: ['41 96666-0002'] }],
    });
    expect(response.json().results[0]).toMatchObject({ result: 'duplicate' });
  });

  it('refuses a batch over 1000 leads, or a malformed one, whole', async () => {
    const before = await state();
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({
      name: `Lead ${i}`,
      phone: `11 9${String(10_000_000 + i)}`,
    }));
    const big = await injectBatch({ leads: tooMany });
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe('leads: Envie no máximo 1000 leads por vez.');
    const malformed = await injectBatch({
      leads: [{ name: 'Ok', phone: '11 93333-0000' }, { name: 'Sem telefone' }],
    });
    expect(malformed.statusCode).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('replays a batch sent again with its Idempotency-Key', async () => {
    const payload = {
      leads: [
        { name: 'Gil', phone: '51 95555-1111' },
        { name: 'Hugo', phone: '51 95555-2222' },
      ],
    };
    const key = { 'idempotency-key': 'lote-2026-11-26' };
    const first = await injectBatch(payload, key);
    expect(first.json().counts.created).toBe(2);
    const before = await state();
    const retry = await injectBatch(payload, key);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await state()).toEqual(before);
  });
});
