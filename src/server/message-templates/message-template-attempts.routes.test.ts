import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAttemptTestApp } from '../attempts/fixtures/attempt-test-app.ts';

const { context, seedLead, record, snapshot } = setUpAttemptTestApp();

let active: number;
let archived: number;

async function createTemplate(name: string, body: string) {
  const response = await context.t.as(context.admin).post('/api/message-templates', { name, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

beforeAll(async () => {
  active = await createTemplate('Boas-vindas', 'Olá {nome}, aqui é {assessor}.');
  archived = await createTemplate('Promoção antiga', 'Oferta de {empresa}');
  const response = await context.t
    .as(context.admin)
    .patch(`/api/message-templates/${archived}`, { active: false });
  expect(response.statusCode, response.body).toBe(200);
});

const storedTemplateOf = async (leadId: number) =>
  (
    await context.t.database.db
      .selectFrom('lead_attempts')
      .select('message_template_id')
      .where('lead_id', '=', leadId)
      .executeTakeFirstOrThrow()
  ).message_template_id;

describe('a call by WhatsApp with a message template', () => {
  it('records the template sent, and the calls list and its export name it', async () => {
    const leadId = await seedLead(context.ana, { name: 'Lead Modelo' });
    const response = await record(context.ana, leadId, {
      outcome: 'green',
      channel: 'whatsapp',
      messageTemplateId: active,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().attempt).toMatchObject({
      channel: 'whatsapp',
      messageTemplateName: 'Boas-vindas',
    });
    expect(Number(await storedTemplateOf(leadId))).toBe(active);

    const calls = await context.t.as(context.admin).get(`/api/attempts?assessor=${context.ana.id}`);
    expect(
      calls.json().attempts.find((call: { leadId: number }) => call.leadId === leadId),
    ).toMatchObject({ messageTemplateName: 'Boas-vindas' });
    const exported = await context.t
      .as(context.admin)
      .get(`/api/attempts/export?assessor=${context.ana.id}`);
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/;Modelo de mensagem$/);
    expect(lines.find((line) => line.includes('Lead Modelo'))).toMatch(/;Boas-vindas$/);
  });

  it('records no template when none is sent', async () => {
    const leadId = await seedLead(context.ana);
    const response = await record(context.ana, leadId, { outcome: 'red', channel: 'whatsapp' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().attempt.messageTemplateName).toBeNull();
    expect(await storedTemplateOf(leadId)).toBeNull();
  });

  it('refuses an unknown or archived template, recording nothing', async () => {
    for (const messageTemplateId of [archived, 987_654]) {
      const leadId = await seedLead(context.ana);
      const before = await snapshot(leadId);
      const response = await record(context.ana, leadId, {
        outcome: 'green',
        channel: 'whatsapp',
        messageTemplateId,
      });
      expect(response.statusCode, String(messageTemplateId)).toBe(400);
      expect(response.json().error.message).toBe(
        'Este modelo de mensagem não existe ou foi arquivado: escolha outro.',
      );
      expect(await snapshot(leadId)).toEqual(before);
    }
  });

  it('refuses a template on a call that was not by WhatsApp, recording nothing', async () => {
    const leadId = await seedLead(context.ana);
    const before = await snapshot(leadId);
    for (const payload of [
      { outcome: 'green', channel: 'phone', messageTemplateId: active },
      { outcome: 'green', messageTemplateId: active },
    ]) {
      const response = await record(context.ana, leadId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(
        'messageTemplateId: Modelo de mensagem só vale para contato por WhatsApp.',
      );
    }
    const invalid = await record(context.ana, leadId, {
      outcome: 'green',
      channel: 'whatsapp',
      messageTemplateId: 'boas-vindas',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toContain('Modelo de mensagem inválido.');
    expect(await snapshot(leadId)).toEqual(before);
  });

  it("does not let a template's id into someone else's lead", async () => {
    const leadId = await seedLead(context.bruno);
    const before = await snapshot(leadId);
    const response = await record(context.ana, leadId, {
      outcome: 'green',
      channel: 'whatsapp',
      messageTemplateId: active,
    });
    expect(response.statusCode).toBe(404);
    expect(await snapshot(leadId)).toEqual(before);
  });
});
