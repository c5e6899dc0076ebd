import { expect } from 'vitest';
import { errorMessages } from '../../core/errors.ts';
import { hashPassword } from '../auth/index.ts';
import { createContactRulesRepository } from '../contact-rules/index.ts';
import { createUserRepository } from '../users/index.ts';
import type { AppOnOwnPostgres } from './app-on-own-postgres.ts';
import { adminCredentials, cookieFrom, testOrigin } from './test-app.ts';
import { everyHourCalendar, highestContactRules, setCallingHours } from './test-settings.ts';

/** One answer of the load, with when it was asked and how long it took. */
export interface Answer {
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

export const answerKinds = ['attempt', 'user', 'read'] as const;

export interface OutageLoad {
  answers: Answer[];
  /** Errors thrown out of a connection's handler meanwhile: they would end a real server. */
  uncaught: unknown[];
  /** Asks /api/health until it answers 200: when it did, or 0 if not within `ms`. */
  healthyWithin(ms: number): Promise<number>;
  /** Waits until every kind of request has `count` answers that began after `since`. */
  answersOfEveryKind(since: number, count: number): Promise<void>;
  /** Ends the load once every request under way has its answer, and stops collecting errors. */
  finish(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A steady load on the app, as a working day puts on it: four assessors recording calls on
 * their leads (`no_answer` keeps a lead in the list), the admin creating users, two readers
 * walking the lists, the dashboard and the health check.
 */
export async function startOutageLoad({ app, database }: AppOnOwnPostgres): Promise<OutageLoad> {
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => void uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  const signIn = async (email: string, password: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
    return cookieFrom(response);
  };
  // The assessors call their leads in turns, every hour, as often as the load goes.
  await setCallingHours(database.db, everyHourCalendar);
  await createContactRulesRepository(database.db).replace(highestContactRules);
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
  const pause = () => sleep(15);

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

  return {
    answers,
    uncaught,
    async healthyWithin(ms) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if ((await app.inject({ url: '/api/health' })).statusCode === 200) return Date.now();
        await sleep(50);
      }
      return 0;
    },
    async answersOfEveryKind(since, count) {
      const deadline = Date.now() + 20_000;
      const enough = () =>
        answerKinds.every(
          (kind) =>
            answers.filter((answer) => answer.kind === kind && answer.startedAt > since).length >=
            count,
        );
      while (!enough() && Date.now() < deadline) await sleep(50);
    },
    async finish() {
      running = false;
      await Promise.all(workers);
      process.off('uncaughtException', onUncaught);
    },
  };
}

export const summary = (answer: Answer) =>
  `${answer.status} ${answer.code ?? ''} ${answer.url} ${answer.endedAt - answer.startedAt} ms`;

/** Answers that are neither a success nor the clear 503 (a 500, a 401 from an unread session). */
export const unclearAnswers = (answers: Answer[]) =>
  answers
    .filter(
      (answer) =>
        answer.status >= 300 &&
        (answer.status !== 503 ||
          answer.code !== 'DATABASE_UNAVAILABLE' ||
          answer.message !== errorMessages.DATABASE_UNAVAILABLE),
    )
    .map(summary);

/** Writes answered 2xx whose rows are not in the database. */
export async function lostWrites({ database }: AppOnOwnPostgres, answers: Answer[]) {
  const created = (kind: Answer['kind']) =>
    answers.filter((answer) => answer.kind === kind && answer.status === 201);
  const attemptIds = created('attempt').map((answer) => Number(answer.id));
  const userIds = created('user').map((answer) => String(answer.id));
  const storedAttempts = new Set(
    attemptIds.length === 0
      ? []
      : (
          await database.db
            .selectFrom('lead_attempts')
            .select('id')
            .where('id', 'in', attemptIds)
            .execute()
        ).map((row) => row.id),
  );
  const storedUsers = new Set(
    userIds.length === 0
      ? []
      : (
          await database.db.selectFrom('users').select('id').where('id', 'in', userIds).execute()
        ).map((row) => row.id),
  );
  return [
    ...attemptIds.filter((id) => !storedAttempts.has(id)).map((id) => `attempt ${id}`),
    ...userIds.filter((id) => !storedUsers.has(id)).map((id) => `user ${id}`),
  ];
}
