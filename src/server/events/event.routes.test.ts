import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../core/events.ts';
import { buildApp } from '../app.ts';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { listenerApplicationName } from '../db/notification-listener.ts';
import {
  createTestApp,
  type TestApp,
  type TestUser,
  testAuthSecret,
  testEnv,
  testOrigin,
} from '../testing/test-app.ts';
import { publishEvent } from './publish-event.ts';

let t: TestApp;
let secondDatabase: DatabaseHandle;
let second: FastifyInstance;
let urlA: string;
let urlB: string;
let adminCookie: string;
let ana: TestUser;
let bruno: TestUser;
const controllers: AbortController[] = [];

beforeAll(async () => {
  t = await createTestApp();
  secondDatabase = createDatabase({
    ...t.database.connectionOptions,
    poolSize: 3,
    statementTimeoutMs: 10_000,
  });
  second = await buildApp({
    env: testEnv,
    database: secondDatabase,
    mailer: { send: async () => {} },
    authSecret: testAuthSecret,
  });
  urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await second.listen({ port: 0, host: '127.0.0.1' });
  adminCookie = await t.signInAsAdmin();
  ana = await t.createSignedInUser('assessor', 'Ana');
  bruno = await t.createSignedInUser('assessor', 'Bruno');
  await t.database.db
    .insertInto('leads')
    .values(
      Array.from({ length: 10 }, (_, index) => ({
        name: `Lead ${index}`,
        phone: `+552198${String(index).padStart(7, '0')}`,
      })),
    )
    .execute();
});
afterAll(async () => {
  for (const controller of controllers) controller.abort();
  await second.close();
  await secondDatabase.close();
  await t.close();
});

interface EventStream {
  contentType: string | null;
  head: string;
  next(): Promise<AppEvent>;
}

/** Opens /api/events over HTTP and waits until the server says it is listening. */
async function openStream(baseUrl: string, cookie: string): Promise<EventStream> {
  const controller = new AbortController();
  controllers.push(controller);
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  let head = '';
  const readMessage = async (): Promise<string> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return message;
      }
      const chunk = await reader.read();
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  for (;;) {
    const message = await readMessage();
    head += `${message}\n\n`;
    if (message.startsWith(': ready')) break;
  }
  return {
    contentType: response.headers.get('content-type'),
    head,
    async next() {
      for (;;) {
        const message = await readMessage();
        if (message.startsWith('data: ')) return JSON.parse(message.slice(6)) as AppEvent;
      }
    },
  };
}

function distribute(perAssessor: Record<string, number>) {
  return fetch(`${urlA}/api/distributions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, cookie: adminCookie },
    body: JSON.stringify({ perAssessor }),
  });
}

describe('GET /api/events', () => {
  it('refuses anyone signed out', async () => {
    const response = await t.app.inject({ url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });

  it('carries a distribution made on one server to the streams of another, to whom it concerns', async () => {
    const anaStream = await openStream(urlB, ana.cookie);
    const brunoStream = await openStream(urlB, bruno.cookie);
    const adminStream = await openStream(urlA, adminCookie);
    expect(anaStream.contentType).toMatch(/^text\/event-stream/);
    expect(anaStream.head).toMatch(/^retry: \d+\n\n/);

    expect((await distribute({ [ana.id]: 2 })).status).toBe(201);
    expect(await anaStream.next()).toEqual({ type: 'leads.distributed', assessorIds: [ana.id] });
    expect(await adminStream.next()).toEqual({ type: 'leads.distributed', assessorIds: [ana.id] });

    expect((await distribute({ [bruno.id]: 1 })).status).toBe(201);
    // Bruno's first event is his own: Ana's distribution never reached his stream.
    expect(await brunoStream.next()).toEqual({
      type: 'leads.distributed',
      assessorIds: [bruno.id],
    });
    expect(await adminStream.next()).toEqual({
      type: 'leads.distributed',
      assessorIds: [bruno.id],
    });

    // An event sent from a transaction that rolls back is never delivered.
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await publishEvent(trx, { type: 'lead.attempted', assessorId: ana.id, leadId: 1 });
        throw new Error('rollback');
      })
      .catch(() => {});
    await publishEvent(t.database.db, { type: 'lead.attempted', assessorId: ana.id, leadId: 2 });
    expect(await anaStream.next()).toEqual({
      type: 'lead.attempted',
      assessorId: ana.id,
      leadId: 2,
    });
  });

  it('listens again by itself when its connection is cut', async () => {
    const stream = await openStream(urlB, ana.cookie);
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${listenerApplicationName} and datname = current_database()
    `.execute(t.database.db);
    const deadline = Date.now() + 15_000;
    // Publish until the reconnected listener hears it (events sent while away are lost).
    const received = stream.next();
    let event: AppEvent | undefined;
    while (!event && Date.now() < deadline) {
      await publishEvent(t.database.db, { type: 'leads.changed', assessorIds: [ana.id] });
      event = await Promise.race([
        received,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 200)),
      ]);
    }
    expect(event).toEqual({ type: 'leads.changed', assessorIds: [ana.id] });
  });
});
