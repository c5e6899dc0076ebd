import { describe, expect, it } from 'vitest';
import { leadPersonalDataSchema } from '../../core/leads.ts';
import { type Person, setUpPersonalDataTestApp } from './fixtures/personal-data-test-app.ts';

const { context, uniquePhone, seedBatch, seedAcceptedLead, personalDataOf } =
  setUpPersonalDataTestApp();

const bento: Person = {
  name: 'Bento Carvalho',
  phone: '+5521977776666',
  phoneRaw: '(21) 97777-6666',
  email: 'bento@exemplo.com.br',
  cpf: '11144477735',
  city: 'Niterói',
  notes: 'Cliente antigo',
  mother: 'Lúcia Carvalho',
  callNote: 'Bento pediu a proposta por e-mail',
  outsideWindowReason: 'Bento pediu retorno às 20h30',
};

describe('GET /api/leads/{id}/personal-data', () => {
  it('answers everything held about the lead as a JSON download', async () => {
    const batch = await seedBatch();
    const id = await seedAcceptedLead(batch.id, bento);
    await context.t.database.db
      .insertInto('do_not_call')
      .values({ phone: bento.phone, reason: 'Pediu', created_by: context.adminId })
      .execute();

    const response = await personalDataOf(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="lead-${id}-dados-pessoais.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const document = leadPersonalDataSchema.parse(response.json());
    expect(document.lead).toMatchObject({
      id,
      name: bento.name,
      phone: bento.phone,
      phoneRaw: bento.phoneRaw,
      email: bento.email,
      cpf: bento.cpf,
      city: bento.city,
      uf: 'MG',
      notes: bento.notes,
      extra: { 'Nome da mãe': bento.mother },
      status: 'green',
      legalBasis: 'consent',
      ownerName: 'Ana Assessora',
      erased: false,
      erasedAt: null,
    });
    expect(document.batch).toEqual({
      id: batch.id,
      fileName: 'clientes-março.csv',
      source: 'Planilha',
      legalBasis: 'consent',
      createdAt: batch.created_at.toISOString(),
    });
    expect(document.history).toMatchObject([
      { fromStatus: 'assigned', toStatus: 'green', changedByName: 'Ana Assessora' },
    ]);
    expect(document.calls).toMatchObject([
      {
        assessorName: 'Ana Assessora',
        outcome: 'green',
        channel: 'phone',
        note: bento.callNote,
        outsideWindowReason: bento.outsideWindowReason,
      },
    ]);
    expect(document.blockList).toMatchObject({ blocked: true, reason: 'Pediu' });
    expect(Date.parse(document.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('says when the phone is not on the block list and when there is no batch', async () => {
    const [id] = await context.t.seedLeads(1, { name: 'Sem Lote' });
    const document = leadPersonalDataSchema.parse((await personalDataOf(id as number)).json());
    expect(document.batch).toBeNull();
    expect(document.blockList).toEqual({ blocked: false, reason: null, blockedAt: null });
    expect(document.history).toEqual([]);
    expect(document.calls).toEqual([]);
  });

  it('names the external block list that holds the phone', async () => {
    const [id] = await context.t.seedLeads(1, { name: 'Na Lista do Procon' });
    const { phone } = await context.t.database.db
      .selectFrom('leads')
      .select('phone')
      .where('id', '=', id as number)
      .executeTakeFirstOrThrow();
    const source = await context.t.database.db
      .insertInto('block_list_sources')
      .values({ name: 'Procon-SP', name_key: 'procon-sp', list_date: '2026-11-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await context.t.database.db
      .insertInto('block_list_phones')
      .values({ phone: phone as string, source_id: source.id })
      .execute();
    const document = leadPersonalDataSchema.parse((await personalDataOf(id as number)).json());
    expect(document.blockList).toMatchObject({
      blocked: true,
      reason: 'Lista de bloqueio externa "Procon-SP"',
    });
  });

  it('answers 404 for an unknown lead and 400 for a malformed id', async () => {
    const unknown = await personalDataOf(987_654_321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Lead não encontrado.');
    expect((await personalDataOf('abc' as unknown as number)).statusCode).toBe(400);
  });

  it('is for administrators only: the lead’s own assessor and another get 403', async () => {
    const batch = await seedBatch();
    const id = await seedAcceptedLead(batch.id, bento, uniquePhone());
    const other = await context.t.createSignedInUser('assessor', 'Outro Assessor');
    for (const cookie of [context.assessor.cookie, other.cookie]) {
      const response = await personalDataOf(id, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain(bento.name);
    }
    const anonymous = await context.t.app.inject({ url: `/api/leads/${id}/personal-data` });
    expect(anonymous.statusCode).toBe(401);
  });
});
