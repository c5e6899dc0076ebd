import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer, createTestToken } from '../testing/test-tokens.ts';
import { startIdempotencyKeyPurge } from './idempotency-key-purge.ts';

let t: TestApp;
let token: { id: number; secret: string };

beforeAll(async () => {
  t = await createTestApp();
  token = await createTestToken(t, await t.signInAsAdmin(), ['leads:write'], 'Site');
});
afterAll(() => t.close());

async function send(key: string, phone: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { ...bearer(token.secret), 'idempotency-key': key },
    payload: { name: 'Cliente do Site', phone },
  });
  expect(response.statusCode, response.body).toBe(201);
}

const keys = async () =>
  (
    await t.database.db.selectFrom('api_idempotency_keys').select('key').orderBy('key').execute()
  ).map((row) => row.key);

describe('the purge of idempotency keys', () => {
  it('deletes, at start, every key (and its stored answer) older than a day, and only those', async () => {
    await send('ontem', '(11) 98765-0001');
    await send('hoje', '(11) 98765-0002');
    await send('quase-um-dia', '(11) 98765-0003');
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    await sql`
      update api_idempotency_keys set created_at = case key
        when 'ontem' then ${hoursAgo(25)}::timestamptz
        when 'quase-um-dia' then ${hoursAgo(23)}::timestamptz
        else created_at end
    `.execute(t.database.db);
    const log: string[] = [];
    const job = startIdempotencyKeyPurge({
      database: t.database,
      log: (message) => log.push(message),
      now: () => now,
    });
    await job.stop();
    expect(await keys()).toEqual(['hoje', 'quase-um-dia']);
    expect(log).toEqual([]);
  });
});
