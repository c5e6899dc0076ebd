import { describe, expect, it } from 'vitest';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context, seedBatch, seedLead, list, ids, bulk } = setUpLeadTestApp();

async function historyOf(id: number) {
  return context.t.database.db
    .selectFrom('lead_history')
    .selectAll()
    .where('lead_id', '=', id)
    .orderBy('id')
    .execute();
}

async function leadRow(id: number) {
  return context.t.database.db
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('POST /api/leads/bulk', () => {
  it('returns chosen leads to the pool, skipping those it does not apply to', async () => {
    const red = await seedLead({ status: 'red', owner_id: context.assessor.id });
    const yellow = await seedLead({
      status: 'yellow',
      owner_id: context.assessor.id,
      callback_at: new Date(),
    });
    const fresh = await seedLead();
    const blocked = await seedLead({ status: 'do_not_call' });
    const response = await bulk({ ids: [red, yellow, fresh, blocked] }, { action: 'returnToPool' });
    expect(response.json()).toEqual({ affected: 2, skipped: 2 });
    for (const id of [red, yellow]) {
      expect(await leadRow(id)).toMatchObject({
        status: 'new',
        owner_id: null,
        callback_at: null,
        last_owner_id: context.assessor.id,
      });
      expect(await historyOf(id)).toMatchObject([
        {
          changed_by: context.adminId,
          to_status: 'new',
          from_owner_id: context.assessor.id,
          to_owner_id: null,
          reason: 'Devolvido ao pool',
        },
      ]);
    }
    expect((await leadRow(blocked)).status).toBe('do_not_call');
    expect(await historyOf(fresh)).toEqual([]);
  });

  it('reassigns a whole filter to an active assessor, and refuses an inactive one', async () => {
    const batch = await seedBatch();
    const other = await context.t.createSignedInUser('assessor', 'Bruno');
    const fresh = await seedLead({ batch_id: batch });
    const mine = await seedLead({
      batch_id: batch,
      status: 'no_answer',
      owner_id: context.assessor.id,
    });
    const invalid = await seedLead({ batch_id: batch, status: 'invalid' });
    const response = await bulk(
      { filter: { batch } },
      { action: 'reassign', assessorId: other.id },
    );
    expect(response.json()).toEqual({ affected: 2, skipped: 1 });
    expect(await leadRow(mine)).toMatchObject({
      status: 'assigned',
      owner_id: other.id,
      last_owner_id: context.assessor.id,
    });
    expect((await leadRow(mine)).assigned_at).not.toBeNull();
    expect(await historyOf(fresh)).toMatchObject([
      { from_status: 'new', to_status: 'assigned', to_owner_id: other.id, reason: 'Redistribuído' },
    ]);
    expect((await leadRow(invalid)).owner_id).toBeNull();

    const inactive = await context.t.createSignedInUser('assessor', 'Inativo');
    await context.t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('id', '=', inactive.id)
      .execute();
    const refused = await bulk(
      { filter: { batch } },
      { action: 'reassign', assessorId: inactive.id },
    );
    expect(refused.statusCode).toBe(400);
    expect(
      (await bulk({ ids: [fresh] }, { action: 'reassign', assessorId: 'ninguem' })).statusCode,
    ).toBe(404);
    expect(
      (await bulk({ ids: [fresh] }, { action: 'reassign', assessorId: context.adminId }))
        .statusCode,
    ).toBe(400);
    expect((await leadRow(fresh)).owner_id).toBe(other.id);
  });

  it('marks do-not-call on ids and on a filter, blocking the phones', async () => {
    const batch = await seedBatch();
    const a = await seedLead({
      batch_id: batch,
      status: 'assigned',
      owner_id: context.assessor.id,
    });
    const b = await seedLead({ batch_id: batch });
    const c = await seedLead();
    expect((await bulk({ ids: [c] }, { action: 'doNotCall' })).json()).toEqual({
      affected: 1,
      skipped: 0,
    });
    expect((await bulk({ filter: { batch } }, { action: 'doNotCall' })).json()).toEqual({
      affected: 2,
      skipped: 0,
    });
    expect((await bulk({ filter: { batch } }, { action: 'doNotCall' })).json()).toEqual({
      affected: 0,
      skipped: 2,
    });
    for (const id of [a, b, c]) {
      const row = await leadRow(id);
      expect(row).toMatchObject({ status: 'do_not_call', owner_id: null });
      const blocked = await context.t.database.db
        .selectFrom('do_not_call')
        .selectAll()
        .where('phone', '=', row.phone as string)
        .executeTakeFirst();
      expect(blocked).toMatchObject({
        created_by: context.adminId,
        reason: 'Marcado como não ligar',
      });
      expect(await historyOf(id)).toMatchObject([
        { to_status: 'do_not_call', reason: 'Marcado como não ligar' },
      ]);
    }
  });

  it('erases personal data for LGPD: counts kept, phone not blocked, never searched nor exported', async () => {
    const batch = await seedBatch();
    const id = await seedLead({
      batch_id: batch,
      name: 'Zé Apagável',
      phone: '+5531988887777',
      phone_raw: '31 98888-7777',
      email: 'ze@apagar.com',
      cpf: '52998224725',
      city: 'Belo Horizonte',
      notes: 'nota',
      extra: { Mãe: 'Joana' },
      status: 'red',
      owner_id: context.assessor.id,
      attempts: 3,
      recycles: 1,
    });
    await context.t.database.db
      .insertInto('lead_attempts')
      .values({
        lead_id: id,
        assessor_id: context.assessor.id,
        outcome: 'red',
        channel: 'phone',
        note: 'falou do Zé',
      })
      .execute();
    const kept = await seedLead({ batch_id: batch, name: 'Fica' });
    expect((await bulk({ ids: [id] }, { action: 'erase' })).json()).toEqual({
      affected: 1,
      skipped: 0,
    });
    expect(await leadRow(id)).toMatchObject({
      name: null,
      phone: null,
      phone_raw: null,
      email: null,
      cpf: null,
      city: null,
      notes: null,
      extra: {},
      attempts: 3,
      recycles: 1,
      status: 'do_not_call',
    });
    expect(await historyOf(id)).toMatchObject([
      { from_status: 'red', to_status: 'do_not_call', reason: 'Dados apagados (LGPD)' },
    ]);
    const call = await context.t.database.db
      .selectFrom('lead_attempts')
      .select('note')
      .where('lead_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(call.note).toBeNull();
    const blocked = await context.t.database.db
      .selectFrom('do_not_call')
      .selectAll()
      .where('phone', '=', '+5531988887777')
      .executeTakeFirst();
    // The block list would otherwise keep the very phone being erased.
    expect(blocked).toBeUndefined();

    const page = await list(`batch=${batch}`);
    expect(page.leads.find((lead) => lead.id === id)).toMatchObject({ name: null, erased: true });
    expect(await ids(`q=${encodeURIComponent('Zé Apagável')}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent('31 98888-7777')}`)).toEqual([]);
    const csv = await context.t.as(context.admin).get(`/api/leads/export?batch=${batch}`);
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    expect(csv.body).toContain('Fica');
    expect((await bulk({ ids: [id, kept] }, { action: 'erase' })).json()).toEqual({
      affected: 1,
      skipped: 1,
    });
    const detail = await context.t.as(context.admin).get(`/api/leads/${id}`);
    expect(detail.json()).toMatchObject({ erased: true, name: null, extra: {} });
  });
});
