import { describe, expect, it } from 'vitest';
import { setUpAttemptTestApp } from './fixtures/attempt-test-app.ts';

const { context, record, myLeads, leadWithThreeNumbers, leadAndNumbers } = setUpAttemptTestApp();

describe('a lead with several numbers', () => {
  it('shows the assessor every number with its column, WhatsApp and state', async () => {
    const { leadId, phones } = await leadWithThreeNumbers(['valid', 'do_not_call', 'valid']);
    const listed = (await myLeads(context.ana)).leads.find((item) => item.id === leadId);
    expect(listed?.phones).toEqual([
      { phone: phones[0], label: 'Telefone', whatsapp: false, state: 'valid' },
      { phone: phones[1], label: 'Celular', whatsapp: false, state: 'do_not_call' },
      { phone: phones[2], label: 'WhatsApp', whatsapp: true, state: 'valid' },
    ]);
  });

  it('records the call against the number dialled', async () => {
    const { leadId, phones } = await leadWithThreeNumbers();
    const response = await record(context.ana, leadId, { outcome: 'no_answer', phone: phones[1] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().attempt.leadPhone).toBe(phones[1]);
  });

  it('marks only the dialled number on "Número inválido" and keeps the lead in the list until no number is left', async () => {
    const { leadId, phones } = await leadWithThreeNumbers();
    const first = await record(context.ana, leadId, { outcome: 'invalid', phone: phones[0] });
    expect(first.statusCode, first.body).toBe(201);
    expect(await leadAndNumbers(leadId)).toMatchObject({
      status: 'assigned',
      owner_id: context.ana.id,
      attempts: 1,
      states: ['invalid', 'valid', 'valid'],
    });
    expect((await myLeads(context.ana)).leads.map((item) => item.id)).toContain(leadId);

    // A dead number cannot be dialled again.
    const again = await record(context.ana, leadId, { outcome: 'no_answer', phone: phones[0] });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toContain('"Inválido"');

    const second = await record(context.ana, leadId, { outcome: 'invalid', phone: phones[2] });
    expect(second.statusCode, second.body).toBe(201);
    const last = await record(context.ana, leadId, { outcome: 'invalid', phone: phones[1] });
    expect(last.statusCode, last.body).toBe(201);
    expect(await leadAndNumbers(leadId)).toMatchObject({
      status: 'invalid',
      owner_id: null,
      attempts: 3,
      states: ['invalid', 'invalid', 'invalid'],
    });
    expect((await myLeads(context.ana)).leads.map((item) => item.id)).not.toContain(leadId);
  });

  it('refuses a number that is not the lead’s and one on a block list, changing nothing', async () => {
    const { leadId } = await leadWithThreeNumbers(['valid', 'do_not_call', 'valid']);
    const { phones: othersNumbers } = await leadWithThreeNumbers();
    const stranger = await record(context.ana, leadId, {
      outcome: 'no_answer',
      phone: othersNumbers[1],
    });
    expect(stranger.statusCode, stranger.body).toBe(400);
    expect(stranger.json().error.message).toBe('Este número não é deste lead.');
    const blocked = await record(context.ana, leadId, {
      outcome: 'green',
      phone: (await myLeads(context.ana)).leads.find((item) => item.id === leadId)?.phones[1]
        ?.phone,
    });
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(await leadAndNumbers(leadId)).toMatchObject({ status: 'assigned', attempts: 0 });
  });

  it('lets the owner close a lead none of whose numbers may be dialled any more', async () => {
    const { leadId } = await leadWithThreeNumbers(['invalid', 'do_not_call', 'do_not_call']);
    const response = await record(context.ana, leadId, { outcome: 'invalid' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await leadAndNumbers(leadId)).toMatchObject({ status: 'invalid', owner_id: null });
  });

  it('gives a number found dead back on "Desfazer"', async () => {
    const { leadId, phones } = await leadWithThreeNumbers();
    const call = await record(context.ana, leadId, { outcome: 'invalid', phone: phones[1] });
    expect(call.statusCode, call.body).toBe(201);
    const undone = await context.t
      .as(context.ana)
      .post(`/api/attempts/${call.json().attempt.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await leadAndNumbers(leadId)).toMatchObject({
      status: 'assigned',
      attempts: 0,
      states: ['valid', 'valid', 'valid'],
    });
  });

  it('puts every number of the lead on the block list on "Não ligar", and takes them off on "Desfazer"', async () => {
    const { leadId, phones } = await leadWithThreeNumbers();
    const blockedPhones = () =>
      context.t.database.db
        .selectFrom('do_not_call')
        .select('phone')
        .where('phone', 'in', phones)
        .orderBy('phone')
        .execute();
    const call = await record(context.ana, leadId, { outcome: 'do_not_call', phone: phones[2] });
    expect(call.statusCode, call.body).toBe(201);
    expect((await blockedPhones()).map((row) => row.phone)).toEqual([...phones].sort());
    const undone = await context.t
      .as(context.ana)
      .post(`/api/attempts/${call.json().attempt.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await blockedPhones()).toEqual([]);
  });
});
