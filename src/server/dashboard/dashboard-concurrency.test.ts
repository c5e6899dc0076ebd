import { describe, expect, it } from 'vitest';
import { setUpDashboardTestApp } from './fixtures/dashboard-test-app.ts';

const { context, readDashboard, expectSummariesExact } = setUpDashboardTestApp();

/** Ana's call on the lead, or 'blocked' when it has not answered in 5 s. */
function callUnlessBlocked(leadId: number, outcome: string) {
  const timeout = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5000));
  return Promise.race([
    context.t.recordCall(context.ana, leadId, outcome, { channel: 'phone' }),
    timeout,
  ]);
}

describe('concurrent writes', () => {
  it('a transaction holding changed leads does not hold up the calls of others', async () => {
    const [held, called] = await context.t.seedLeads(2, {
      status: 'assigned',
      owner_id: context.ana.id,
      assigned_at: new Date(),
    });
    const client = await context.t.database.pool.connect();
    try {
      // Like a 50 000-lead distribution still running: its lead changes are not committed.
      await client.query('begin');
      await client.query(`update leads set status = 'new', owner_id = null where id = $1`, [held]);
      const response = await callUnlessBlocked(called as number, 'green');
      expect(response === 'blocked' ? response : response.statusCode).toBe(201);
      await client.query('commit');
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
    }
    await expectSummariesExact();
    expect((await readDashboard()).statusCounts).toMatchObject({ new: 1, green: 1, assigned: 0 });
  });

  it('a call not yet committed does not hold up the same assessor’s next call', async () => {
    const [first, second] = await context.t.seedLeads(2, {
      status: 'assigned',
      owner_id: context.ana.id,
      assigned_at: new Date(),
    });
    const client = await context.t.database.pool.connect();
    try {
      // The same assessor, day and outcome: the counters of both calls are the same figure.
      await client.query('begin');
      await client.query(
        `insert into lead_attempts (lead_id, assessor_id, outcome, channel)
         values ($1, $2, 'no_answer', 'phone')`,
        [first, context.ana.id],
      );
      const response = await callUnlessBlocked(second as number, 'no_answer');
      expect(response === 'blocked' ? response : response.statusCode).toBe(201);
      await client.query('commit');
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
    }
    await expectSummariesExact();
  });
});
