import { describe, expect, it } from 'vitest';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context, asAdmin, seedLead } = setUpLeadTestApp();

const inject = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
  context.t.app.inject({ method, url, headers: asAdmin(), payload });

async function numbersOf(leadId: number) {
  return context.t.database.db
    .selectFrom('lead_phones')
    .select(['position', 'phone', 'label', 'state'])
    .where('lead_id', '=', leadId)
    .orderBy('position')
    .execute();
}

describe("an admin corrects a lead's numbers", () => {
  it('adds a number the person gave after the main one, and refuses one that is taken, blocked or wrong', async () => {
    const id = await seedLead({ name: 'Rosa', phone: '+5511987651101' });
    const added = await inject('POST', `/api/leads/${id}/phones`, {
      phone: '(11) 98765-1102',
      label: 'Trabalho',
      whatsapp: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().phones).toEqual([
      { phone: '+5511987651101', label: 'Telefone', whatsapp: false, state: 'valid' },
      { phone: '+5511987651102', label: 'Trabalho', whatsapp: true, state: 'valid' },
    ]);

    const other = await seedLead({ name: 'Outra', phone: '+5511987651103' });
    await context.t.database.db
      .insertInto('do_not_call')
      .values({ phone: '+5511987651104', reason: 'pediu', created_by: null })
      .execute();
    const cases: [unknown, number, string][] = [
      [{ phone: '11 98765-1103', label: 'Casa' }, 409, 'Este número já é de um lead.'],
      [{ phone: '11 98765-1102', label: 'De novo' }, 409, 'Este número já é de um lead.'],
      [{ phone: '11 98765-1101', label: 'O principal' }, 409, 'Este número já é de um lead.'],
      [
        { phone: '11 98765-1104', label: 'Bloqueado' },
        409,
        'Este número está numa lista de bloqueio: ele não pode ser ligado.',
      ],
      [{ phone: '123', label: 'Curto' }, 400, 'phone: '],
      [{ phone: '11 98765-1105', label: ' ' }, 400, 'label: Diga que número é este'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await inject('POST', `/api/leads/${id}/phones`, payload as never);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error.message).toContain(message);
    }
    expect(await numbersOf(id)).toHaveLength(2);
    expect(await numbersOf(other)).toEqual([]);
  });

  it('audits an added number as "Lead alterado", the number masked', async () => {
    const id = await seedLead({ name: 'Clara', phone: '+5511987651301' });
    const added = await inject('POST', `/api/leads/${id}/phones`, {
      phone: '(11) 98765-1302',
      label: 'Trabalho',
    });
    expect(added.statusCode, added.body).toBe(200);
    const rows = await context.t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'details'])
      .where('action', '=', 'lead.updated')
      .where('target_id', '=', String(id))
      .execute();
    expect(rows).toEqual([
      {
        action: 'lead.updated',
        target_id: String(id),
        details: { changes: { phoneAdded: { from: null, to: '+•••02' } } },
      },
    ]);
  });

  it('sets a number found dead by mistake valid again, and "Não ligar" puts it on the block list', async () => {
    const id = await seedLead({ name: 'Sara', phone: '+5511987651201' });
    await context.t.database.db
      .insertInto('lead_phones')
      .values([
        { lead_id: id, position: 0, phone: '+5511987651201', phone_raw: '-', label: 'Telefone' },
        {
          lead_id: id,
          position: 1,
          phone: '+5511987651202',
          phone_raw: '-',
          label: 'Celular',
          state: 'invalid',
        },
      ])
      .execute();
    const revived = await inject('PATCH', `/api/leads/${id}/phones/%2B5511987651202`, {
      state: 'valid',
    });
    expect(revived.statusCode, revived.body).toBe(200);
    expect(revived.json().phones[1]).toMatchObject({ state: 'valid' });

    const blocked = await inject('PATCH', `/api/leads/${id}/phones/%2B5511987651202`, {
      state: 'do_not_call',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const listed = await context.t.database.db
      .selectFrom('do_not_call')
      .select('phone')
      .where('phone', '=', '+5511987651202')
      .execute();
    expect(listed).toHaveLength(1);
    // On a block list it stays "Não ligar" until it leaves the list.
    const back = await inject('PATCH', `/api/leads/${id}/phones/%2B5511987651202`, {
      state: 'valid',
    });
    expect(back.statusCode).toBe(409);
    expect((await numbersOf(id))[1]).toMatchObject({ state: 'do_not_call' });

    const missing = await inject('PATCH', `/api/leads/${id}/phones/%2B5511900000000`, {
      state: 'valid',
    });
    expect(missing.statusCode).toBe(404);
    const wrong = await inject('PATCH', `/api/leads/${id}/phones/%2B5511987651201`, {
      state: 'morto',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('state: Estado de número inválido.');
  });
});
