import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DistributionResult } from '../../core/distribution.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';

const context = setUpTestApp({ assessors: { ana: 'Ana', bruno: 'Bruno', carla: 'Carla' } });

beforeEach(async () => {
  await context.t.database.db.deleteFrom('distributions').execute();
  await context.t.database.db.deleteFrom('leads').execute();
  await context.t.database.db.updateTable('users').set({ active: true }).execute();
});

async function seedBatch(source: string) {
  const row = await context.t.database.db
    .insertInto('import_batches')
    .values({
      file_name: `${source}.csv`,
      file_size: 100,
      format: 'csv',
      source,
      mapping: {},
      status: 'done',
      created_by: context.adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function distribute(payload: unknown, headers: Record<string, string> = {}) {
  return context.t.as(context.adminCookie, headers).post('/api/distributions', payload as object);
}

async function ownersOf(ids: number[]) {
  const rows = await context.t.database.db
    .selectFrom('leads')
    .select(['id', 'status', 'owner_id'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

const shareOf = (result: DistributionResult, id: string) =>
  result.shares.find((share) => share.assessorId === id);

describe('POST /api/distributions', () => {
  it('splits a short pool fairly and reports the shortfall, with history rows', async () => {
    const ids = await context.t.seedLeads(10);
    const response = await distribute({
      perAssessor: { [context.ana.id]: 6, [context.bruno.id]: 2, [context.carla.id]: 6 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as DistributionResult;
    expect(result).toMatchObject({ requested: 14, assigned: 10, shortfall: 4 });
    expect(shareOf(result, context.bruno.id)?.assigned).toBe(2);
    expect(shareOf(result, context.ana.id)?.assigned).toBe(4);
    expect(shareOf(result, context.carla.id)?.assigned).toBe(4);
    expect(shareOf(result, context.ana.id)?.assessorName).toBe('Ana');

    const leads = await ownersOf(ids);
    expect([...leads.values()].every((lead) => lead.status === 'assigned')).toBe(true);
    const history = await context.t.database.db
      .selectFrom('lead_history')
      .selectAll()
      .where('lead_id', 'in', ids)
      .execute();
    expect(history).toHaveLength(10);
    for (const row of history) {
      expect(row).toMatchObject({
        reason: `Distribuição #${result.id}`,
        changed_by: context.adminId,
        from_status: 'new',
        to_status: 'assigned',
        from_owner_id: null,
      });
      expect(row.to_owner_id).toBe(leads.get(row.lead_id)?.owner_id);
    }
    const shares = await context.t.database.db
      .selectFrom('distribution_shares')
      .selectAll()
      .where('distribution_id', '=', result.id)
      .execute();
    expect(shares).toHaveLength(3);

    const overview = await context.t.as(context.adminCookie).get('/api/distributions/overview');
    expect(overview.statusCode, overview.body).toBe(200);
    const body = overview.json();
    expect(body.pool).toEqual({ new: 0, recycled: 0 });
    expect(body.assessors.find((a: { id: string }) => a.id === context.ana.id)).toMatchObject({
      pending: 4,
      receivedToday: 4,
      dailyQuota: 100,
    });
    expect(body.recent[0]).toEqual(result);
  });

  it('gives every active assessor the same with `each` and skips deactivated and unknown ids', async () => {
    await context.t.seedLeads(20);
    await context.t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('id', '=', context.bruno.id)
      .execute();
    const each = await distribute({ each: 3 });
    expect(each.statusCode, each.body).toBe(201);
    const eachResult = each.json() as DistributionResult;
    expect(eachResult.shares.map((share) => share.assessorId).sort()).toEqual(
      [context.ana.id, context.carla.id].sort(),
    );
    expect(eachResult.assigned).toBe(6);

    const response = await distribute({
      perAssessor: { [context.ana.id]: 2, [context.bruno.id]: 5, 'nao-existe': 4 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as DistributionResult;
    expect(shareOf(result, context.ana.id)?.assigned).toBe(2);
    expect(shareOf(result, context.bruno.id)).toMatchObject({ requested: 5, assigned: 0 });
    expect(shareOf(result, 'nao-existe')).toMatchObject({
      assigned: 0,
      assessorName: 'Usuário não encontrado',
    });
    expect(result.assigned).toBe(2);
    const brunoLeads = await context.t.database.db
      .selectFrom('leads')
      .select('id')
      .where('owner_id', '=', context.bruno.id)
      .execute();
    expect(brunoLeads).toHaveLength(0);
  });

  it('takes only from the pool asked for: kind, batch, source', async () => {
    const batchA = await seedBatch('Feira');
    const batchB = await seedBatch('Site');
    const fromA = await context.t.seedLeads(3, { batch_id: batchA, source: 'Feira' });
    const fromB = await context.t.seedLeads(3, { batch_id: batchB, source: 'Site' });
    const recycled = await context.t.seedLeads(2, {
      status: 'recycled',
      last_owner_id: context.bruno.id,
    });

    const byBatch = await distribute({ each: 10, pool: { batchId: batchA, kind: 'new' } });
    expect(byBatch.json().assigned).toBe(3);
    const afterBatch = await ownersOf([...fromA, ...fromB, ...recycled]);
    expect(fromA.every((id) => afterBatch.get(id)?.status === 'assigned')).toBe(true);
    expect(fromB.every((id) => afterBatch.get(id)?.status === 'new')).toBe(true);

    const onlyRecycled = await distribute({ each: 10, pool: { kind: 'recycled' } });
    expect(onlyRecycled.json().assigned).toBe(2);
    expect(
      onlyRecycled
        .json()
        .shares.reduce((sum: number, s: { recycled: number }) => sum + s.recycled, 0),
    ).toBe(2);
    const afterRecycled = await ownersOf([...fromB, ...recycled]);
    expect(fromB.every((id) => afterRecycled.get(id)?.status === 'new')).toBe(true);

    const bySource = await distribute({
      perAssessor: { [context.ana.id]: 10 },
      pool: { source: 'Site' },
    });
    expect(bySource.json().assigned).toBe(3);
  });

  it('sends recycled leads to someone other than their last owner', async () => {
    const lastAna = await context.t.seedLeads(4, {
      status: 'recycled',
      last_owner_id: context.ana.id,
    });
    const lastBruno = await context.t.seedLeads(4, {
      status: 'recycled',
      last_owner_id: context.bruno.id,
    });
    const response = await distribute({
      perAssessor: { [context.ana.id]: 4, [context.bruno.id]: 4 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const leads = await ownersOf([...lastAna, ...lastBruno]);
    expect(lastAna.every((id) => leads.get(id)?.owner_id === context.bruno.id)).toBe(true);
    expect(lastBruno.every((id) => leads.get(id)?.owner_id === context.ana.id)).toBe(true);
    expect(shareOf(response.json(), context.ana.id)?.recycled).toBe(4);
  });

  it('replays an Idempotency-Key with the first answer and assigns nothing more', async () => {
    await context.t.seedLeads(10);
    const headers = { 'idempotency-key': 'chave-1' };
    const first = await distribute({ each: 2 }, headers);
    expect(first.statusCode).toBe(201);
    const again = await distribute({ each: 2 }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [concurrentA, concurrentB] = await Promise.all([
      distribute({ each: 1 }, { 'idempotency-key': 'chave-2' }),
      distribute({ each: 1 }, { 'idempotency-key': 'chave-2' }),
    ]);
    expect([concurrentA?.statusCode, concurrentB?.statusCode].sort()).toEqual([200, 201]);
    expect(concurrentA?.json()).toEqual(concurrentB?.json());
    const assigned = await context.t.database.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'assigned')
      .executeTakeFirstOrThrow();
    expect(assigned.count).toBe(6 + 3);
    const rows = await context.t.database.db.selectFrom('distributions').select('id').execute();
    expect(rows).toHaveLength(2);
  });

  it('refuses invalid requests in pt-BR and changes nothing; assessors get 403', async () => {
    const ids = await context.t.seedLeads(3);
    const cases = [
      { each: 2, perAssessor: { [context.ana.id]: 1 } },
      {},
      { each: -1 },
      { perAssessor: { [context.ana.id]: -2 } },
      { each: 1.5 },
    ];
    for (const payload of cases) {
      const response = await distribute(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await distribute({ each: -1 })).json().error.message).toMatch(/negativa/);
    expect((await distribute({ each: 1, perAssessor: {} })).json().error.message).toMatch(
      /Informe a quantidade/,
    );
    const forbidden = await context.t.as(context.ana).post('/api/distributions', { each: 1 });
    expect(forbidden.statusCode).toBe(403);
    const overview = await context.t.as(context.ana).get('/api/distributions/overview');
    expect(overview.statusCode).toBe(403);
    const leads = await ownersOf(ids);
    expect([...leads.values()].every((lead) => lead.status === 'new')).toBe(true);
    expect(
      await context.t.database.db.selectFrom('distributions').select('id').execute(),
    ).toHaveLength(0);
  });
});

describe('a big team', () => {
  /** `size` more active assessors; `leave` takes them out again, with the leads and distributions. */
  async function withTeam(size: number) {
    const team = Array.from({ length: size }, () => crypto.randomUUID());
    await context.t.database.db
      .insertInto('users')
      .values(
        team.map((id, index) => ({
          id,
          name: `Assessor ${index}`,
          email: `${id}@cca.test`,
          role: 'assessor' as const,
        })),
      )
      .execute();
    // Leave the team out of the other tests, which count the active assessors.
    const leave = async () => {
      await context.t.database.db.deleteFrom('distributions').execute();
      await context.t.database.db.deleteFrom('leads').execute();
      await context.t.database.db.deleteFrom('users').where('id', 'in', team).execute();
    };
    return { team, leave };
  }

  it('distributes to 300 assessors at once (their ids overflow one NOTIFY payload)', async () => {
    const { team, leave } = await withTeam(300);
    await context.t.seedLeads(300 * 2);
    try {
      const response = await distribute({
        perAssessor: Object.fromEntries(team.map((id) => [id, 2])),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ requested: 600, assigned: 600, shortfall: 0 });
    } finally {
      await leave();
    }
  });

  it("hands out a large centre's day, 153,000 leads, in one distribution", async () => {
    // The leads locked were pushed onto one array as arguments: past about 130,000 the stack
    // overflowed, and the distribution answered 500.
    const { leave } = await withTeam(150);
    await sql`
      insert into leads (name, phone)
      select 'Lead ' || n, '+55219' || lpad(n::text, 8, '0')
      from generate_series(1, 160000) as n
    `.execute(context.t.database.db);
    try {
      // Ana, Bruno and Carla are active too: 153 assessors.
      const response = await distribute({ each: 1000 });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ requested: 153_000, assigned: 153_000 });
      const owners = await sql<{ owners: number; fewest: number; most: number }>`
        select count(*)::int as owners, min(leads)::int as fewest, max(leads)::int as most
        from (select count(*) as leads from leads where status = 'assigned' group by owner_id) o
      `.execute(context.t.database.db);
      expect(owners.rows[0]).toEqual({ owners: 153, fewest: 1000, most: 1000 });
    } finally {
      await leave();
    }
    // 160,000 rows written and 153,000 handed out: 9 s alone, more than 30 s with the whole suite
    // running beside it on two cores. What it checks is that the day is handed out, not how fast
    // (the distribution's speed is a figure of `npm run bench`).
  }, 180_000);
});
