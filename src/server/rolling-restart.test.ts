import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFreePort } from './db/embedded-postgres.ts';
import { type SpawnedServer, spawnServerFor } from './testing/spawn-server.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from './testing/test-app.ts';
import { startTestBalancer, type TestBalancer } from './testing/test-balancer.ts';

// Two servers behind a balancer, restarted one after the other while assessors record calls
// and admins keep the live page open: what an office does to update CCA without a pause.
let t: TestApp;
let balancer: TestBalancer;
const servers: SpawnedServer[] = [];
const ports: number[] = [];
const drain = { SHUTDOWN_DRAIN_SECONDS: '1' };

beforeAll(async () => {
  t = await createTestApp();
  ports.push(await findFreePort(), await findFreePort());
  for (const port of ports) servers.push(await spawnServerFor(t, { env: drain, port }));
  balancer = await startTestBalancer(ports);
}, 120_000);

afterAll(async () => {
  for (const server of servers) server.process.kill('SIGKILL');
  await balancer?.close();
  await t?.close();
});

interface Answers {
  recorded: number[];
  retried503: number;
  unexpected: string[];
}

/** An assessor calling down their list through the balancer, as the page does, until told to stop. */
async function callDownTheList(
  user: TestUser,
  leads: number[],
  done: () => boolean,
  answers: Answers,
) {
  for (const lead of leads) {
    if (done()) return;
    for (;;) {
      const response = await fetch(`${balancer.url}/api/leads/${lead}/attempts`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin: testOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: 'red' }),
      });
      const text = await response.text();
      if (response.status === 201) {
        answers.recorded.push(JSON.parse(text).attempt.id);
        break;
      }
      const retryAfter = response.headers.get('retry-after');
      if (response.status === 503 && retryAfter) {
        answers.retried503++;
        await new Promise((resolve) => setTimeout(resolve, Math.min(Number(retryAfter), 1) * 200));
        continue;
      }
      answers.unexpected.push(`${response.status} ${text.slice(0, 200)}`);
      break;
    }
  }
}

/** An open page's event stream, reconnected as EventSource does whenever it ends. */
function openPage(cookie: string, done: () => boolean) {
  const page = { connections: 0, readyAfterConnect: 0 };
  const finished = (async () => {
    while (!done()) {
      const response = await fetch(`${balancer.url}/api/events`, { headers: { cookie } }).catch(
        () => undefined,
      );
      if (response?.status === 200 && response.body) {
        page.connections++;
        const reader = response.body.getReader();
        const stop = setInterval(() => done() && reader.cancel().catch(() => {}), 100);
        try {
          for (;;) {
            const { value, done: ended } = await reader.read();
            if (ended) break;
            if (new TextDecoder().decode(value).includes(': ready')) page.readyAfterConnect++;
          }
        } catch {
          // The connection was cut: the page reconnects.
        } finally {
          clearInterval(stop);
        }
      }
      if (!done()) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return { page, finished };
}

it('restarts two servers one after the other: no call lost, no 5xx but 503 with Retry-After, every page back on its stream', async () => {
  const admin = await t.signInAsAdmin();
  const assessors: TestUser[] = [];
  for (const name of ['Ana', 'Bia', 'Caio', 'Duda']) {
    assessors.push(await t.createSignedInUser('assessor', name));
  }
  await t.seedLeads(2_000);
  const distributed = await t.as(admin).post('/api/distributions', { each: 500 });
  expect(distributed.statusCode, distributed.body).toBe(201);
  const listOf = async (user: TestUser) =>
    (
      await t.database.db
        .selectFrom('leads')
        .select('id')
        .where('owner_id', '=', user.id)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);

  let restarted = false;
  const done = () => restarted;
  const answers: Answers = { recorded: [], retried503: 0, unexpected: [] };
  const pages = [openPage(admin, done), openPage(admin, done), openPage(admin, done)];
  const calling = Promise.all(
    assessors.map(async (user) => callDownTheList(user, await listOf(user), done, answers)),
  );

  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const [index, port] of ports.entries()) {
    const old = servers[index] as SpawnedServer;
    const before = answers.recorded.length;
    old.process.kill('SIGTERM');
    expect(await old.exited, old.output()).toBe(0);
    servers[index] = await spawnServerFor(t, { env: drain, port });
    // Calls went on while it was away.
    expect(answers.recorded.length).toBeGreaterThan(before);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  restarted = true;
  await calling;
  await Promise.all(pages.map((page) => page.finished));

  expect(answers.unexpected).toEqual([]);
  const stored = await t.database.db
    .selectFrom('lead_attempts')
    .select('id')
    .orderBy('id')
    .execute();
  expect(stored.map((row) => row.id)).toEqual([...answers.recorded].sort((a, b) => a - b));
  expect(answers.recorded.length).toBeGreaterThan(100);
  for (const { page } of pages) {
    // Each page lost its server at least once (both restarted) and came back on the other.
    expect(page.connections).toBeGreaterThanOrEqual(2);
    expect(page.readyAfterConnect).toBe(page.connections);
  }
}, 180_000);
