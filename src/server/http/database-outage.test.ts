import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppOnOwnPostgres, startAppOnOwnPostgres } from '../testing/app-on-own-postgres.ts';
import { invariantViolations } from '../testing/invariants.ts';
import {
  type Answer,
  answerKinds,
  lostWrites,
  sleep,
  startOutageLoad,
  summary,
  unclearAnswers,
} from '../testing/outage-load.ts';

// The app on a PostgreSQL of its own, so the test can stop and start it under a steady load
// without touching the other test files' databases.
let own: AppOnOwnPostgres;

beforeAll(async () => {
  own = await startAppOnOwnPostgres(8);
});

afterAll(() => own?.close());

/** The longest any answer may take, database up or down. */
const longestAnswerMs = 3_000;

it('answers 503 while the database is down, recovers by itself, and keeps every write it answered', async () => {
  const load = await startOutageLoad(own);
  const { answers } = load;

  await load.answersOfEveryKind(0, 5);
  const stopping = Date.now();
  await own.stopDatabase();
  const stopped = Date.now();
  await sleep(2_000);
  const starting = Date.now();
  await own.startDatabase();
  const recovered = await load.healthyWithin(10_000);
  if (recovered > 0) await load.answersOfEveryKind(recovered, 5);
  await load.finish();
  expect(recovered).toBeGreaterThan(0);
  expect(load.uncaught).toEqual([]);

  const during = (answer: Answer) => answer.startedAt >= stopped && answer.endedAt <= starting;
  const before = answers.filter((answer) => answer.endedAt < stopping);
  const down = answers.filter(during);
  const after = answers.filter((answer) => answer.startedAt > recovered);
  // Enough of each to mean something.
  for (const phase of [before, down, after]) {
    for (const kind of answerKinds) {
      expect(phase.filter((answer) => answer.kind === kind).length).toBeGreaterThanOrEqual(3);
    }
  }
  expect(before.filter((answer) => answer.status >= 300).map(summary)).toEqual([]);
  expect(after.filter((answer) => answer.status >= 300).map(summary)).toEqual([]);
  expect(down.filter((answer) => answer.status !== 503).map(summary)).toEqual([]);
  expect(unclearAnswers(answers)).toEqual([]);
  const slow = answers.filter((answer) => answer.endedAt - answer.startedAt > longestAnswerMs);
  expect(slow.map(summary)).toEqual([]);
  expect(await lostWrites(own, answers)).toEqual([]);
  expect(await invariantViolations(own.database.db)).toEqual([]);
}, 60_000);
