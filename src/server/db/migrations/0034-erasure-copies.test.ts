import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('0033-dashboard-counts-autovacuum');
});
afterAll(() => database?.drop());

/** A call's delivery as the outbox wrote it, about lead `id`. */
const payload = (id: number, name: string) =>
  JSON.stringify({
    data: { lead: { id, name, cpf: '39053344705' }, attempt: { note: 'Ligar de novo' } },
  });

it('gives the deliveries of a lead merged away (twice) to the lead left, and erases them with it', async () => {
  const db = database.db;
  // Lead 3 was merged into 2, then 2 into 1, which was erased; lead 5 into 4, not erased.
  await sql`
    insert into users (id, name, email, role) values ('ad', 'Admin', 'admin@cca.test', 'admin');
    insert into leads (id, name, phone, status, erased_at) overriding system value values
      (1, null, null, 'do_not_call', now()),
      (4, 'Rosa', '+5511900000004', 'new', null);
    insert into lead_history (lead_id, to_status, reason) values
      (1, 'new', 'Mesclado com outro lead: lead #2 juntou-se a este'),
      (1, 'new', 'Mesclado com outro lead: lead #3 juntou-se a este (lead #2)'),
      (4, 'new', 'Mesclado com outro lead: lead #5 juntou-se a este');
    insert into webhook_endpoints (name, url, secret, events, created_by)
      values ('Receptor', 'http://127.0.0.1:9/', 's', '{attempt.recorded}', 'ad');
  `.execute(db);
  await sql`
    insert into webhook_deliveries (endpoint_id, event, lead_id, payload) values
      (1, 'attempt.recorded', 3, ${payload(3, 'Zuleica')}::jsonb),
      (1, 'attempt.recorded', 5, ${payload(5, 'Rosa')}::jsonb),
      (1, 'attempt.recorded', 9, ${payload(9, 'Sem Histórico')}::jsonb);
  `.execute(db);

  await migrateToLatest(db);

  const { rows } = await sql<{ leadId: number; lead: unknown; note: unknown }>`
    select lead_id::int as "leadId", payload #> '{data,lead}' as lead,
      payload #> '{data,attempt,note}' as note
    from webhook_deliveries order by id
  `.execute(db);
  expect(rows).toEqual([
    { leadId: 1, lead: { id: 3, externalId: null, erased: true }, note: null },
    { leadId: 4, lead: { id: 5, name: 'Rosa', cpf: '39053344705' }, note: 'Ligar de novo' },
    {
      leadId: 9,
      lead: { id: 9, name: 'Sem Histórico', cpf: '39053344705' },
      note: 'Ligar de novo',
    },
  ]);
});

it('finds a kept row of a file by the e-mails and the digits of its cells', async () => {
  const { rows } = await sql<{ keys: string[] }>`
    select cca_import_row_keys(${JSON.stringify({
      Nome: 'Zuleica 2024',
      Telefone: '(61) 98123-4567',
      'E-mail': ' Zuleica.Rastro@Exemplo.com.br ',
      CPF: '390.533.447-05',
      UF: 'ZZ',
    })}::jsonb) as keys
  `.execute(database.db);
  expect(rows[0]?.keys.sort()).toEqual([
    '39053344705',
    '61981234567',
    'zuleica.rastro@exemplo.com.br',
  ]);
});
