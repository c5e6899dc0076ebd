import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultContactRules } from '../../core/contact-rules.ts';
import { defaultTimeZone } from '../config/env.ts';
import { createContactRulesRepository } from '../contact-rules/index.ts';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { createLeadChangeRepository } from './lead-change.repository.ts';
import { returnOverdueCallbacks } from './overdue-callbacks.ts';

let t: TestApp;
let adminCookie: string;
let ana: TestUser;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  ana = await t.createSignedInUser('assessor', 'Ana Ausente');
});
afterAll(() => t.close());

const callback = (at: Date) => ({
  status: 'yellow' as const,
  owner_id: ana.id,
  assigned_at: minutesAgo(24 * 60),
  callback_at: at,
  next_call_at: at,
  next_call_reason: 'callback' as const,
});

async function overdueListed(): Promise<number[]> {
  const response = await t.as(adminCookie).get('/api/leads?overdueCallbacks=true');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().leads.map((lead: { id: number }) => lead.id);
}

describe('overdue call-backs', () => {
  it('show up for the administrators past the set delay, and go back to the pool only when the rules say so', async () => {
    const [late] = await t.seedLeads(1, callback(minutesAgo(180)));
    const [recent] = await t.seedLeads(1, callback(minutesAgo(60)));
    const [upcoming] = await t.seedLeads(1, callback(minutesAgo(-60)));
    expect(await overdueListed()).toEqual([late]);

    const rules = createContactRulesRepository(t.database.db);
    const changes = createLeadChangeRepository(t.database.db, defaultTimeZone);
    const unitOfWork = createUnitOfWork(t.database.db, { publish: () => {} });
    expect(await returnOverdueCallbacks(changes, rules, unitOfWork)).toBe(0);

    await rules.replace({
      ...defaultContactRules,
      overdueCallbacks: { afterMinutes: 30, returnToPool: true },
    });
    expect(await overdueListed()).toEqual([recent, late]);
    expect(await returnOverdueCallbacks(changes, rules, unitOfWork)).toBe(2);
    const rows = await t.database.db
      .selectFrom('leads')
      .select(['id', 'status', 'owner_id', 'last_owner_id', 'callback_at'])
      .where('id', 'in', [late as number, recent as number, upcoming as number])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.status, row.owner_id, row.last_owner_id])).toEqual([
      ['new', null, ana.id],
      ['new', null, ana.id],
      ['yellow', ana.id, null],
    ]);
    expect(await overdueListed()).toEqual([]);
  });
});
