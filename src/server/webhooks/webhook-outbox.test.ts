import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadFileHeader, postForm, waitForBatch } from '../imports/fixtures/import-fixtures.ts';
import { startImportWorker } from '../imports/index.ts';
import { createTestApp, type TestApp, type TestUser, testEnv } from '../testing/test-app.ts';
import { webhookRequests } from './fixtures/webhook-test-app.ts';

let t: TestApp;
let adminCookie: string;
let assessor: TestUser;
let requests: ReturnType<typeof webhookRequests>;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  assessor = await t.createSignedInUser('assessor', 'Assessor Saída');
  requests = webhookRequests(t, adminCookie);
  await requests.allowPrivateTargets(true);
});
afterAll(() => t.close());

const deliveriesOf = (endpointId: number) =>
  t.database.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event', 'payload', 'lead_id'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('id')
    .execute();

async function assignedLead(values: Record<string, unknown> = {}) {
  const [leadId] = (await t.seedLeads(1, {
    status: 'assigned',
    assigned_at: new Date(),
    owner_id: assessor.id,
    ...values,
  })) as [number];
  return leadId;
}

describe('the webhook outbox', () => {
  it('writes nothing while no endpoint wants an event, and nothing for a refused call', async () => {
    const leadId = await assignedLead();
    expect((await requests.recordCall(assessor, leadId, { outcome: 'green' })).statusCode).toBe(
      201,
    );
    const count = () =>
      t.database.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
    expect(Number((await count()).count)).toBe(0);

    const endpoint = await requests.register('http://127.0.0.1:9/', ['attempt.recorded']);
    // The lead is green now: a second call is refused, and so is its event.
    const refused = await requests.recordCall(assessor, leadId, { outcome: 'red' });
    expect(refused.statusCode).toBe(409);
    const otherAssessorsLead = await assignedLead({ owner_id: null, status: 'new' });
    expect(
      (await requests.recordCall(assessor, otherAssessorsLead, { outcome: 'red' })).statusCode,
    ).toBe(404);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);

    // An inactive endpoint hears nothing; a call that is not green is no lead.accepted.
    const accepted = await requests.register('http://127.0.0.1:9/', ['lead.accepted'], 'Inativo');
    await t.as(adminCookie).patch(`/api/webhooks/${accepted.id}`, { active: false });
    const called = await assignedLead();
    await requests.recordCall(assessor, called, { outcome: 'green' });
    await requests.recordCall(assessor, await assignedLead(), { outcome: 'no_answer' });
    expect(await deliveriesOf(accepted.id)).toEqual([]);
    expect((await deliveriesOf(endpoint.id)).map((row) => row.event)).toEqual([
      'attempt.recorded',
      'attempt.recorded',
    ]);
    for (const id of [endpoint.id, accepted.id]) {
      await t.as(adminCookie).delete(`/api/webhooks/${id}`);
    }
  });

  it('tells of an erasure with ids only, and takes the personal data out of earlier deliveries', async () => {
    const endpoint = await requests.register('http://127.0.0.1:9/', [
      'attempt.recorded',
      'lead.accepted',
      'lead.erased',
    ]);
    const leadId = await assignedLead({
      name: 'Joana Apagada',
      email: 'joana@exemplo.com',
      cpf: '52998224725',
      city: 'Niterói',
      external_id: 'ext-7',
    });
    await requests.recordCall(assessor, leadId, { outcome: 'green', note: 'Ligar para a Joana' });
    const kept = await assignedLead({ name: 'Outro Lead' });
    await requests.recordCall(assessor, kept, { outcome: 'no_answer' });
    expect(JSON.stringify(await deliveriesOf(endpoint.id))).toContain('Joana');

    const erased = await t
      .as(adminCookie)
      .post('/api/leads/bulk', { target: { ids: [leadId] }, operation: { action: 'erase' } });
    expect(erased.statusCode, erased.body).toBe(200);

    const rows = await deliveriesOf(endpoint.id);
    const stored = JSON.stringify(rows.filter((row) => row.lead_id === leadId));
    for (const personal of ['Joana', 'joana@', '52998224725', 'Niterói', '+5521']) {
      expect(stored).not.toContain(personal);
    }
    const notice = rows.find((row) => row.event === 'lead.erased');
    expect(notice?.payload).toEqual({
      occurredAt: expect.any(String),
      data: { lead: { id: leadId, externalId: 'ext-7' } },
    });
    const scrubbed = rows.filter((row) => row.lead_id === leadId && row.event !== 'lead.erased');
    expect(scrubbed.map((row) => row.event).sort()).toEqual(['attempt.recorded', 'lead.accepted']);
    for (const row of scrubbed) {
      const data = (row.payload as { data: Record<string, Record<string, unknown>> }).data;
      expect(data.lead).toEqual({ id: leadId, externalId: 'ext-7', erased: true });
      expect(data.attempt?.note).toBeNull();
      expect(data.attempt?.outcome).toBe('green');
    }
    // The other lead's delivery is as it was.
    expect(JSON.stringify(rows.filter((row) => row.lead_id === kept))).toContain('Outro Lead');
  });

  it('tells of a finished import with its file and counts, committed with the import', async () => {
    const endpoint = await requests.register('http://127.0.0.1:9/', ['import.finished']);
    const worker = startImportWorker({
      database: t.database,
      dataDir: testEnv.dataDir,
      pollMs: 50,
    });
    try {
      const file = Buffer.from(
        `${leadFileHeader.join(';')}\nAna Importada;(21) 99888-7766;;;;;;\nSem telefone;;;;;;;\n`,
      );
      const started = await postForm(t.app, '/api/imports', adminCookie, file, 'parceiro.csv', {
        source: 'parceiro-x',
      });
      expect(started.statusCode, started.body).toBe(202);
      await waitForBatch(t.app, adminCookie, started.json().id);
    } finally {
      await worker.stop();
    }
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.event).toBe('import.finished');
    expect(delivery?.payload).toMatchObject({
      data: {
        import: {
          fileName: 'parceiro.csv',
          source: 'parceiro-x',
          totalRows: 2,
          inserted: 1,
          rejected: 1,
        },
      },
    });
    expect(JSON.stringify(delivery?.payload)).not.toContain('Ana Importada');
  });
});
