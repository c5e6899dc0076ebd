import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('0020-imported-with-warnings');
});
afterAll(() => database?.drop());

it('folds the names already stored, and every name written after', async () => {
  const db = database.db;
  await sql`
    insert into leads (id, name, phone) overriding system value values
      (1, 'João da CONCEIÇÃO', '+5511900000001'),
      (2, 'ÂNGELA Müller Ñúñez', '+5511900000002');
  `.execute(db);

  await migrateToLatest(db);
  await sql`
    insert into leads (id, name, phone) overriding system value values
      (3, 'Lúcia Gonçalves', '+5511900000003');
    update leads set name = 'Ígor Três' where id = 2;
  `.execute(db);

  const { rows } = await sql<{ id: number; searchName: string }>`
    select lead_id as id, search_name as "searchName" from lead_names order by lead_id
  `.execute(db);
  expect(rows).toEqual([
    { id: 1, searchName: 'joao da conceicao' },
    { id: 2, searchName: 'igor tres' },
    { id: 3, searchName: 'lucia goncalves' },
  ]);
});
