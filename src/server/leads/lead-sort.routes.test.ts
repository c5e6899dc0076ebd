import { describe, expect, it } from 'vitest';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context, seedBatch, seedLead, list } = setUpLeadTestApp();

interface Page {
  leads: { id: number; name: string | null }[];
  nextCursor: string | null;
}

/** Every lead of the query, page after page of `limit`. */
async function walk(query: string, limit = 2) {
  const names: (string | null)[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = (await list(
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )) as Page;
    names.push(...page.leads.map((lead) => lead.name));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return names;
}

describe('GET /api/leads?sort=', () => {
  it('reads the list in name order, accents and case aside, erased leads last, by keyset pages', async () => {
    const batch = await seedBatch();
    for (const name of ['Zé Carlos', 'bruno lima', 'Álvaro Dias', 'Bruna Souza', 'alice Reis']) {
      await seedLead({ name, batch_id: batch });
    }
    const erased = await context.t.as(context.admin).post('/api/leads/bulk', {
      target: { filter: { batch, q: 'Souza' } },
      operation: { action: 'erase' },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    expect(await walk(`batch=${batch}&sort=name`)).toEqual([
      'alice Reis',
      'Álvaro Dias',
      'bruno lima',
      'Zé Carlos',
      null,
    ]);
    // Pages of one and of a hundred agree: the keyset neither skips nor repeats a lead.
    expect(await walk(`batch=${batch}&sort=name`, 1)).toEqual(
      await walk(`batch=${batch}&sort=name`, 100),
    );
    expect(await walk(`batch=${batch}&sort=name&q=${encodeURIComponent('b')}`)).toEqual([
      'bruno lima',
    ]);
  });

  it('reads it oldest first or newest first, the default', async () => {
    const batch = await seedBatch();
    for (const name of ['Primeiro', 'Segundo', 'Terceiro']) {
      await seedLead({ name, batch_id: batch });
    }
    expect(await walk(`batch=${batch}&sort=oldest`)).toEqual(['Primeiro', 'Segundo', 'Terceiro']);
    expect(await walk(`batch=${batch}`)).toEqual(['Terceiro', 'Segundo', 'Primeiro']);
    expect(await walk(`batch=${batch}&sort=oldest&q=${encodeURIComponent('o')}`)).toEqual([
      'Primeiro',
      'Segundo',
      'Terceiro',
    ]);
  });

  it('refuses an unknown order and a cursor of another order, in pt-BR', async () => {
    const unknown = await context.t.as(context.admin).get('/api/leads?sort=telefone');
    expect(unknown.statusCode).toBe(400);
    const idCursor = Buffer.from('12').toString('base64url');
    const mixed = await context.t.as(context.admin).get(`/api/leads?sort=name&cursor=${idCursor}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toBe('Cursor de paginação inválido.');
  });
});
