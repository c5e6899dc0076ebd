import { describe, expect, it } from 'vitest';
import { listenToEvents } from '../testing/event-listener.ts';
import { withAuditRefused } from '../testing/refuse-audit.ts';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context, seedBatch, seedLead } = setUpLeadTestApp();

describe('GET and PATCH /api/leads/{id}', () => {
  it('answers the lead with its whole history and its calls, oldest first', async () => {
    const id = await seedLead({
      name: 'Rita',
      status: 'green',
      owner_id: context.assessor.id,
      extra: { Profissão: 'Professora' },
    });
    await context.t.database.db
      .insertInto('lead_history')
      .values([
        {
          lead_id: id,
          changed_by: context.adminId,
          from_status: 'new',
          to_status: 'assigned',
          to_owner_id: context.assessor.id,
          reason: 'Distribuição',
        },
        {
          lead_id: id,
          changed_by: context.assessor.id,
          from_status: 'assigned',
          to_status: 'green',
          from_owner_id: context.assessor.id,
          to_owner_id: context.assessor.id,
          reason: 'Ligação',
        },
      ])
      .execute();
    await context.t.database.db
      .insertInto('lead_attempts')
      .values({
        lead_id: id,
        assessor_id: context.assessor.id,
        outcome: 'green',
        channel: 'whatsapp',
        note: 'Aceitou',
      })
      .execute();
    const response = await context.t.as(context.admin).get(`/api/leads/${id}`);
    expect(response.statusCode).toBe(200);
    const lead = response.json();
    expect(lead).toMatchObject({
      id,
      name: 'Rita',
      status: 'green',
      ownerName: 'Ana Assessora',
      extra: { Profissão: 'Professora' },
    });
    expect(lead.history).toMatchObject([
      {
        changedByName: 'Admin Teste',
        fromStatus: 'new',
        toStatus: 'assigned',
        toOwnerName: 'Ana Assessora',
        reason: 'Distribuição',
      },
      { changedByName: 'Ana Assessora', toStatus: 'green', reason: 'Ligação' },
    ]);
    expect(lead.calls).toMatchObject([
      { assessorName: 'Ana Assessora', outcome: 'green', channel: 'whatsapp', note: 'Aceitou' },
    ]);
    expect((await context.t.as(context.admin).get('/api/leads/999999')).statusCode).toBe(404);
  });

  it('corrects the data, normalising phone, CPF and e-mail', async () => {
    const id = await seedLead({ name: 'Nome Errado' });
    const response = await context.t.as(context.admin).patch(`/api/leads/${id}`, {
      name: 'Nome Certo',
      phone: '(21) 99876-1234',
      cpf: '529.982.247-25',
      email: 'X@Y.com',
      uf: 'rj',
      city: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Nome Certo',
      phone: '+5521998761234',
      phoneRaw: '(21) 99876-1234',
      cpf: '52998224725',
      email: 'x@y.com',
      uf: 'RJ',
      city: null,
    });
  });

  it.each([
    [{ phone: '1234' }, 400],
    [{ cpf: '111.111.111-11' }, 400],
    [{ email: 'não é e-mail' }, 400],
    [{ status: 'green' }, 400],
    [{ ownerId: 'alguém' }, 400],
    [{}, 400],
  ])('refuses %j and changes nothing', async (payload, status) => {
    const id = await seedLead({ name: 'Intocado' });
    const before = await context.t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const response = await context.t.as(context.admin).patch(`/api/leads/${id}`, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    const after = await context.t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses a phone another lead has with 409, and an erased lead', async () => {
    await seedLead({ phone: '+5511912345678' });
    const id = await seedLead();
    const taken = await context.t
      .as(context.admin)
      .patch(`/api/leads/${id}`, { phone: '11 91234-5678' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Já existe um lead com esse telefone.');
    const erased = await seedLead({
      name: null,
      phone: null,
      erased_at: new Date(),
      status: 'do_not_call',
    });
    const refused = await context.t
      .as(context.admin)
      .patch(`/api/leads/${erased}`, { name: 'Volta' });
    expect(refused.statusCode).toBe(409);
  });
});

describe('PATCH /api/leads/{id}: the trace of a correction', () => {
  const patch = (id: number, payload: Record<string, unknown>) =>
    context.t.as(context.admin).patch(`/api/leads/${id}`, payload);

  it('audits it as "Lead alterado" with the fields changed, masked, and tells the owner’s open list', async () => {
    const id = await seedLead({
      name: 'Maria Souza',
      phone: '+5511987651111',
      email: 'maria@exemplo.com',
      city: 'Santos',
      status: 'assigned',
      owner_id: context.assessor.id,
      assigned_at: new Date(),
    });
    // What an earlier test left waiting goes out before this one listens.
    await context.t.events.flush();
    const listener = await listenToEvents(context.t.database.directConnection.connectionString);
    const { events } = listener;
    try {
      const response = await patch(id, {
        name: 'Maria de Souza',
        phone: '(11) 98765-2222',
        cpf: '529.982.247-25',
        email: 'maria@exemplo.com',
        city: 'Santos',
      });
      expect(response.statusCode, response.body).toBe(200);
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toEqual({ type: 'leads.changed', assessorIds: [context.assessor.id] });
    } finally {
      await listener.end();
    }
    const rows = await context.t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_type', 'target_id', 'details'])
      .where('action', '=', 'lead.updated')
      .where('target_id', '=', String(id))
      .execute();
    // Only what changed: the e-mail and the city were sent as they were.
    expect(rows).toEqual([
      {
        action: 'lead.updated',
        actor_id: context.adminId,
        target_type: 'lead',
        target_id: String(id),
        details: {
          changes: {
            name: { from: 'M•••za', to: 'M•••za' },
            phone: { from: '+•••11', to: '+•••22' },
            cpf: { from: null, to: '5•••25' },
          },
        },
      },
    ]);
    const logged = JSON.stringify(rows);
    for (const personal of ['Maria', 'Souza', '98765', '52998224725', '1111', '2222']) {
      expect(logged).not.toContain(personal);
    }
    const labels = await context.t.as(context.admin).get('/api/audit?action=lead.updated');
    expect(labels.statusCode, labels.body).toBe(200);
  });

  it('changes nothing when its audit row cannot be written', async () => {
    const id = await seedLead({ name: 'Sem Rastro', phone: '+5511987653333' });
    const db = context.t.database.db;
    const response = await withAuditRefused(db, 'lead.updated', () =>
      patch(id, { name: 'Outro Nome', phone: '(11) 98765-4444' }),
    );
    expect(response.statusCode).toBe(500);
    const lead = await db
      .selectFrom('leads')
      .select(['name', 'phone'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ name: 'Sem Rastro', phone: '+5511987653333' });
  });
});

describe('GET /api/leads/new-summary', () => {
  it('counts new leads per batch and source and tells which batches are all new', async () => {
    const untouched = await seedBatch('intocado.csv', 'Site');
    const touched = await seedBatch('mexido.csv', 'Indicação');
    await seedLead({ batch_id: untouched, source: 'Site' });
    await seedLead({ batch_id: untouched, source: 'Site' });
    await seedLead({ batch_id: touched, source: 'Indicação' });
    await seedLead({
      batch_id: touched,
      source: 'Indicação',
      status: 'assigned',
      owner_id: context.assessor.id,
    });
    const response = await context.t.as(context.admin).get('/api/leads/new-summary');
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    const newCount = await context.t.database.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow();
    expect(summary.total).toBe(newCount.n);
    expect(summary.byBatch).toContainEqual(
      expect.objectContaining({
        batchId: untouched,
        fileName: 'intocado.csv',
        count: 2,
        allNew: true,
      }),
    );
    expect(summary.byBatch).toContainEqual(
      expect.objectContaining({ batchId: touched, count: 1, allNew: false }),
    );
    expect(summary.bySource).toContainEqual({ source: 'Site', count: 2 });
  });
});

describe('access', () => {
  it('refuses assessors on every lead route with 403', async () => {
    const headers = context.t.as(context.assessor).headers;
    const id = await seedLead();
    for (const [method, url] of [
      ['GET', '/api/leads'],
      ['GET', `/api/leads/${id}`],
      ['GET', `/api/leads/${id}/personal-data`],
      ['PATCH', `/api/leads/${id}`],
      ['POST', '/api/leads/bulk'],
      ['GET', '/api/leads/export'],
      ['GET', '/api/leads/new-summary'],
    ] as const) {
      const response = await context.t.app.inject({
        method,
        url,
        headers,
        payload: method === 'GET' ? undefined : { name: 'x' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
