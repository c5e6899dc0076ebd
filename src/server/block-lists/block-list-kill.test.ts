import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SpawnedServer, serverProcesses } from '../testing/spawn-server.ts';
import {
  holdTableLock,
  waitForBackendBlockedOn,
  waitForBackendGone,
} from '../testing/table-lock.ts';
import { createTestApp, type TestApp, testOrigin } from '../testing/test-app.ts';

// A real server process on the test's database; the test's own app (same database, same
// secret) seeds the leads and the session.
let t: TestApp;
let adminCookie: string;
const servers = serverProcesses(() => t);

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
});

afterAll(async () => {
  await servers.killAll();
  await t?.close();
});

function load(server: SpawnedServer, phones: string[], listDate: string): Promise<Response> {
  const form = new FormData();
  form.append('name', 'Procon-SP');
  form.append('listDate', listDate);
  form.append('file', new Blob([`TELEFONE\n${phones.join('\n')}\n`]), 'procon.txt');
  return fetch(`${server.baseUrl}/api/block-lists`, {
    method: 'POST',
    headers: { origin: testOrigin, cookie: adminCookie },
    body: form,
  });
}

/** Everything a load writes. */
async function snapshot() {
  const db = t.database.db;
  const [sources, phones, leads, history] = await Promise.all([
    db.selectFrom('block_list_sources').selectAll().execute(),
    db.selectFrom('block_list_phones').selectAll().orderBy('phone').execute(),
    db.selectFrom('leads').select(['id', 'status', 'owner_id']).orderBy('id').execute(),
    db.selectFrom('lead_history').select('id').execute(),
  ]);
  return { sources, phones, leads, history: history.length };
}

it('a server killed with SIGKILL mid-load leaves the list and the leads as the last load left them', async () => {
  const db = t.database.db;
  const [first, second] = await t.seedLeads(2, { status: 'new' });
  const phoneOf = async (id: number) =>
    (await db.selectFrom('leads').select('phone').where('id', '=', id).executeTakeFirstOrThrow())
      .phone as string;
  const server = await servers.start();

  const answered = await load(
    server,
    [await phoneOf(first as number), '(11) 98888-0001'],
    '2026-10-01',
  );
  expect(answered.status).toBe(200);
  const before = await snapshot();
  expect(before.phones).toHaveLength(2);
  expect(before.leads.find((lead) => lead.id === first)?.status).toBe('do_not_call');

  // The numbers are added before the leads are blocked: holding the history's table stops the
  // load's transaction between the two.
  const lock = await holdTableLock(t.database.connectionString, 'lead_history');
  let killedPid: number | undefined;
  try {
    const stalled = load(
      server,
      ['(11) 98888-0002', '(11) 98888-0003', await phoneOf(second as number)],
      '2026-11-01',
    ).then(
      (response) => response.status,
      () => 'no answer' as const,
    );
    const killed = await waitForBackendBlockedOn(db, 'lead_history');
    killedPid = killed.pid;
    expect(killed.hasWritten).toBe(true);
    expect(killed.lockedTables).toEqual(expect.arrayContaining(['block_list_phones']));
    server.process.kill('SIGKILL');
    await server.exited;
    expect(await stalled).toBe('no answer');
  } finally {
    await lock.release();
  }
  if (killedPid !== undefined) await waitForBackendGone(db, killedPid);

  expect(await snapshot()).toEqual(before);
  const again = await servers.start();
  const replaced = await load(again, ['(11) 98888-0002'], '2026-11-01');
  expect(replaced.status).toBe(200);
  expect(await replaced.json()).toMatchObject({ added: 1, removed: 2, leadsBlocked: 0 });
  again.process.kill('SIGTERM');
  await again.exited;
}, 60_000);
