import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import {
  closedPort,
  startSilentServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from './fixtures/webhook-receiver.ts';
import { eventually, webhookRequests } from './fixtures/webhook-test-app.ts';
import { startWebhookWorker, type WebhookWorker } from './webhook.worker.ts';

let t: TestApp;
let assessor: TestUser;
let requests: ReturnType<typeof webhookRequests>;
let receiver: WebhookReceiver;
let endpointId: number;
const workers: WebhookWorker[] = [];

/** A worker as fast as a test wants: polls every 20 ms, retries after 100 ms. */
function startWorker(database: DatabaseHandle = t.database) {
  const worker = startWebhookWorker({ database, pollMs: 20, backoffMs: [100], timeoutMs: 3000 });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  t = await createTestApp();
  requests = webhookRequests(t, await t.signInAsAdmin());
  assessor = await t.createSignedInUser('assessor', 'Assessora Webhook');
  receiver = await startWebhookReceiver();
  // The receiver listens on loopback: allowed here on purpose, as the setting lets an admin.
  await requests.allowPrivateTargets(true);
  const endpoint = await requests.register(receiver.url, ['attempt.recorded', 'lead.accepted']);
  endpointId = endpoint.id;
  receiver.secret = endpoint.secret;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  receiver.received.length = 0;
  receiver.answers.length = 0;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function assignedLead(values: Record<string, unknown> = {}) {
  const [leadId] = (await t.seedLeads(1, {
    status: 'assigned',
    assigned_at: new Date(),
    owner_id: assessor.id,
    ...values,
  })) as [number];
  return leadId;
}

describe('webhook deliveries', () => {
  it('sends a green call as attempt.recorded and lead.accepted, signed, with the lead and the assessor', async () => {
    startWorker();
    const leadId = await assignedLead({
      name: 'Maria Aceita',
      email: 'maria@exemplo.com',
      external_id: 'crm-42',
      source: 'parceiro',
    });
    const call = await requests.recordCall(assessor, leadId, {
      outcome: 'green',
      note: 'Quer o plano',
    });
    expect(call.statusCode, call.body).toBe(201);

    const received = await receiver.waitFor(2);
    expect(received.map((delivery) => delivery.event).sort()).toEqual([
      'attempt.recorded',
      'lead.accepted',
    ]);
    for (const delivery of received) {
      expect(delivery.signatureValid).toBe(true);
      expect(delivery.userAgent).toBe('CCA-Webhooks/1');
      expect(delivery.json.id).toBe(Number(delivery.id));
      expect(delivery.json.event).toBe(delivery.event);
      expect(delivery.json.data.lead).toMatchObject({
        id: leadId,
        externalId: 'crm-42',
        name: 'Maria Aceita',
        email: 'maria@exemplo.com',
        source: 'parceiro',
        status: 'green',
      });
      expect(delivery.json.data.assessor).toEqual({ id: assessor.id, name: 'Assessora Webhook' });
      expect(delivery.json.data.attempt).toMatchObject({
        id: call.json().attempt.id,
        outcome: 'green',
        channel: 'phone',
        note: 'Quer o plano',
      });
      expect(delivery.json.occurredAt).toBe(call.json().attempt.createdAt);
    }
    // A signature made with another secret does not hold.
    const secret = receiver.secret;
    receiver.secret = 'outro-segredo';
    await requests.recordCall(assessor, await assignedLead(), { outcome: 'no_answer' });
    const [, , forged] = await receiver.waitFor(3);
    receiver.secret = secret;
    expect(forged?.event).toBe('attempt.recorded');
    expect(forged?.signatureValid).toBe(false);
  });

  it('retries a delivery its endpoint refused, and logs both tries', async () => {
    receiver.answers.push(500);
    startWorker();
    await requests.recordCall(assessor, await assignedLead(), { outcome: 'red' });
    const [first, second] = await receiver.waitFor(2);
    expect(second?.id).toBe(first?.id);
    expect(second?.signatureValid).toBe(true);

    const [delivery] = await eventually(
      () => requests.deliveries(endpointId),
      ([latest]) => latest?.state === 'delivered',
    );
    expect(delivery).toMatchObject({ attempts: 2, lastStatus: 200, nextAttemptAt: null });
    expect(delivery?.tries.map((tried) => tried.status)).toEqual([500, 200]);
    expect(delivery?.tries[0]?.error).toBe('Resposta HTTP 500');
    expect(delivery?.tries.every((tried) => tried.durationMs >= 0)).toBe(true);
  });

  it('delivers, after a restart, what was queued while no worker ran', async () => {
    await requests.recordCall(assessor, await assignedLead(), { outcome: 'no_answer' });
    const [queued] = await requests.deliveries(endpointId);
    expect(queued).toMatchObject({ event: 'attempt.recorded', state: 'pending', attempts: 0 });

    // Another process: its own pool on the same database, nothing shared in memory.
    const restarted = createDatabase({
      connectionString: t.database.connectionString,
      poolSize: 2,
      statementTimeoutMs: 10_000,
    });
    try {
      startWorker(restarted);
      const [received] = await receiver.waitFor(1);
      expect(received?.id).toBe(String(queued?.id));
      expect(received?.signatureValid).toBe(true);
      await eventually(
        () => requests.deliveries(endpointId),
        ([latest]) => latest?.state === 'delivered',
      );
    } finally {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      await restarted.close();
    }
  });

  it('logs and reschedules the tries of a dead endpoint without holding up a live one', async () => {
    const dead = await requests.register(`http://127.0.0.1:${await closedPort()}/`, [
      'attempt.recorded',
    ]);
    // One that takes the connection and never answers: it holds its try until the timeout.
    const silent = await startSilentServer();
    const hanging = await requests.register(silent.url, ['attempt.recorded'], 'Mudo');
    const worker = startWebhookWorker({
      database: t.database,
      pollMs: 20,
      backoffMs: [60_000],
      timeoutMs: 2000,
    });
    workers.push(worker);
    const started = Date.now();
    await requests.recordCall(assessor, await assignedLead(), { outcome: 'no_answer' });
    await receiver.waitFor(1);
    expect(Date.now() - started).toBeLessThan(1500);

    const [timedOut] = await eventually(
      () => requests.deliveries(hanging.id),
      ([latest]) => (latest?.attempts ?? 0) > 0,
    );
    expect(timedOut?.tries[0]?.error).toBe('Sem resposta em 2 s');
    expect(timedOut?.tries[0]?.durationMs).toBeGreaterThanOrEqual(1900);
    await silent.close();

    const [tried] = await eventually(
      () => requests.deliveries(dead.id),
      ([latest]) => (latest?.attempts ?? 0) > 0,
    );
    expect(tried).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null });
    expect(tried?.tries[0]?.error).toMatch(/^Conexão recusada \(ECONNREFUSED\)$/);
    expect(Date.parse(tried?.nextAttemptAt ?? '')).toBeGreaterThan(Date.now() + 50_000);
    for (const id of [dead.id, hanging.id]) {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/webhooks/${id}`,
        headers: { origin: 'http://cca.test', cookie: await t.signInAsAdmin() },
      });
    }
  });

  it('checks the target again at each send: with the setting turned off, loopback is refused and logged', async () => {
    await requests.allowPrivateTargets(false);
    try {
      startWorker();
      await requests.recordCall(assessor, await assignedLead(), { outcome: 'no_answer' });
      const [refused] = await eventually(
        () => requests.deliveries(endpointId),
        ([latest]) => (latest?.attempts ?? 0) > 0,
      );
      expect(refused?.state).toBe('pending');
      expect(refused?.tries[0]?.error).toMatch(/rede interna/);
      expect(receiver.received).toEqual([]);
    } finally {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      await requests.allowPrivateTargets(true);
      // Out of the way of the next tests, which count what the receiver gets.
      await t.database.db
        .updateTable('webhook_deliveries')
        .set({ state: 'failed' })
        .where('state', '=', 'pending')
        .execute();
    }
  });

  it('replays a delivered delivery on request, keeping its log', async () => {
    startWorker();
    await requests.recordCall(assessor, await assignedLead(), { outcome: 'no_answer' });
    const [first] = await receiver.waitFor(1);
    const [delivered] = await eventually(
      () => requests.deliveries(endpointId),
      ([latest]) => latest?.state === 'delivered',
    );
    expect(delivered?.id).toBe(Number(first?.id));

    const replay = await requests.replay(delivered?.id ?? 0);
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json().delivery.state).toBe('pending');
    const [, again] = await receiver.waitFor(2);
    expect(again?.id).toBe(first?.id);
    expect(again?.body).toBe(first?.body);
    expect(again?.signatureValid).toBe(true);
    const [replayed] = await eventually(
      () => requests.deliveries(endpointId),
      ([latest]) => latest?.state === 'delivered' && latest.attempts === 2,
    );
    expect(replayed?.tries).toHaveLength(2);

    // One still waiting for its try is not replayed: the worker tries it already.
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await requests.recordCall(assessor, await assignedLead(), { outcome: 'no_answer' });
    const [pending] = await requests.deliveries(endpointId);
    const refused = await requests.replay(pending?.id ?? 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/pendente/);
    expect((await requests.replay(999_999)).statusCode).toBe(404);
  });
});
