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
  const load = await startOutageLoad(own);
  const { answers } = load;

  await load.answersOfEveryKind(0, 5);
  const killing = Date.now();
  await own.killDatabase();
  await sleep(50);
  const recovered = await load.healthyWithin(30_000);
  if (recovered > 0) await load.answersOfEveryKind(recovered, 5);
  await load.finish();
  expect(recovered).toBeGreaterThan(0);
  expect(load.uncaught).toEqual([]);

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
