import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { webhookRequests } from './fixtures/webhook-test-app.ts';
import { isInternalAddress } from './webhook-target.ts';

let t: TestApp;
let adminCookie: string;
let assessor: TestUser;
let requests: ReturnType<typeof webhookRequests>;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  assessor = await t.createSignedInUser('assessor');
  requests = webhookRequests(t, adminCookie);
});
afterAll(() => t.close());

/** The webhook tables and the settings, to show a refusal changed nothing. */
async function webhookState() {
  const { rows } = await sql<{ endpoints: string; deliveries: number; setting: string | null }>`
    select (select coalesce(string_agg(t::text, '|' order by id), '') from webhook_endpoints t)
        as endpoints,
      (select count(*)::int from webhook_deliveries) as deliveries,
      (select value from app_settings where key = 'webhooks_allow_private_targets') as setting
  `.execute(t.database.db);
  return rows[0];
}

describe('the internal network', () => {
  it('knows loopback, private, link-local, CGNAT, multicast and their IPv6 forms', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('refuses internal and non-http targets unless the setting allows them, changing nothing', async () => {
    const before = await webhookState();
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0x7f000001/hook',
      'ftp://127.0.0.1/hook',
      'file:///etc/passwd',
      'http://usuario:senha@127.0.0.1/hook',
    ]) {
      const response = await requests.createEndpoint({
        name: 'Interno',
        url,
        events: ['lead.accepted'],
      });
      expect(response.statusCode, `${url} → ${response.body}`).toBe(400);
      expect(response.json().error.message, url).toMatch(
        /rede interna|http:\/\/ ou https:\/\/|usuário ou senha/,
      );
    }
    expect(await webhookState()).toEqual(before);
  });

  it('takes a loopback target once an admin allows it, audited, and refuses an internal URL again when it is turned off', async () => {
    await requests.allowPrivateTargets(true);
    const created = await requests.register('http://127.0.0.1:9/hook', ['lead.erased'], 'Local');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'in', ['webhook.settings_changed', 'webhook.created'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'webhook.settings_changed', details: { allowPrivateTargets: true } },
      {
        action: 'webhook.created',
        details: { name: 'Local', url: 'http://127.0.0.1:9/hook', events: ['lead.erased'] },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain('whsec_');

    await requests.allowPrivateTargets(false);
    const moved = await t
      .as(adminCookie)
      .patch(`/api/webhooks/${created.id}`, { url: 'http://10.1.2.3/hook' });
    expect(moved.statusCode).toBe(400);
    // A change that keeps the URL is not refused for it.
    const renamed = await t
      .as(adminCookie)
      .patch(`/api/webhooks/${created.id}`, { name: 'Local renomeado', active: false });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Local renomeado', active: false });
    expect(renamed.json()).not.toHaveProperty('secret');
  });
});

describe('/api/webhooks', () => {
  it('answers the secret once, then lists, deletes and 404s', async () => {
    await requests.allowPrivateTargets(true);
    const response = await requests.createEndpoint({
      name: 'CRM',
      url: 'http://127.0.0.1:9/crm',
      events: ['lead.accepted', 'import.finished'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { endpoint, secret } = response.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await t.as(adminCookie).get('/api/webhooks');
    expect(list.body).not.toContain(secret);
    expect(list.json().endpoints).toContainEqual(
      expect.objectContaining({ id: endpoint.id, name: 'CRM', pending: 0, failed: 0 }),
    );

    const removed = await t.as(adminCookie).delete(`/api/webhooks/${endpoint.id}`);
    expect(removed.statusCode).toBe(204);
    const again = await t.as(adminCookie).delete(`/api/webhooks/${endpoint.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Destino de webhook não encontrado.');
  });

  it('refuses bad input in pt-BR, changing nothing', async () => {
    const before = await webhookState();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '', url: 'http://127.0.0.1/', events: ['lead.accepted'] }, /nome/i],
      [{ name: 'x', url: 'não é url', events: ['lead.accepted'] }, /Endereço inválido/],
      [{ name: 'x', url: 'http://127.0.0.1/', events: [] }, /ao menos um evento/],
      [{ name: 'x', url: 'http://127.0.0.1/', events: ['lead.sold'] }, /Evento desconhecido/],
      [
        { name: 'x', url: 'http://127.0.0.1/', events: ['lead.accepted', 'lead.accepted'] },
        /repetido/,
      ],
      [{ name: 'x', url: 'http://127.0.0.1/', events: ['lead.accepted'], secret: 'meu' }, /./],
    ];
    for (const [payload, message] of cases) {
      const response = await requests.createEndpoint(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    const settings = await t
      .as(adminCookie)
      .put('/api/webhooks/settings', { allowPrivateTargets: 'sim' });
    expect(settings.statusCode).toBe(400);
    const empty = await t.as(adminCookie).patch('/api/webhooks/1', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Nada a alterar/);
    expect(await webhookState()).toEqual(before);
  });

  it('is for admins only', async () => {
    const before = await webhookState();
    const headers = t.as(assessor).headers;
    for (const [method, url, payload] of [
      ['GET', '/api/webhooks', undefined],
      ['POST', '/api/webhooks', { name: 'x', url: 'http://127.0.0.1/', events: ['lead.accepted'] }],
      ['PATCH', '/api/webhooks/1', { active: false }],
      ['DELETE', '/api/webhooks/1', undefined],
      ['GET', '/api/webhooks/1/deliveries', undefined],
      ['POST', '/api/webhooks/1/ping', undefined],
      ['POST', '/api/webhooks/deliveries/1/replay', undefined],
      ['GET', '/api/webhooks/settings', undefined],
      ['PUT', '/api/webhooks/settings', { allowPrivateTargets: true }],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await webhookState()).toEqual(before);
  });
});
