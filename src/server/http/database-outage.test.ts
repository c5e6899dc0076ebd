import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorMessages } from '../../core/errors.ts';
import { hashPassword } from '../auth/password-hashing.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { type AppOnOwnPostgres, startAppOnOwnPostgres } from '../testing/app-on-own-postgres.ts';
import { invariantViolations } from '../testing/invariants.ts';
import { adminCredentials, cookieFrom, testOrigin } from '../testing/test-app.ts';
import { createUserRepository } from '../users/user.repository.ts';

// The app on a PostgreSQL of its own, so the test can stop and start it under a steady load
// without touching the other test files' databases.
let own: AppOnOwnPostgres;
let database: DatabaseHandle;
let app: AppOnOwnPostgres['app'];

beforeAll(async () => {
  own = await startAppOnOwnPostgres(8);
  ({ database, app } = own);
});

afterAll(() => own?.close());

/** One answer of the load, with when it was asked and how long it took. */
interface Answer {
  kind: 'attempt' | 'user' | 'read';
  url: string;
  startedAt: number;
  endedAt: number;
  status: number;
  code: string | undefined;
  message: string | undefined;
  /** The id of what a write answered 2xx created. */
  id: number | string | undefined;
}

/** The longest any answer may take, database up or down. */
const longestAnswerMs = 3_000;

async function signIn(email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin },
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return cookieFrom(response);
}

