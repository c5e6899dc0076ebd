import pg from 'pg';
import { type AppEvent, eventChannel } from '../../core/events.ts';

/** What the live pages would hear: every event published on the database, in order. */
export async function listenToEvents(connectionString: string) {
  const listener = new pg.Client({ connectionString });
  await listener.connect();
  const events: AppEvent[] = [];
  listener.on('notification', (message) => {
    if (message.payload) events.push(JSON.parse(message.payload) as AppEvent);
  });
  await listener.query(`LISTEN ${eventChannel}`);
  return { events, end: () => listener.end() };
}
