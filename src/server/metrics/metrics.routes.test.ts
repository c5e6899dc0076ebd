import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { createTestApp } from '../testing/test-app.ts';
import { bearer, createTestToken } from '../testing/test-tokens.ts';

/** What main.ts would report: changed by the tests. */
const outside = { restarts: 0, backupAge: undefined as number | undefined };

const context = setUpTestApp({
  app: {
    deps: {
      metrics: {
        databaseRestarts: () => outside.restarts,
        backupAgeSeconds: async () => outside.backupAge,
      },
    },
  },
});

const lanVisitor = '192.168.0.10';

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  context.t.app.inject({ url: '/metrics', ...options });

/** The metrics of a scrape from the server's own machine. */
async function metricsText(): Promise<string> {
  const response = await scrape();
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** The value of one sample, `series` being its name and labels as written; undefined if absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it("answers the server's own machine in Prometheus' text format, every metric named", async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'cca_http_requests_total',
      'cca_http_request_duration_seconds',
      'cca_http_server_errors_total',
      'cca_db_pool_max_clients',
      'cca_db_pool_total_clients',
      'cca_db_pool_idle_clients',
      'cca_db_pool_waiting_requests',
      'cca_event_streams_open',
      'cca_import_batches',
      'cca_webhook_deliveries_pending',
      'cca_backup_age_seconds',
      'cca_embedded_postgres_restarts_total',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(response.body, name).toContain(`# TYPE ${name} `);
    }
    const v6 = await scrape({ remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('refuses a visitor from the LAN, or with a token without the scope; a token with it passes', async () => {
    const lan = await scrape({ remoteAddress: lanVisitor });
    expect(lan.statusCode).toBe(403);
    expect(lan.json().error).toEqual({
      code: 'FORBIDDEN',
      message:
        'Esta rota só responde no próprio servidor (localhost) ou a um token de API com a permissão "Ler métricas" (metrics:read).',
    });
    // A session is not enough either: metrics are for the monitoring, not for a user.
    const signedIn = await scrape({
      remoteAddress: lanVisitor,
      headers: { cookie: context.adminCookie },
    });
    expect(signedIn.statusCode).toBe(403);

    const { t, adminCookie } = context;
    const withScope = await createTestToken(t, adminCookie, ['metrics:read']);
    const withoutScope = await createTestToken(t, adminCookie, ['leads:read', 'attempts:read']);
    const allowed = await scrape({ remoteAddress: lanVisitor, headers: bearer(withScope.secret) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('cca_http_requests_total');
    const refused = await scrape({
      remoteAddress: lanVisitor,
      headers: bearer(withoutScope.secret),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TOKEN_NOT_ALLOWED');
    expect(refused.json().error.message).toContain('metrics:read');
    // Even from loopback, a token presented is checked: a wrong one is refused.
    const wrong = await scrape({ headers: bearer(`${withScope.secret.slice(0, -2)}xx`) });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a LAN visitor relayed by a proxy on the same machine', async () => {
    const proxied = await createTestApp({ env: { trustProxyHops: 1 } });
    try {
      const relayed = await proxied.app.inject({
        url: '/metrics',
        headers: { 'x-forwarded-for': lanVisitor },
      });
      expect(relayed.statusCode).toBe(403);
      const local = await proxied.app.inject({
        url: '/metrics',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(local.statusCode).toBe(200);
      // A LAN proxy cannot make its visitor local by naming loopback as the client.
      const spoofed = await proxied.app.inject({
        url: '/metrics',
        remoteAddress: '192.168.0.2',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoofed.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('counts requests by route pattern, never by raw URL, and unmatched paths under one label', async () => {
    const { t, adminCookie } = context;
    const series = 'cca_http_requests_total{method="GET",route="/api/leads/:id",status_code="200"}';
    const before = sample(await metricsText(), series) ?? 0;
    const [first, second] = (await t.seedLeads(2)) as [number, number];
    for (const id of [first, second]) {
      expect((await t.as(adminCookie).get(`/api/leads/${id}`)).statusCode).toBe(200);
    }
    await t.app.inject({ url: '/api/no-such-route/12345' });
    const text = await metricsText();
    expect(sample(text, series)).toBe(before + 2);
    expect(text).toContain(
      'cca_http_request_duration_seconds_count{method="GET",route="/api/leads/:id",status_code="200"}',
    );
    expect(text).not.toContain(`/api/leads/${first}`);
    expect(text).not.toContain('no-such-route');
    expect(
      sample(text, 'cca_http_requests_total{method="GET",route="(unmatched)",status_code="404"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it("reports the database pool's size and use", async () => {
    const text = await metricsText();
    expect(sample(text, 'cca_db_pool_max_clients')).toBe(5);
    const total = sample(text, 'cca_db_pool_total_clients');
    const idle = sample(text, 'cca_db_pool_idle_clients');
    expect(total).toBeGreaterThanOrEqual(1);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(total as number);
    expect(sample(text, 'cca_db_pool_waiting_requests')).toBe(0);
  });

  it('reports the import and webhook queues as the database holds them', async () => {
    const { t, adminId } = context;
    const queued = 'cca_import_batches{status="queued"}';
    const running = 'cca_import_batches{status="running"}';
    const pending = 'cca_webhook_deliveries_pending';
    const before = await metricsText();
    const batch = {
      file_name: 'lista.csv',
      file_size: 10,
      format: 'csv' as const,
      source: 'Teste',
      mapping: JSON.stringify({}),
      columns: JSON.stringify([]),
      created_by: adminId,
    };
    await t.database.db
      .insertInto('import_batches')
      .values([
        { ...batch, status: 'queued' },
        { ...batch, status: 'queued' },
        { ...batch, status: 'running' },
        { ...batch, status: 'done' },
      ])
      .execute();
    const endpoint = await t.database.db
      .insertInto('webhook_endpoints')
      .values({
        name: 'Receptor',
        url: 'https://example.com/hook',
        secret: 'segredo',
        events: ['lead.accepted'],
        created_by: adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('webhook_deliveries')
      .values([
        { endpoint_id: endpoint.id, event: 'lead.accepted', payload: JSON.stringify({}) },
        {
          endpoint_id: endpoint.id,
          event: 'lead.accepted',
          payload: JSON.stringify({}),
          state: 'delivered',
        },
      ])
      .execute();

    const after = await metricsText();
    expect(sample(after, queued)).toBe((sample(before, queued) ?? 0) + 2);
    expect(sample(after, running)).toBe((sample(before, running) ?? 0) + 1);
    expect(sample(after, pending)).toBe((sample(before, pending) ?? 0) + 1);
  });

  it("reports the backup's age and the embedded database's restarts that main.ts hands in", async () => {
    outside.backupAge = undefined;
    const none = await metricsText();
    expect(none).toContain('# TYPE cca_backup_age_seconds gauge');
    expect(sample(none, 'cca_backup_age_seconds')).toBeUndefined();
    expect(sample(none, 'cca_embedded_postgres_restarts_total')).toBe(0);

    outside.backupAge = 3_600;
    outside.restarts = 2;
    const some = await metricsText();
    expect(sample(some, 'cca_backup_age_seconds')).toBe(3_600);
    expect(sample(some, 'cca_embedded_postgres_restarts_total')).toBe(2);
  });

  it('counts the open event streams', async () => {
    const { t, adminCookie } = context;
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: adminCookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    // The stream's first message is sent once it is subscribed.
    await reader.read();
    expect(sample(await metricsText(), 'cca_event_streams_open')).toBe(1);
    controller.abort();
    await expect.poll(async () => sample(await metricsText(), 'cca_event_streams_open')).toBe(0);
  });
});
