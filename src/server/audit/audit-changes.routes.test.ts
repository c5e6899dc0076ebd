import { describe, expect, it } from 'vitest';
import { createCallingCalendarRepository } from '../calling-calendar/index.ts';
import { defaultTimeZone } from '../config/env.ts';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import { createDistributionRepository, createDistributionService } from '../distribution/index.ts';
import { excelCsv, postForm, waitForBatch } from '../imports/fixtures/import-fixtures.ts';
import { adminCredentials } from '../testing/test-app.ts';
import { auditRecorder } from './audit.service.ts';
import { setUpAuditTestApp } from './fixtures/audit-test-app.ts';

const { context, asAdmin, lastOf, rowsContaining } = setUpAuditTestApp();

describe('imports', () => {
  it('records an import started and undone', async () => {
    const file = excelCsv([
      ['Nome', 'Telefone'],
      ['Lead Auditoria Um', '(21) 98888-1001'],
      ['Lead Auditoria Dois', '(21) 98888-1002'],
    ]);
    const started = await postForm(
      context.t.app,
      '/api/imports',
      context.adminCookie,
      file,
      'auditoria.csv',
      {
        source: 'Feira de março',
      },
    );
    expect(started.statusCode, started.body).toBe(202);
    const batchId: number = started.json().id;
    expect(await lastOf('import.started')).toMatchObject({
      actor_id: context.adminId,
      target_type: 'import',
      target_id: String(batchId),
      details: { fileName: 'auditoria.csv', format: 'csv', source: 'Feira de março' },
    });
    const batch = await waitForBatch(context.t.app, context.adminCookie, batchId);
    expect(batch.status).toBe('done');

    const undo = await context.t.app.inject({
      method: 'POST',
      url: `/api/imports/${batchId}/undo`,
      headers: asAdmin(),
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await lastOf('import.undone')).toMatchObject({
      actor_id: context.adminId,
      target_id: String(batchId),
      details: { fileName: 'auditoria.csv', inserted: 2 },
    });
    // The lead list itself never goes into the log.
    expect(await rowsContaining('Lead Auditoria')).toBe(0);
  });
});

describe('distributions and recycles', () => {
  it('records a distribution in its own transaction', async () => {
    await context.t.seedLeads(3);
    const response = await context.t.app.inject({
      method: 'POST',
      url: '/api/distributions',
      headers: asAdmin(),
      payload: { perAssessor: { [context.ana.id]: 2 } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(await lastOf('distribution.created')).toMatchObject({
      actor_id: context.adminId,
      target_type: 'distribution',
      target_id: String(result.id),
      details: { requested: 2, assigned: 2, shortfall: 0, assessors: 1 },
    });
  });

  it('leaves no distribution behind when its audit row cannot be written', async () => {
    const [lead] = await context.t.seedLeads(1, { source: 'sem-auditoria' });
    const service = createDistributionService({
      distributions: createDistributionRepository(context.t.database.db, defaultTimeZone),
      calendars: createCallingCalendarRepository(context.t.database.db),
      unitOfWork: createUnitOfWork(context.t.database.db, { publish: () => {} }),
    });
    const admin = {
      id: context.adminId,
      name: 'Admin Teste',
      email: adminCredentials.email,
      role: 'admin' as const,
    };
    await expect(
      service.distribute(
        {
          perAssessor: { [context.ana.id]: 1 },
          pool: { kind: 'new', source: 'sem-auditoria', preferCallableToday: false },
        },
        admin,
        undefined,
        async () => {
          throw new Error('audit unavailable');
        },
      ),
    ).rejects.toThrow('audit unavailable');
    const row = await context.t.database.db
      .selectFrom('leads')
      .select(['status', 'owner_id'])
      .where('id', '=', lead as number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'new', owner_id: null });
  });

  it('records a recycle with how many leads it moved', async () => {
    await context.t.seedLeads(2, { status: 'red', owner_id: context.ana.id, attempts: 1 });
    const response = await context.t.app.inject({
      method: 'POST',
      url: '/api/reciclarleadsteste',
      headers: asAdmin(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastOf('recycle.run')).toMatchObject({
      actor_id: context.adminId,
      details: { recycled: 2, rules: { minDaysSinceRefusal: 0, maxRecyclesPerLead: null } },
    });
  });
});

describe('exports and erasures', () => {
  it('records each export with its format and filters, keeping only that there was a search', async () => {
    const leads = await context.t.app.inject({
      url: '/api/leads/export?format=csv&q=Fulano%20de%20Tal&status=new',
      headers: asAdmin(),
    });
    expect(leads.statusCode).toBe(200);
    expect(await lastOf('export.leads')).toMatchObject({
      actor_id: context.adminId,
      details: { format: 'csv', filter: { status: ['new'], search: true } },
    });
    expect(await rowsContaining('Fulano')).toBe(0);

    const calls = await context.t.app.inject({
      url: `/api/attempts/export?format=xlsx&assessor=${context.ana.id}&from=2026-01-01`,
      headers: asAdmin(),
    });
    expect(calls.statusCode).toBe(200);
    expect(await lastOf('export.attempts')).toMatchObject({
      actor_id: context.adminId,
      details: { format: 'xlsx', filter: { assessor: context.ana.id, from: '2026-01-01' } },
    });

    const followUp = await context.t.app.inject({
      url: '/api/follow-up/export?confirmed=no',
      headers: asAdmin(),
    });
    expect(followUp.statusCode).toBe(200);
    expect(await lastOf('export.follow_up')).toMatchObject({
      details: { format: 'csv', filter: { confirmed: 'no' } },
    });
  });

  it('records an erasure with the lead and the counts, not the data erased', async () => {
    const [lead] = await context.t.seedLeads(1, {
      name: 'Pessoa Apagada Silva',
      email: 'apagar@ex.com',
    });
    const response = await context.t.app.inject({
      method: 'POST',
      url: '/api/leads/bulk',
      headers: asAdmin(),
      payload: { target: { ids: [lead] }, operation: { action: 'erase' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastOf('lead.erased')).toMatchObject({
      actor_id: context.adminId,
      target_type: 'lead',
      target_id: String(lead),
      details: { affected: 1, skipped: 0, chosen: 1 },
    });
    expect(await rowsContaining('Pessoa Apagada')).toBe(0);
    expect(await rowsContaining('apagar@ex.com')).toBe(0);
  });

  it('drops any detail whose name says secret, whoever passes it', async () => {
    await auditRecorder.record(context.t.database.db, {
      actorId: null,
      actorEmail: null,
      ip: 'not an address',
      userAgent: `  ${'x'.repeat(400)}  `,
      action: 'export.leads',
      details: {
        count: 3,
        password: 'p1',
        nested: { sessionToken: 't1', apiSecret: 's1', ok: 'sim' },
      },
    });
    const row = await lastOf('export.leads');
    expect(row.details).toEqual({ count: 3, nested: { ok: 'sim' } });
    expect(row.ip).toBeNull();
    expect(row.user_agent).toHaveLength(300);
  });
});
