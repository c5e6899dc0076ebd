import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  excelCsv,
  postForm,
  startTestImportWorker,
  waitForBatch,
} from '../imports/fixtures/import-fixtures.ts';
import type { ImportWorker } from '../imports/index.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';
import { bearer, createTestToken } from '../testing/test-tokens.ts';

/**
 * No call is recorded against a number on a block list, whatever path put the number on the
 * lead: each path below ends with the assessor's call to the number, refused with 409. Where a
 * path checks the lists itself, the number is listed "behind its back" afterwards, as a list
 * loaded by a transaction that could not see the lead leaves it: on the list, while the lead
 * still holds it as callable. Only the call's own statement stands in the way then.
 */

let t: TestApp;
let worker: ImportWorker;
let adminCookie: string;
let ana: TestUser;
let token: { id: number; secret: string };

beforeAll(async () => {
  t = await createTestApp();
  worker = startTestImportWorker(t);
  adminCookie = await t.signInAsAdmin();
  ana = await t.createSignedInUser('assessor', 'Ana Bloqueio');
  token = await createTestToken(t, adminCookie, ['leads:write'], 'Formulário do site');
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const asAdmin = () => ({ origin: testOrigin, cookie: adminCookie });
const refusal =
  'Este número está numa lista de bloqueio (não ligar): a ligação não foi registrada. Ligue para outro número do lead ou peça a um administrador que o tire da sua lista.';

let nextNumber = 0;
/** A mobile number no other test of the file uses, as E.164. */
const freshPhone = () => `+55119876${String(60_000 + nextNumber++).padStart(5, '0')}`;
const spelt = (e164: string) => `(${e164.slice(3, 5)}) ${e164.slice(5, 10)}-${e164.slice(10)}`;

/** The number lands on the company's block list without the lead being touched. */
async function listBehindItsBack(phone: string) {
  await t.database.db
    .insertInto('do_not_call')
    .values({ phone, reason: 'Pedido do cliente', created_by: null })
    .execute();
}

async function leadIdByPhone(phone: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('leads')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Hands Ana every lead of the pool. */
async function distributeToAna() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/distributions',
    headers: asAdmin(),
    payload: { perAssessor: { [ana.id]: 50 } },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function ownerOf(leadId: number) {
  const row = await t.database.db
    .selectFrom('leads')
    .select('owner_id')
    .where('id', '=', leadId)
    .executeTakeFirstOrThrow();
  return row.owner_id;
}

async function callsOf(leadId: number) {
  return t.database.db
    .selectFrom('lead_attempts')
    .select('id')
    .where('lead_id', '=', leadId)
    .execute();
}

/** Ana's call to `phone` on the lead: refused, nothing recorded. */
async function expectCallRefused(leadId: number, phone?: string) {
  const before = (await callsOf(leadId)).length;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/leads/${leadId}/attempts`,
    headers: { origin: testOrigin, cookie: ana.cookie },
    payload: { outcome: 'no_answer', ...(phone ? { phone } : {}) },
  });
  expect(response.statusCode, response.body).toBe(409);
  expect(await callsOf(leadId)).toHaveLength(before);
  return response.json().error.message as string;
}

async function importLead(phones: string[]) {
  const header = ['Nome', 'Telefone', 'Celular'].slice(0, phones.length + 1);
  const file = excelCsv([header, ['Pessoa da lista', ...phones.map(spelt)]]);
  const response = await postForm(t.app, '/api/imports', adminCookie, file, 'leads.csv');
  expect(response.statusCode, response.body).toBe(202);
  const batch = await waitForBatch(t.app, adminCookie, response.json().id);
  expect(batch).toMatchObject({ status: 'done', inserted: 1 });
  return leadIdByPhone(phones[0] as string);
}

async function leadInAnasList(phones: string[]) {
  const leadId = await importLead(phones);
  await distributeToAna();
  expect(await ownerOf(leadId)).toBe(ana.id);
  return leadId;
}

describe('a call to a number on a block list', () => {
  it('is refused on a lead imported from a file, on its main number and on its other one', async () => {
    const [main, other] = [freshPhone(), freshPhone()];
    const leadId = await leadInAnasList([main, other]);
    await listBehindItsBack(other);
    expect(await expectCallRefused(leadId, other)).toBe(refusal);
    await listBehindItsBack(main);
    expect(await expectCallRefused(leadId)).toBe(refusal);
  });

  it('is refused on a lead sent by another system', async () => {
    const [main, other] = [freshPhone(), freshPhone()];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: bearer(token.secret),
      payload: { name: 'Pessoa do site', phone: spelt(main), otherPhones: [spelt(other)] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const leadId = response.json().leadId as number;
    await distributeToAna();
    expect(await ownerOf(leadId)).toBe(ana.id);
    await listBehindItsBack(other);
    expect(await expectCallRefused(leadId, other)).toBe(refusal);
  });

  it('is refused after an admin corrects the main number: a listed one is refused, a free one listed since is not called', async () => {
    const leadId = await leadInAnasList([freshPhone(), freshPhone()]);
    const listed = freshPhone();
    await listBehindItsBack(listed);
    const patch = (phone: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/leads/${leadId}`,
        headers: asAdmin(),
        payload: { phone: spelt(phone) },
      });
    const refused = await patch(listed);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(
      'Este telefone está numa lista de bloqueio: ele não pode ser o telefone do lead.',
    );
    expect(
      await t.database.db.selectFrom('leads').select('id').where('phone', '=', listed).execute(),
    ).toEqual([]);

    const corrected = freshPhone();
    const accepted = await patch(corrected);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await listBehindItsBack(corrected);
    expect(await expectCallRefused(leadId)).toBe(refusal);
    expect(await expectCallRefused(leadId, corrected)).toBe(refusal);
  });

  it('is refused on a number an admin added to the lead', async () => {
    const leadId = await leadInAnasList([freshPhone()]);
    const added = freshPhone();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/phones`,
      headers: asAdmin(),
      payload: { phone: spelt(added), label: 'Trabalho' },
    });
    expect(response.statusCode, response.body).toBe(200);
    await listBehindItsBack(added);
    expect(await expectCallRefused(leadId, added)).toBe(refusal);
  });

  it('is refused on a number a merge brought to the lead', async () => {
    const keptId = await leadInAnasList([freshPhone()]);
    const brought = freshPhone();
    const removedId = await importLead([brought]);
    const cpf = '52998224725';
    await t.database.db
      .updateTable('leads')
      .set({ cpf })
      .where('id', 'in', [keptId, removedId])
      .execute();
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${keptId}/merge`,
      headers: asAdmin(),
      payload: { other: removedId },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await listBehindItsBack(brought);
    expect(await expectCallRefused(keptId, brought)).toBe(refusal);
  });

  it('is refused on a number of a list loaded after the lead was handed out', async () => {
    const [main, other] = [freshPhone(), freshPhone()];
    const leadId = await leadInAnasList([main, other]);
    const loaded = await postForm(
      t.app,
      '/api/block-lists',
      adminCookie,
      Buffer.from(`${spelt(other)}\n`),
      'procon.txt',
      { name: 'Procon-SP', listDate: '2026-11-01' },
    );
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(await expectCallRefused(leadId, other)).toContain('"Não ligar"');
    // The same list, loaded while the lead's number was being written, missed it.
    const late = freshPhone();
    const lateLead = await leadInAnasList([freshPhone(), late]);
    const source = await t.database.db
      .selectFrom('block_list_sources')
      .select('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('block_list_phones')
      .values({ phone: late, source_id: source.id })
      .execute();
    expect(await expectCallRefused(lateLead, late)).toBe(refusal);
  });

  it('is refused on a listed number an admin sets "Válido" by hand', async () => {
    const [main, other] = [freshPhone(), freshPhone()];
    const leadId = await leadInAnasList([main, other]);
    const setState = (state: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/leads/${leadId}/phones/${encodeURIComponent(other)}`,
        headers: asAdmin(),
        payload: { state },
      });
    // Set "Inválido" by mistake, then listed while so; the admin sets it back.
    expect((await setState('invalid')).statusCode).toBe(200);
    await listBehindItsBack(other);
    const valid = await setState('valid');
    expect(valid.statusCode, valid.body).toBe(409);
    expect(await expectCallRefused(leadId, other)).toContain('"Inválido"');
  });

  it('is never handed out by a distribution when the main number is listed', async () => {
    const main = freshPhone();
    const leadId = await importLead([main]);
    await listBehindItsBack(main);
    await distributeToAna();
    expect(await ownerOf(leadId)).toBeNull();
  });
});
