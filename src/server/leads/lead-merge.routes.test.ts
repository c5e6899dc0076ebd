import { describe, expect, it } from 'vitest';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context, asAdmin, seedLead } = setUpLeadTestApp();

let nextCpf = 0;

/** Two leads of one person: one in Ana's list with a call, one recycled with two. */
async function twins() {
  const cpf = String(52_998_224_700 + nextCpf++);
  const kept = await seedLead({
    name: 'Maria da Silva',
    phone: `+55119876${String(50_000 + nextCpf * 2).padStart(5, '0')}`,
    cpf,
    status: 'assigned',
    owner_id: context.assessor.id,
    assigned_at: new Date(),
    attempts: 1,
  });
  const removedPhone = `+55219876${String(50_001 + nextCpf * 2).padStart(5, '0')}`;
  const removed = await seedLead({
    name: 'Maria S.',
    phone: removedPhone,
    cpf,
    email: 'maria@exemplo.com',
    city: 'Niterói',
    uf: 'RJ',
    status: 'recycled',
    attempts: 2,
  });
  const db = context.t.database.db;
  await db
    .insertInto('lead_attempts')
    .values([
      { lead_id: kept, assessor_id: context.assessor.id, outcome: 'no_answer', channel: 'phone' },
      {
        lead_id: removed,
        assessor_id: context.assessor.id,
        outcome: 'no_answer',
        channel: 'phone',
      },
      { lead_id: removed, assessor_id: context.assessor.id, outcome: 'red', channel: 'phone' },
    ])
    .execute();
  return { kept, removed, removedPhone };
}

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  context.t.app.inject({
    method,
    url,
    headers: asAdmin(),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function leadExists(id: number) {
  const row = await context.t.database.db
    .selectFrom('leads')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

describe('merging two leads of one person', () => {
  it('offers the leads of the same CPF and previews the merged lead without changing anything', async () => {
    const { kept, removed, removedPhone } = await twins();
    await seedLead({ name: 'Outra pessoa', cpf: '11144477735' });
    const candidates = await inject('GET', `/api/leads/${kept}/merge-candidates`);
    expect(candidates.statusCode, candidates.body).toBe(200);
    expect(candidates.json().candidates).toEqual([
      expect.objectContaining({ id: removed, name: 'Maria S.', status: 'recycled', attempts: 2 }),
    ]);

    const preview = await inject('GET', `/api/leads/${kept}/merge-preview?other=${removed}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      kept: { id: kept },
      removed: { id: removed },
      lead: { name: 'Maria da Silva', email: 'maria@exemplo.com', city: 'Niterói', uf: 'RJ' },
      callsMoved: 2,
      attempts: 3,
    });
    expect(preview.json().phones.map((phone: { phone: string }) => phone.phone)[1]).toBe(
      removedPhone,
    );
    expect(await leadExists(removed)).toBe(true);
  });

  it('moves the other lead’s numbers, empty fields, calls and history into the kept one, and audits it', async () => {
    const { kept, removed, removedPhone } = await twins();
    const response = await inject('POST', `/api/leads/${kept}/merge`, { other: removed });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      id: kept,
      name: 'Maria da Silva',
      email: 'maria@exemplo.com',
      status: 'assigned',
      ownerId: context.assessor.id,
      attempts: 3,
    });
    expect(detail.phones).toEqual([
      expect.objectContaining({ label: 'Telefone', state: 'valid' }),
      { phone: removedPhone, label: 'Telefone', whatsapp: false, state: 'valid' },
    ]);
    expect(detail.calls).toHaveLength(3);
    expect(detail.history.at(-1).reason).toContain(`lead #${removed} juntou-se a este`);
    expect(await leadExists(removed)).toBe(false);

    const audit = await context.t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'details'])
      .where('action', '=', 'lead.merged')
      .execute();
    expect(audit).toContainEqual({
      action: 'lead.merged',
      target_id: String(kept),
      details: { mergedLeadId: removed, numbersAdded: 1, callsMoved: 2 },
    });
    // Its number now belongs to the kept lead: a file bringing it again is a duplicate.
    const taken = await inject('GET', `/api/leads?q=${encodeURIComponent(removedPhone)}`);
    expect(taken.json().leads.map((lead: { id: number }) => lead.id)).not.toContain(removed);
  });

  it('offers and merges two leads that share a number, keeping the number once', async () => {
    // Two imports at once: each took the number the other was taking.
    const shared = '+5531987650001';
    const kept = await seedLead({ name: 'Joana', phone: shared, cpf: null });
    const removed = await seedLead({ name: 'Joana B.', phone: '+5531987650002', cpf: null });
    await context.t.database.db
      .insertInto('lead_phones')
      .values(
        ['+5531987650002', shared].map((phone, position) => ({
          lead_id: removed,
          position,
          phone,
          phone_raw: phone,
          label: position === 0 ? 'Telefone' : 'Celular',
        })),
      )
      .execute();
    const candidates = await inject('GET', `/api/leads/${kept}/merge-candidates`);
    expect(candidates.json().candidates.map((lead: { id: number }) => lead.id)).toEqual([removed]);
    const response = await inject('POST', `/api/leads/${kept}/merge`, { other: removed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().phones.map((phone: { phone: string }) => phone.phone)).toEqual([
      shared,
      '+5531987650002',
    ]);
  });

  it('refuses leads of different CPFs, the same lead, a missing one and an assessor, changing nothing', async () => {
    const { kept, removed } = await twins();
    const stranger = await seedLead({ name: 'Outra pessoa', cpf: '39053344705' });
    const cases: [number, unknown, number, string][] = [
      [
        kept,
        { other: stranger },
        409,
        'Só leads com o mesmo CPF ou com um telefone em comum podem ser mesclados.',
      ],
      [kept, { other: kept }, 400, 'Escolha outro lead para mesclar com este.'],
      [kept, { other: 999_999 }, 404, 'Lead não encontrado.'],
      [kept, { other: 'dois' }, 400, 'other: Informe o lead a mesclar.'],
    ];
    for (const [id, payload, status, message] of cases) {
      const response = await inject('POST', `/api/leads/${id}/merge`, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const asAssessor = await context.t
      .as(context.assessor)
      .post(`/api/leads/${kept}/merge`, { other: removed });
    expect(asAssessor.statusCode).toBe(403);
    expect(await leadExists(removed)).toBe(true);
    expect(await leadExists(stranger)).toBe(true);
  });

  it('keeps the most restrictive state: a lead closed by "Não ligar" closes the merged one, and the preview says so', async () => {
    const { kept, removed, removedPhone } = await twins();
    const db = context.t.database.db;
    // The other lead was in Ana's list too; the person asked her not to be called.
    await db
      .updateTable('leads')
      .set({ status: 'assigned', owner_id: context.assessor.id, assigned_at: new Date() })
      .where('id', '=', removed)
      .execute();
    const callAs = (leadId: number, outcome: string) =>
      context.t.recordCall(context.assessor, leadId, outcome);
    const blocked = await callAs(removed, 'do_not_call');
    expect(blocked.statusCode, blocked.body).toBe(201);

    const preview = await inject('GET', `/api/leads/${kept}/merge-preview?other=${removed}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().status).toBe('do_not_call');
    expect(preview.json().notices).toEqual([
      `O lead #${removed} está como "Não ligar": o lead mesclado também ficará como "Não ligar", sairá da lista do assessor e nenhum dos seus números será ligado.`,
    ]);
    expect(preview.json().phones.map((phone: { state: string }) => phone.state)).toEqual([
      'do_not_call',
      'do_not_call',
    ]);

    const response = await inject('POST', `/api/leads/${kept}/merge`, { other: removed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: kept, status: 'do_not_call', ownerId: null });
    expect(response.json().phones).toEqual([
      expect.objectContaining({ state: 'do_not_call' }),
      expect.objectContaining({ phone: removedPhone, state: 'do_not_call' }),
    ]);
    const keptPhone = response.json().phone as string;
    const listed = await db
      .selectFrom('do_not_call')
      .select('phone')
      .where('phone', 'in', [keptPhone, removedPhone])
      .execute();
    expect(listed).toHaveLength(2);

    // The person is not called again on the number of the lead kept.
    const call = await callAs(kept, 'no_answer');
    expect(call.statusCode, call.body).toBe(404);
    const calls = await db
      .selectFrom('lead_attempts')
      .select('id')
      .where('lead_id', '=', kept)
      .execute();
    expect(calls).toHaveLength(4);
  });

  it('keeps a number blocked on either lead blocked on the merged one', async () => {
    const shared = '+5531987650011';
    const listedNumber = '+5531987650013';
    const kept = await seedLead({ name: 'Rita', phone: shared, cpf: null });
    const removed = await seedLead({ name: 'Rita B.', phone: '+5531987650012', cpf: null });
    const db = context.t.database.db;
    await db
      .insertInto('lead_phones')
      .values(
        ['+5531987650012', shared, listedNumber].map((phone, position) => ({
          lead_id: removed,
          position,
          phone,
          phone_raw: phone,
          label: 'Celular',
          // The admin marked the shared number "Não ligar" on the other lead.
          state: position === 1 ? ('do_not_call' as const) : ('valid' as const),
        })),
      )
      .execute();
    // Listed behind the lead's back: a list loaded while its lead was being written.
    await db
      .insertInto('do_not_call')
      .values({ phone: listedNumber, reason: 'Pedido do cliente', created_by: context.adminId })
      .execute();

    const preview = await inject('GET', `/api/leads/${kept}/merge-preview?other=${removed}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ status: 'do_not_call' });
    expect(preview.json().notices).toContain(
      'O número principal deste lead está bloqueado: o lead mesclado ficará como "Não ligar" e nenhum dos seus números será ligado.',
    );
    const response = await inject('POST', `/api/leads/${kept}/merge`, { other: removed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('do_not_call');
    expect(
      response
        .json()
        .phones.map((phone: { phone: string; state: string }) => [phone.phone, phone.state]),
    ).toEqual([
      [shared, 'do_not_call'],
      ['+5531987650012', 'do_not_call'],
      [listedNumber, 'do_not_call'],
    ]);
  });

  it('marks a listed number of an open lead blocked on the merged one, and says so', async () => {
    const cpf = '71428793860';
    const kept = await seedLead({ name: 'Lia', phone: '+5531987650021', cpf });
    const removed = await seedLead({ name: 'Lia B.', phone: '+5531987650022', cpf });
    await context.t.database.db
      .insertInto('do_not_call')
      .values({ phone: '+5531987650022', reason: 'Pedido do cliente', created_by: context.adminId })
      .execute();
    const preview = await inject('GET', `/api/leads/${kept}/merge-preview?other=${removed}`);
    expect(preview.json()).toMatchObject({ status: 'new' });
    expect(preview.json().notices).toEqual([
      'Os números bloqueados num dos leads continuam bloqueados no lead mesclado.',
    ]);
    const response = await inject('POST', `/api/leads/${kept}/merge`, { other: removed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('new');
    expect(response.json().phones.map((phone: { state: string }) => phone.state)).toEqual([
      'valid',
      'do_not_call',
    ]);
  });

  it('leaves both leads as they were when the merge fails half-way', async () => {
    const { kept, removed, removedPhone } = await twins();
    // A third lead claims the other's number behind the import's back: the merge's last
    // step cannot write it, after the calls and the other lead have been moved.
    const third = await seedLead({ name: 'Terceiro' });
    await context.t.database.db
      .insertInto('lead_phones')
      .values({
        lead_id: third,
        position: 1,
        phone: removedPhone,
        phone_raw: removedPhone,
        label: 'Celular',
      })
      .execute();
    const response = await inject('POST', `/api/leads/${kept}/merge`, { other: removed });
    expect(response.statusCode).toBe(500);
    expect(await leadExists(removed)).toBe(true);
    const calls = await context.t.database.db
      .selectFrom('lead_attempts')
      .select('lead_id')
      .where('lead_id', 'in', [kept, removed])
      .execute();
    expect(calls.filter((call) => call.lead_id === removed)).toHaveLength(2);
  });
});
