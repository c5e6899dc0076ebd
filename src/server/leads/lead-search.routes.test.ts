import { beforeAll, describe, expect, it } from 'vitest';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context, seedBatch, seedLead, list, ids, bulk } = setUpLeadTestApp();

describe('GET /api/leads: search', () => {
  let batch: number;
  let conceicao: number;
  let phoneLead: number;
  let emailLead: number;
  let cpfLead: number;
  beforeAll(async () => {
    batch = await seedBatch();
    conceicao = await seedLead({ name: 'Maria da Conceição Araújo', batch_id: batch });
    phoneLead = await seedLead({ name: 'Pedro', phone: '+5511987654321', batch_id: batch });
    emailLead = await seedLead({ name: 'Bia', email: 'bia.souza@exemplo.com.br', batch_id: batch });
    cpfLead = await seedLead({ name: 'Caio', cpf: '52998224725', batch_id: batch });
  });

  it('finds a name by a fragment with accents, in any case', async () => {
    expect(await ids(`q=${encodeURIComponent('conceição ara')}`)).toEqual([conceicao]);
    expect(await ids(`q=${encodeURIComponent('%')}&batch=${batch}`)).toEqual([]);
  });

  it('finds a name as people type it: without accents, in any case, words in any order, words skipped', async () => {
    for (const typed of [
      'maria conceicao',
      'MARIA CONCEICAO',
      'conceição maria',
      'araujo maria',
      'Maria  da   Conceicao',
    ]) {
      expect(await ids(`q=${encodeURIComponent(typed)}&batch=${batch}`), typed).toEqual([
        conceicao,
      ]);
    }
    expect(await ids(`q=${encodeURIComponent('maria pedro')}&batch=${batch}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent('conceicao_')}&batch=${batch}`)).toEqual([]);
  });

  it('finds a name after a rename, and no longer after an erasure or a deletion', async () => {
    const renamed = await seedLead({ name: 'Otília Antiga' });
    const gone = await seedLead({ name: 'Otília Removida' });
    const renaming = await context.t
      .as(context.admin)
      .patch(`/api/leads/${renamed}`, { name: 'Otília Nova' });
    expect(renaming.statusCode, renaming.body).toBe(200);
    expect(await ids('q=Ot%C3%ADlia')).toEqual([gone, renamed]);
    expect(await ids('q=Antiga')).toEqual([]);
    expect(await ids('q=Nova')).toEqual([renamed]);

    expect((await bulk({ ids: [renamed] }, { action: 'erase' })).statusCode).toBe(200);
    await context.t.database.db.deleteFrom('leads').where('id', '=', gone).execute();
    expect(await ids('q=Ot%C3%ADlia')).toEqual([]);
    const names = await context.t.database.db
      .selectFrom('lead_names')
      .select('lead_id')
      .where('lead_id', 'in', [renamed, gone])
      .execute();
    expect(names).toEqual([]);
  });

  it('finds a phone typed in another spelling, or a piece of it', async () => {
    expect(await ids(`q=${encodeURIComponent('(11) 98765-4321')}`)).toEqual([phoneLead]);
    expect(await ids(`q=${encodeURIComponent('011 9 8765 4321')}`)).toEqual([phoneLead]);
    expect(await ids(`q=${encodeURIComponent('98765-43')}`)).toEqual([phoneLead]);
  });

  it('finds a lead by any of its several numbers', async () => {
    const several = await seedLead({ name: 'Vários', phone: '+5521987650101', batch_id: batch });
    await context.t.database.db
      .insertInto('lead_phones')
      .values(
        ['+5521987650101', '+5521987650102'].map((phone, position) => ({
          lead_id: several,
          position,
          phone,
          phone_raw: phone,
          label: 'Telefone',
        })),
      )
      .execute();
    expect(await ids(`q=${encodeURIComponent('(21) 98765-0102')}`)).toEqual([several]);
    expect(await ids(`q=${encodeURIComponent('21 98765-0101')}`)).toEqual([several]);
  });

  it('finds an e-mail typed in another case and a CPF with punctuation', async () => {
    expect(await ids(`q=${encodeURIComponent('Bia.Souza@EXEMPLO.com.br')}`)).toEqual([emailLead]);
    expect(await ids(`q=${encodeURIComponent('529.982.247-25')}`)).toEqual([cpfLead]);
  });
});

describe('GET /api/leads: filters and paging', () => {
  it('filters by one or many statuses, assessor, batch and São Paulo dates', async () => {
    const batch = await seedBatch();
    const other = await seedBatch();
    const fresh = await seedLead({ batch_id: batch, created_at: new Date('2026-01-10T02:30:00Z') });
    const owned = await seedLead({
      batch_id: batch,
      status: 'assigned',
      owner_id: context.assessor.id,
      assigned_at: new Date(),
      created_at: new Date('2026-01-10T03:30:00Z'),
    });
    const refused = await seedLead({
      batch_id: batch,
      status: 'red',
      owner_id: context.assessor.id,
      created_at: new Date('2026-01-11T12:00:00Z'),
    });
    await seedLead({ batch_id: other });

    expect(await ids(`batch=${batch}`)).toEqual([refused, owned, fresh]);
    expect(await ids(`batch=${batch}&status=new`)).toEqual([fresh]);
    expect(await ids(`batch=${batch}&status=new&status=red`)).toEqual([refused, fresh]);
    expect(await ids(`batch=${batch}&assessor=${context.assessor.id}`)).toEqual([refused, owned]);
    // 02:30 UTC on the 10th is still the 9th in São Paulo (UTC−3).
    expect(await ids(`batch=${batch}&createdTo=2026-01-09`)).toEqual([fresh]);
    expect(await ids(`batch=${batch}&createdFrom=2026-01-10&createdTo=2026-01-10`)).toEqual([
      owned,
    ]);
    const page = await list(`batch=${batch}&assessor=${context.assessor.id}`);
    expect(page.leads[0]?.ownerName).toBe('Ana Assessora');
    expect((await context.t.as(context.admin).get('/api/leads?status=talvez')).statusCode).toBe(
      400,
    );
    expect((await context.t.as(context.admin).get('/api/leads?cursor=xyz')).statusCode).toBe(400);
  });

  it('pages by cursor with every row exactly once while leads are being added', async () => {
    const batch = await seedBatch();
    const initial: number[] = [];
    for (let index = 0; index < 53; index++) initial.push(await seedLead({ batch_id: batch }));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(
        `batch=${batch}&limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.leads.map((lead) => lead.id));
      cursor = page.nextCursor;
      pages++;
      // New leads arrive between page fetches: they belong before the first page, not in it.
      await seedLead({ batch_id: batch });
      await seedLead({ batch_id: batch });
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen).toEqual([...initial].reverse());
    expect(new Set(seen).size).toBe(53);
  });
});
