import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppOnOwnPostgres, startAppOnOwnPostgres } from '../testing/app-on-own-postgres.ts';
import { invariantViolations } from '../testing/invariants.ts';
import {
  answerKinds,
  lostWrites,
  sleep,
  startOutageLoad,
  summary,
  unclearAnswers,
} from '../testing/outage-load.ts';

// The embedded PostgreSQL killed under a working day's load, as the OOM killer does: its
// supervisor starts it again, and nothing the app answered as written may be missing.
let own: AppOnOwnPostgres;

beforeAll(async () => {
  own = await startAppOnOwnPostgres(8);
});

afterAll(() => own?.close());

it('keeps every write it answered when the database is killed under load, and recovers by itself', async () => {
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => void uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  const load = await startOutageLoad(own);
  const { answers } = load;

  await load.answersOfEveryKind(0, 5);
  const killing = Date.now();
  await own.killDatabase();
  let recovered = 0;
  while (recovered === 0 && Date.now() < killing + 30_000) {
    await sleep(50);
    if ((await own.app.inject({ url: '/api/health' })).statusCode === 200) recovered = Date.now();
  }
  if (recovered > 0) await load.answersOfEveryKind(recovered, 5);
  await load.finish();
  process.off('uncaughtException', onUncaught);
  expect(recovered).toBeGreaterThan(0);
  expect(uncaught).toEqual([]);

  const before = answers.filter((answer) => answer.endedAt < killing);
  const after = answers.filter((answer) => answer.startedAt > recovered);
  for (const kind of answerKinds) {
    expect(before.filter((answer) => answer.kind === kind).length).toBeGreaterThanOrEqual(3);
    expect(after.filter((answer) => answer.kind === kind).length).toBeGreaterThanOrEqual(3);
  }
  expect(before.filter((answer) => answer.status >= 300).map(summary)).toEqual([]);
  expect(after.filter((answer) => answer.status >= 300).map(summary)).toEqual([]);
  expect(unclearAnswers(answers)).toEqual([]);
  expect(await lostWrites(own, answers)).toEqual([]);
  expect(await invariantViolations(own.database.db)).toEqual([]);
}, 90_000);
