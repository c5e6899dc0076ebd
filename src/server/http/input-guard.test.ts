import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { containsUnstorableText } from './input-guard.ts';

let t: TestApp;
let admin: string;
let leadId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAsAdmin();
  [leadId] = (await t.seedLeads(1, { name: 'Maria Nula' })) as [number];
});
afterAll(() => t.close());

const nulError = {
  code: 'BAD_REQUEST',
  message:
    'O texto enviado contém um caractere inválido (NUL ou um caractere partido ao meio). Remova-o e tente novamente.',
};

describe('a NUL character anywhere in a request', () => {
  // PostgreSQL refused these inside the query: the answer was a 500.
  it('in a body field is refused with 400 and the lead is unchanged', async () => {
    const before = await t.database.db.selectFrom('leads').selectAll().execute();
    const response = await t.as(admin).patch(`/api/leads/${leadId}`, { name: 'Maria\u0000Nula' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: nulError });
    expect(await t.database.db.selectFrom('leads').selectAll().execute()).toEqual(before);
  });

  it('in a search filter is refused with 400', async () => {
    for (const url of [
      '/api/leads?q=Maria%00',
      '/api/leads/export?assessor=a%00b',
      '/api/attempts?assessor=%00',
    ]) {
      const response = await t.as(admin).get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: nulError });
    }
  });

  it('in a path id or a key deep inside a body is refused with 400', async () => {
    const inPath = await t.as(admin).patch('/api/users/abc%00', { name: 'Outro Nome' });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toEqual({ error: nulError });
    const inKey = await t.as(admin).post('/api/distributions', { perAssessor: { 'id\u0000': 1 } });
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json()).toEqual({ error: nulError });
    expect(await t.database.db.selectFrom('distributions').selectAll().execute()).toEqual([]);
  });

  it('refuses half of a surrogate pair, which jsonb cannot store, and keeps a whole one', async () => {
    const send = (payload: string) =>
      t.as(admin, { 'content-type': 'application/json' }).post('/api/distributions', payload);
    const half = await send('{"perAssessor":{"\\ud800":3}}');
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({ error: nulError });
    expect(containsUnstorableText({ name: 'Ana \ud83d\ude00' })).toBe(false);
    expect(containsUnstorableText({ name: 'Ana \ude00' })).toBe(true);
    expect(await t.database.db.selectFrom('distributions').selectAll().execute()).toEqual([]);
  });

  it('is looked for in an array of half a million items, which the body limit allows', async () => {
    // Each item was passed to push as an argument: past about 130,000 the stack overflowed,
    // and the answer was a 500.
    const items = new Array<unknown>(500_000).fill(0);
    expect(containsUnstorableText(items)).toBe(false);
    expect(containsUnstorableText([...items, 'fim\u0000'])).toBe(true);
    const response = await t
      .as(admin, { 'content-type': 'application/json' })
      .post('/api/distributions', JSON.stringify(items));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: 'Entrada inválida: esperava um objeto, recebeu um vetor',
      },
    });
    expect(await t.database.db.selectFrom('distributions').selectAll().execute()).toEqual([]);
  });

  it('is found however deep the JSON nests, without recursion', () => {
    let nested: unknown = 'fundo\u0000';
    for (let level = 0; level < 100_000; level++) nested = level % 2 ? [nested] : { a: nested };
    expect(containsUnstorableText(nested)).toBe(true);
    expect(containsUnstorableText({ a: ['sem nada', 1, null, { b: true }] })).toBe(false);
  });
});
