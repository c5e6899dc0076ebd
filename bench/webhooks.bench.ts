import net from 'node:net';
import { sql } from 'kysely';
import { webhookEvents } from '../src/core/webhooks.ts';
import { findFreePort } from '../src/server/db/embedded-postgres.ts';
import { adminCredentials } from '../src/server/testing/test-app.ts';
import type { BenchContext } from './context.ts';
import { atLeast, type Figure } from './harness.ts';
import { busiestAssessor, type Load, load } from './operator.bench.ts';
import { startServer } from './server.ts';

const rounds = 3;
const measure = { duration: 10_000, warmUp: 2_000 };

async function signedIn(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(adminCredentials),
  });
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/**
 * The assessor's list while calls are recorded, with no webhook endpoint and then with two
 * bad ones wanting every event — one whose port refuses connections, one that accepts them
 * and never answers (each send waits out its timeout) — in alternate rounds on one server:
 * the list's rate must not move while the outbox fills and the worker fails to deliver.
 */
export async function webhookBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { workable, leadIds, email, password } = await busiestAssessor(context);
  const cca = await startServer(context.databaseUrl, context.workDir, { email, password });
  const silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const silentPort = (silent.address() as net.AddressInfo).port;
  const deadPort = await findFreePort();
  try {
    const admin = {
      'content-type': 'application/json',
      origin: cca.baseUrl,
      cookie: await signedIn(cca.baseUrl),
    };
    const call = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${cca.baseUrl}${path}`, {
        method,
        headers: admin,
        body: JSON.stringify(body),
      });
      if (response.status >= 300)
        throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<{ endpoint?: { id: number } }>;
    };
    await call('PUT', '/api/webhooks/settings', { allowPrivateTargets: true });
    const endpoints: number[] = [];
    for (const [name, port] of [
      ['Porta fechada', deadPort],
      ['Nunca responde', silentPort],
    ] as const) {
      const created = await call('POST', '/api/webhooks', {
        name,
        url: `http://127.0.0.1:${port}/cca`,
        events: [...webhookEvents],
      });
      endpoints.push(created.endpoint?.id as number);
    }
    const setActive = (active: boolean) =>
      Promise.all(endpoints.map((id) => call('PATCH', `/api/webhooks/${id}`, { active })));

    const assessor = { cookie: cca.cookie, origin: cca.baseUrl };
    let turn = 0;
    const phase = async () => {
      const [myLeads, attempts] = await Promise.all([
        load(`${cca.baseUrl}/api`, assessor, 200, () => ({ method: 'GET', path: '/my-leads' }), {
          ...measure,
          clients: 40,
        }),
        load(
          `${cca.baseUrl}/api`,
          assessor,
          201,
          () => ({
            method: 'POST',
            path: `/leads/${leadIds[turn++ % leadIds.length]}/attempts`,
            body: JSON.stringify({ outcome: 'no_answer' }),
          }),
          { ...measure, clients: 10 },
        ),
      ]);
      return { myLeads, attempts };
    };
    const without: Load[] = [];
    const withBad: Load[] = [];
    const callsWithBad: Load[] = [];
    for (let round = 0; round < rounds; round++) {
      await setActive(false);
      without.push((await phase()).myLeads);
      await setActive(true);
      const loaded = await phase();
      withBad.push(loaded.myLeads);
      callsWithBad.push(loaded.attempts);
    }
    await setActive(false);
    const outbox = await sql<{ deliveries: number; tries: number }>`
      select (select count(*)::int from webhook_deliveries) as deliveries,
             (select count(*)::int from webhook_delivery_attempts) as tries`.execute(
      context.database.db,
    );
    const rate = (loads: Load[]) => loads.reduce((sum, one) => sum + one.rate, 0) / loads.length;
    const errors = [...without, ...withBad].reduce((sum, one) => sum + one.errors, 0);
    const figures = outbox.rows[0] ?? { deliveries: 0, tries: 0 };
    return [
      atLeast(
        `GET /api/my-leads (list of ${workable.toLocaleString('en')}) rate with a dead and a silent webhook endpoint ÷ without`,
        rate(withBad) / rate(without),
        '×',
        0.9,
        `${Math.round(rate(withBad))} req/s with them, ${Math.round(rate(without))} without (40 connections, ` +
          `${rounds} alternate rounds of ${measure.duration / 1000} s, beside 10 connections recording calls at ` +
          `${Math.round(rate(callsWithBad))} calls/s); ${figures.deliveries.toLocaleString('en')} deliveries queued, ` +
          `${figures.tries.toLocaleString('en')} sends tried and failed; ${errors} errors`,
      ),
    ];
  } finally {
    cca.server.kill('SIGTERM');
    await new Promise((resolve) => cca.server.once('exit', resolve));
    silent.close();
  }
}
