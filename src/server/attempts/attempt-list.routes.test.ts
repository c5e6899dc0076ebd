import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../testing/test-app.ts';
import { headersOf, inHours, setUpAttemptTestApp } from './fixtures/attempt-test-app.ts';

const { context, asAdmin, seedLead, record } = setUpAttemptTestApp();

describe('GET /api/attempts and its export', () => {
  let edu: TestUser;
  let fabi: TestUser;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    edu = await context.t.createSignedInUser('assessor', 'Edu');
    fabi = await context.t.createSignedInUser('assessor', 'Fabi');
    const calls = [
      ['eduPhone', edu, { outcome: 'no_answer', channel: 'phone' }],
      ['eduWhats', edu, { outcome: 'green', channel: 'whatsapp', note: "=cmd|' /C calc'!A0" }],
      ['fabiRed', fabi, { outcome: 'red', note: 'não quer; "nunca"' }],
      ['fabiYellow', fabi, { outcome: 'yellow', callbackAt: inHours(24).toISOString() }],
    ] as const;
    for (const [name, user, payload] of calls) {
      const leadId = await seedLead(user, { name: `Lead ${name}` });
      const response = await record(user, leadId, payload);
      expect(response.statusCode, response.body).toBe(201);
      ids[name] = response.json().attempt.id;
    }
    // 2026-01-10 02:00 UTC is still 9 January in São Paulo.
    await context.t.database.pool.query('UPDATE lead_attempts SET created_at = $1 WHERE id = $2', [
      '2026-01-10T02:00:00Z',
      ids.eduPhone,
    ]);
  });

  async function listIds(query: string, user: { cookie: string } | null = null) {
    const response = await context.t.app.inject({
      url: `/api/attempts?${query}`,
      headers: user ? headersOf(user) : asAdmin(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().attempts.map((attempt: { id: number }) => attempt.id) as number[];
  }

  it('filters by assessor, outcome, channel and São Paulo dates', async () => {
    expect(await listIds(`assessor=${edu.id}`)).toEqual([ids.eduWhats, ids.eduPhone]);
    expect(await listIds(`assessor=${fabi.id}&outcome=yellow`)).toEqual([ids.fabiYellow]);
    expect(await listIds(`assessor=${edu.id}&channel=whatsapp`)).toEqual([ids.eduWhats]);
    expect(await listIds('from=2026-01-09&to=2026-01-09')).toEqual([ids.eduPhone]);
    expect(await listIds('from=2026-01-10&to=2026-01-10')).toEqual([]);
    expect(await listIds(`assessor=${edu.id}&from=2026-01-10`)).toEqual([ids.eduWhats]);
  });

  it('filters the contatos (someone answered, as the outcome registry says) and the rest', async () => {
    // Aceitou, Não aceitou and Retornar are conversations; Não atendeu is none.
    expect(await listIds('contact=yes')).toEqual([ids.fabiYellow, ids.fabiRed, ids.eduWhats]);
    expect(await listIds('contact=no')).toEqual([ids.eduPhone]);
    expect(await listIds(`contact=yes&assessor=${edu.id}`)).toEqual([ids.eduWhats]);
    const bad = await context.t.as(context.admin).get('/api/attempts?contact=talvez');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/contato inválido/);
  });

  it('answers lead and assessor names with each call', async () => {
    const response = await context.t
      .as(context.admin)
      .get(`/api/attempts?assessor=${fabi.id}&outcome=red`);
    expect(response.json().attempts[0]).toMatchObject({
      leadName: 'Lead fabiRed',
      assessorName: 'Fabi',
      outcome: 'red',
      channel: 'phone',
      note: 'não quer; "nunca"',
    });
  });

  it('shows an assessor only their own calls', async () => {
    expect(await listIds('', fabi)).toEqual([ids.fabiYellow, ids.fabiRed]);
    expect(await listIds(`assessor=${edu.id}`, fabi)).toEqual([ids.fabiYellow, ids.fabiRed]);
  });

  it('pages by keyset, newest first, without gaps or repeats', async () => {
    const all = await listIds('limit=500');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await context.t.as(context.admin).get(`/api/attempts?${query}`);
      const page = response.json();
      seen.push(...page.attempts.map((attempt: { id: number }) => attempt.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
    const bad = await context.t.as(context.admin).get('/api/attempts?cursor=nope');
    expect(bad.statusCode).toBe(400);
    const badDate = await context.t.as(context.admin).get('/api/attempts?from=09/01/2026');
    expect(badDate.statusCode).toBe(400);
  });

  it('exports CSV for Excel in Brazil with formulas neutralised', async () => {
    const response = await context.t
      .as(context.admin)
      .get(`/api/attempts/export?format=csv&assessor=${edu.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="ligacoes-\d{4}-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Data e hora;Assessor;Lead;Telefone;Canal;Resultado;Contato;Retorno;Observação;Motivo fora do horário;Modelo de mensagem',
    );
    expect(lines[1]).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Edu;Lead eduWhats;\(11\) 9\d{4}-\d{4};WhatsApp;Aceitou;Sim;;'=cmd\|' \/C calc'!A0;;$/,
    );
    expect(lines[2]).toMatch(
      /^09\/01\/2026 23:00;Edu;Lead eduPhone;.*;Telefone;Não atendeu;Não;;;;$/,
    );
    const contacts = await context.t
      .as(context.admin)
      .get(`/api/attempts/export?format=csv&contact=no`);
    const contactLines = contacts.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(contactLines.slice(1, -1).every((line) => line.includes(';Não;'))).toBe(true);
    expect(contactLines).toHaveLength(3);
    expect(lines[3]).toBe('');
  });

  it('exports an assessor’s own calls only, and XLSX that exceljs reads back', async () => {
    const csv = await context.t.as(fabi).get(`/api/attempts/export?assessor=${edu.id}`);
    expect(csv.body).not.toContain('Edu');
    expect(csv.body).toContain('"não quer; ""nunca"""');
    const response = await context.t
      .as(context.admin)
      .get(`/api/attempts/export?format=xlsx&assessor=${fabi.id}`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Ligações');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Data e hora');
    expect(sheet?.getRow(2).getCell(6).value).toBe('Retornar');
    expect(sheet?.getRow(2).getCell(7).value).toBe('Sim');
    expect(sheet?.getRow(2).getCell(8).value).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(sheet?.rowCount).toBe(3);
  });

  it('keeps calls of erased leads without personal data', async () => {
    const leadId = await seedLead(edu);
    await record(edu, leadId, { outcome: 'no_answer', note: 'ligar de tarde' });
    const erase = await context.t
      .as(context.admin)
      .post('/api/leads/bulk', { target: { ids: [leadId] }, operation: { action: 'erase' } });
    expect(erase.statusCode, erase.body).toBe(200);
    const response = await context.t
      .as(context.admin)
      .get(`/api/attempts?assessor=${edu.id}&limit=1`);
    expect(response.json().attempts[0]).toMatchObject({
      leadId,
      leadName: null,
      leadPhone: null,
      note: null,
    });
  });
});
