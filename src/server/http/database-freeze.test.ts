import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerGraceMs } from '../db/database.ts';
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

// A frozen PostgreSQL (SIGSTOP, a paused virtual machine) keeps its connections open and
// answers nothing: without limits of its own, every pooled connection would wait for it.
let own: AppOnOwnPostgres;

beforeAll(async () => {
  own = await startAppOnOwnPostgres(8);
});

afterAll(async () => {
  await own?.thawDatabase();
  await own?.close();
});

/** The app's statement timeout (app-on-own-postgres), past which a query goes unanswered. */
const statementTimeoutMs = 5_000;

it('answers 503 within seconds while the database is frozen, recovers when it thaws, and keeps every write it answered', async () => {
  const load = await startOutageLoad(own);
  const { answers } = load;

  await load.answersOfEveryKind(0, 5);
  const freezing = Date.now();
  await own.freezeDatabase();
  const frozen = Date.now();
  await sleep(1_000);
  const askedAt = Date.now();
  const health = await own.app.inject({ url: '/api/health' });
  const healthMs = Date.now() - askedAt;
  await sleep(12_000);
  const thawing = Date.now();
  await own.thawDatabase();
  const recovered = await load.healthyWithin(10_000);
  if (recovered > 0) await load.answersOfEveryKind(recovered, 5);
  await load.finish();

  expect(health.statusCode).toBe(503);
  expect(health.headers['retry-after']).toBe('5');
  expect(healthMs).toBeLessThan(6_000);
  expect(recovered).toBeGreaterThan(0);
  expect(load.uncaught).toEqual([]);

  const before = answers.filter((answer) => answer.endedAt < freezing);
  const whileFrozen = answers.filter(
    (answer) => answer.endedAt > frozen + 100 && answer.endedAt < thawing,
  );
  const after = answers.filter((answer) => answer.startedAt > recovered);
  for (const kind of answerKinds) {
    expect(before.filter((answer) => answer.kind === kind).length).toBeGreaterThanOrEqual(3);
    expect(whileFrozen.filter((answer) => answer.kind === kind).length).toBeGreaterThanOrEqual(2);
    expect(after.filter((answer) => answer.kind === kind).length).toBeGreaterThanOrEqual(3);
  }
  expect(before.filter((answer) => answer.status >= 300).map(summary)).toEqual([]);
  expect(whileFrozen.filter((answer) => answer.status !== 503).map(summary)).toEqual([]);
  expect(after.filter((answer) => answer.status >= 300).map(summary)).toEqual([]);
  expect(unclearAnswers(answers)).toEqual([]);
  // No answer waits on the frozen server past its statement timeout and the grace.
  const longestAnswerMs = statementTimeoutMs + answerGraceMs + 1_000;
  const slow = answers.filter((answer) => answer.endedAt - answer.startedAt > longestAnswerMs);
  expect(slow.map(summary)).toEqual([]);
  expect(await lostWrites(own, answers)).toEqual([]);
  expect(await invariantViolations(own.database.db)).toEqual([]);
}, 90_000);
