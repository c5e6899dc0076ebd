import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppEvent, eventChannel } from '../../core/events.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createEventPublisher } from './event-publisher.ts';

let database: TestDatabase;
let listener: pg.Client;
const heard: { event: AppEvent; at: number }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  listener = new pg.Client({ connectionString: database.connectionString });
  await listener.connect();
  listener.on('notification', (message) =>
    heard.push({ event: JSON.parse(message.payload ?? ''), at: performance.now() }),
  );
  await listener.query(`LISTEN ${eventChannel}`);
});
afterAll(async () => {
  await listener?.end();
  await database?.drop();
});

async function until(condition: () => boolean) {
  for (let waited = 0; waited < 5000 && !condition(); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('sends the events of a moment together, each once, and what waits when it closes', async () => {
  const errors: unknown[] = [];
  const publisher = createEventPublisher(database.db, {
    delayMs: 200,
    onError: (error) => errors.push(error),
  });
  const call = (leadId: number): AppEvent => ({ type: 'lead.attempted', assessorId: 'a', leadId });
  heard.length = 0;
  const started = performance.now();
  publisher.publish(call(1));
  publisher.publish(call(2));
  publisher.publish(call(1));
  await until(() => heard.length >= 2);
  // Nothing before the delay, then both together, the repeated one once.
  expect(heard.map((entry) => entry.event)).toEqual([call(1), call(2)]);
  expect(Math.min(...heard.map((entry) => entry.at)) - started).toBeGreaterThanOrEqual(190);

  heard.length = 0;
  publisher.publish(call(3));
  await publisher.close();
  await until(() => heard.length >= 1);
  expect(heard.map((entry) => entry.event)).toEqual([call(3)]);
  expect(errors).toEqual([]);
});

it('reports a send that fails instead of throwing', async () => {
  const errors: unknown[] = [];
  const unreachable = await createTestDatabase();
  const publisher = createEventPublisher(unreachable.db, {
    delayMs: 10,
    onError: (error) => errors.push(error),
  });
  await unreachable.drop();
  publisher.publish({ type: 'leads.imported' });
  await until(() => errors.length > 0);
  expect(errors).toHaveLength(1);
  await publisher.close();
});

it('sends an event published after it closed at once, leaving no timer behind', async () => {
  const publisher = createEventPublisher(database.db, { delayMs: 60_000, onError: () => {} });
  await publisher.close();
  heard.length = 0;
  // A job stopping late still tells the pages, without waiting for a delay the server will not see.
  publisher.publish({ type: 'leads.imported' });
  await until(() => heard.length >= 1);
  expect(heard.map((entry) => entry.event)).toEqual([{ type: 'leads.imported' }]);
  await publisher.close();
});
