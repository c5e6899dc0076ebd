import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context, seedBatch, seedLead } = setUpLeadTestApp();

async function count(query: string) {
  const response = await context.t.as(context.admin).get(`/api/leads/count?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

it('counts the leads of any filter exactly up to 100 000', async () => {
  const batch = await seedBatch();
  for (let index = 0; index < 12; index++) {
    await seedLead({ name: index < 3 ? `João Conceição ${index}` : 'Outro', batch_id: batch });
  }
  await seedLead({ name: 'Fora do lote' });
  expect(await count(`batch=${batch}`)).toEqual({ count: 12, exact: true });
  expect(await count(`batch=${batch}&q=${encodeURIComponent('conceicao joao')}`)).toEqual({
    count: 3,
    exact: true,
  });
  expect(await count(`batch=${batch}&status=assigned`)).toEqual({ count: 0, exact: true });
  const refused = await context.t.as(context.admin).get('/api/leads/count?batch=dez');
  expect(refused.statusCode).toBe(400);
});

it('estimates above 100 000, and says it is an estimate', async () => {
  await sql`
    insert into leads (name, phone)
    select 'Lead ' || n, '+5511' || lpad(n::text, 9, '0') from generate_series(1, 100050) n
  `.execute(context.t.database.db);
  await sql`analyze leads`.execute(context.t.database.db);
  const { count: estimate, exact } = await count('');
  expect(exact).toBe(false);
  expect(estimate).toBeGreaterThan(100_000);
  expect(estimate).toBeLessThan(110_000);
}, 60_000);