it('answers 503 while the database is down, recovers by itself, and keeps every write it answered', async () => {
  // An error thrown out of a connection's handler would end a real server's process.
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => void uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  const users = createUserRepository(database.db);
  const adminCookie = await signIn(adminCredentials.email, adminCredentials.password);
  const assessors: { id: string; cookie: string }[] = [];
  for (let index = 0; index < 4; index++) {
    const email = `assessor${index}@cca.test`;
    const password = `Senha-do-assessor-${index}`;
    const id = await users.insert({
      name: `Assessor ${index}`,
      email,
      role: 'assessor',
      passwordHash: await hashPassword(password),
    });
    assessors.push({ id, cookie: await signIn(email, password) });
  }
  await database.db
    .insertInto('leads')
    .values(
      Array.from({ length: 400 }, (_, index) => ({
        name: `Lead ${index}`,
        phone: `+552198${String(index).padStart(7, '0')}`,
      })),
    )
    .execute();
  const distributed = await app.inject({
    method: 'POST',
    url: '/api/distributions',
    headers: { origin: testOrigin, cookie: adminCookie },
    payload: { each: 100 },
  });
  expect(distributed.statusCode).toBe(201);
  const leadsOf = new Map<string, number[]>();
  for (const assessor of assessors) {
    const rows = await database.db
      .selectFrom('leads')
      .select('id')
      .where('owner_id', '=', assessor.id)
      .execute();
    leadsOf.set(
      assessor.id,
      rows.map((row) => row.id),
    );
  }

  const answers: Answer[] = [];
  let running = true;
  async function record(
    kind: Answer['kind'],
    request: { method?: 'GET' | 'POST'; url: string; cookie: string; payload?: object },
    idOf: (body: unknown) => number | string | undefined = () => undefined,
  ) {
    const startedAt = Date.now();
    const response = await app.inject({
      method: request.method ?? 'GET',
      url: request.url,
      headers: { origin: testOrigin, cookie: request.cookie },
      ...(request.payload ? { payload: request.payload } : {}),
    });
    const endedAt = Date.now();
    let body: { error?: { code: string; message: string } } = {};
    try {
      body = response.json();
    } catch {
      // Not JSON: the status alone tells what happened.
    }
    answers.push({
      kind,
      url: request.url,
      startedAt,
      endedAt,
      status: response.statusCode,
      code: body.error?.code,
      message: body.error?.message,
      id: response.statusCode < 300 ? idOf(body) : undefined,
    });
  }
  const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

  // Each assessor records calls on their leads in turn (`no_answer` keeps a lead in the list);
  // the admin creates users; two readers walk the lists, the dashboard and the health check.
  const workers = [
    ...assessors.map(async (assessor) => {
      const leads = leadsOf.get(assessor.id) ?? [];
      for (let turn = 0; running; turn++) {
        await record(
          'attempt',
          {
            method: 'POST',
            url: `/api/leads/${leads[turn % leads.length]}/attempts`,
            cookie: assessor.cookie,
            payload: { outcome: 'no_answer' },
          },
          (body) => (body as { attempt: { id: number } }).attempt.id,
        );
        await pause();
      }
    }),
    (async () => {
      for (let turn = 0; running; turn++) {
        await record(
          'user',
          {
            method: 'POST',
            url: '/api/users',
            cookie: adminCookie,
            payload: {
              name: `Novo ${turn}`,
              email: `novo${turn}@cca.test`,
              role: 'assessor',
              password: `Senha-nova-${turn}-forte`,
            },
          },
          (body) => (body as { id: string }).id,
        );
        await pause();
      }
    })(),
    ...[0, 1].map(async (reader) => {
      const assessor = assessors[reader] ?? { cookie: '' };
      const reads = [
        { url: '/api/my-leads', cookie: assessor.cookie },
        { url: '/api/leads', cookie: adminCookie },
        { url: '/api/dashboard', cookie: adminCookie },
        { url: '/api/health', cookie: '' },
        { url: '/api/users', cookie: adminCookie },
      ];
      for (let turn = reader; running; turn++) {
        const read = reads[turn % reads.length];
        if (read) await record('read', read);
        await pause();
      }
    }),
  ];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Waits until every kind of request has `count` answers that began after `since`. */
  async function answersOfEveryKind(since: number, count: number) {
    const deadline = Date.now() + 20_000;
    const enough = () =>
      (['attempt', 'user', 'read'] as const).every(
        (kind) =>
          answers.filter((answer) => answer.kind === kind && answer.startedAt > since).length >=
          count,
      );
    while (!enough() && Date.now() < deadline) await sleep(50);
  }

  await answersOfEveryKind(0, 5);
  const stopping = Date.now();
  await own.stopDatabase();
  const stopped = Date.now();
  await sleep(2_000);
  const starting = Date.now();
  await own.startDatabase();
  const started = Date.now();
  let recovered = 0;
  while (recovered === 0 && Date.now() < started + 10_000) {
    if ((await app.inject({ url: '/api/health' })).statusCode === 200) recovered = Date.now();
    else await sleep(50);
  }
  if (recovered > 0) await answersOfEveryKind(recovered, 5);
  running = false;
  await Promise.all(workers);
  process.off('uncaughtException', onUncaught);
  expect(recovered).toBeGreaterThan(0);
  expect(uncaught).toEqual([]);

  const during = (answer: Answer) => answer.startedAt >= stopped && answer.endedAt <= starting;
  const before = answers.filter((answer) => answer.endedAt < stopping);
  const down = answers.filter(during);
  const after = answers.filter((answer) => answer.startedAt > recovered);
  // Enough of each to mean something.
  for (const phase of [before, down, after]) {
    for (const kind of ['attempt', 'user', 'read'] as const) {
      expect(phase.filter((answer) => answer.kind === kind).length).toBeGreaterThanOrEqual(3);
    }
  }

  const summary = (answer: Answer) => `${answer.status} ${answer.code ?? ''} ${answer.url}`;
  expect(before.filter((answer) => answer.status >= 300).map(summary)).toEqual([]);
  expect(after.filter((answer) => answer.status >= 300).map(summary)).toEqual([]);
  expect(down.filter((answer) => answer.status !== 503).map(summary)).toEqual([]);
  // Whatever the moment, an answer is a success or the clear 503: never a 500, never a 401
  // from a session that could not be read.
  const unclear = answers.filter(
    (answer) =>
      answer.status >= 300 &&
      (answer.status !== 503 ||
        answer.code !== 'DATABASE_UNAVAILABLE' ||
        answer.message !== errorMessages.DATABASE_UNAVAILABLE),
  );
  expect(unclear.map(summary)).toEqual([]);
  const slow = answers.filter((answer) => answer.endedAt - answer.startedAt > longestAnswerMs);
  expect(
    slow.map((answer) => `${summary(answer)} ${answer.endedAt - answer.startedAt} ms`),
  ).toEqual([]);

  // Every write answered 2xx is in the database.
  const attemptIds = answers.flatMap((answer) =>
    answer.kind === 'attempt' && typeof answer.id === 'number' ? [answer.id] : [],
  );
  const userIds = answers.flatMap((answer) =>
    answer.kind === 'user' && typeof answer.id === 'string' ? [answer.id] : [],
  );
  expect(attemptIds.length).toBe(
    answers.filter((a) => a.kind === 'attempt' && a.status === 201).length,
  );
  expect(userIds.length).toBe(answers.filter((a) => a.kind === 'user' && a.status === 201).length);
  const storedAttempts = await database.db
    .selectFrom('lead_attempts')
    .select('id')
    .where('id', 'in', attemptIds)
    .execute();
  expect(new Set(storedAttempts.map((row) => row.id))).toEqual(new Set(attemptIds));
  const storedUsers = await database.db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .execute();
  expect(new Set(storedUsers.map((row) => row.id))).toEqual(new Set(userIds));
  expect(await invariantViolations(database.db)).toEqual([]);
}, 60_000);
