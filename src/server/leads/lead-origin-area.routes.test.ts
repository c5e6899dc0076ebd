import { beforeAll, describe, expect, it } from 'vitest';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context, seedBatch, seedLead, ids } = setUpLeadTestApp();

describe('GET /api/leads by origin, UF and DDD', () => {
  let imported: number;
  let importedRio: number;
  let byToken: number;
  beforeAll(async () => {
    const batch = await seedBatch('origem.csv', 'Feirão');
    imported = await seedLead({
      batch_id: batch,
      source: 'Feirão',
      phone: '+5511987651001',
      uf: 'SP',
    });
    importedRio = await seedLead({
      batch_id: batch,
      source: 'Feirão',
      phone: '+5521987651002',
      uf: 'RJ',
    });
    // A lead sent by an API token has no batch: its source is the token's name.
    byToken = await seedLead({ source: 'CRM parceiro', phone: '+5521987651003', uf: 'SP' });
  });

  const mine = (found: number[]) =>
    found.filter((id) => [imported, importedRio, byToken].includes(id)).sort((a, b) => a - b);

  it('lists the leads of an import or of an API token', async () => {
    expect(mine(await ids('origin=import'))).toEqual([imported, importedRio]);
    expect(mine(await ids('origin=api'))).toEqual([byToken]);
  });

  it('lists the leads of a state, typed in any case, and of the main number’s area code', async () => {
    expect(mine(await ids('uf=SP'))).toEqual([imported, byToken]);
    expect(mine(await ids('uf=rj'))).toEqual([importedRio]);
    expect(mine(await ids('ddd=21'))).toEqual([importedRio, byToken]);
    expect(mine(await ids('ddd=21&origin=api&uf=SP'))).toEqual([byToken]);
    expect(mine(await ids('ddd=21&sort=name'))).toEqual([importedRio, byToken]);
  });

  it('counts and exports only what the filters hold', async () => {
    const count = await context.t.as(context.admin).get('/api/leads/count?ddd=11&origin=import');
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json()).toEqual({ count: 1, exact: true });
    const exported = await context.t
      .as(context.admin)
      .get('/api/leads/export?format=csv&ddd=21&origin=api');
    expect(exported.statusCode, exported.body).toBe(200);
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(1, -1)).toHaveLength(1);
    expect(lines[1]).toContain('(21) 98765-1003');
  });

  it('acts on the leads of the filters only', async () => {
    const moved = await context.t.as(context.admin).post('/api/leads/bulk', {
      target: { filter: { ddd: '11', origin: 'import' } },
      operation: { action: 'doNotCall' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ affected: 1, skipped: 0 });
  });

  it.each([
    ['uf=XX', 'UF inválida.'],
    ['ddd=1', 'DDD inválido: use os dois dígitos do código de área.'],
    ['ddd=119', 'DDD inválido: use os dois dígitos do código de área.'],
    ['ddd=1a', 'DDD inválido: use os dois dígitos do código de área.'],
    ['ddd=20', 'DDD inexistente: nenhum estado usa o código 20.'],
    ['origin=planilha', 'Origem inválida: use importação ou token de API.'],
  ])('refuses %s in pt-BR and changes nothing', async (query, message) => {
    for (const path of ['/api/leads', '/api/leads/count', '/api/leads/export']) {
      const response = await context.t.as(context.admin).get(`${path}?${query}`);
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });
});
