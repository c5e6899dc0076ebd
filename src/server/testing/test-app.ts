import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Insertable } from 'kysely';
import type { Role } from '../../core/roles.ts';
import { type AppDeps, type AppEnv, buildApp } from '../app.ts';
import { hashPassword } from '../auth/index.ts';
import type { LeadsTable } from '../db/schema.ts';
import { createEventPublisher, type EventPublisher } from '../events/index.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createUserRepository, ensureFirstAdmin } from '../users/index.ts';
import { type SignedIn, type SignedInClient, signedInClient } from './signed-in-client.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { everyHourCalendar, setCallingHours } from './test-settings.ts';

export const testOrigin = 'http://cca.test';
/** The cookie-signing secret of the test apps; servers spawned by tests use it too. */
export const testAuthSecret = 'test-secret-with-enough-length-0123456789';

export const adminCredentials = { email: 'admin@cca.test', password: 'Admin-senha-forte-1' };

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  mails: MailMessage[];
  /** Signs in and answers the cookie header to send with the next requests. */
  signIn(email: string, password: string): Promise<string>;
  /** A sign-in attempt from `remoteAddress`, answered as it is, refused or not. */
  signInAttempt(
    email: string,
    password: string,
    remoteAddress?: string,
  ): Promise<LightMyRequestResponse>;
  signInAsAdmin(): Promise<string>;
  /** Signs the first admin in and answers them as a test user, id included. */
  signInAdmin(): Promise<TestUser>;
  /** The first admin's id. */
  adminId(): Promise<string>;
  /** Requests as `user` makes them, origin and cookie filled in (and `headers`, if given). */
  as(user: SignedIn, headers?: Record<string, string>): SignedInClient;
  /** Creates a user with a password and signs them in. */
  createSignedInUser(role: Role, name?: string): Promise<TestUser>;
  /** Inserts `count` leads, each with a phone of its own, and answers their ids in order. */
  seedLeads(count: number, values?: Partial<Insertable<LeadsTable>>): Promise<number[]>;
  /** A lead in `owner`'s list, handed to them now unless `values` say otherwise. */
  assignedLead(owner: { id: string }, values?: Partial<Insertable<LeadsTable>>): Promise<number>;
  /** `user` records a call of `outcome` on the lead, with the rest of the body in `extra`. */
  recordCall(
    user: SignedIn,
    leadId: number,
    outcome: string,
    extra?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
  /**
   * The app's event publisher: `flush()` sends what an earlier test left waiting, so a test
   * that listens to events hears only its own.
   */
  events: EventPublisher;
  close(): Promise<void>;
}

export const testEnv: AppEnv = {
  appUrl: testOrigin,
  trustedOrigins: [testOrigin],
  sessionIdleSeconds: 30 * 60,
  sessionMaxSeconds: 12 * 3600,
  invitationLinkSeconds: 72 * 3600,
  secureCookies: false,
  trustProxyHops: 0,
  apiRateLimitPerMinute: 100_000,
  apiTokenRateLimitPerMinute: 100_000,
  // One data directory per test file (testing/fresh-data-dir.ts makes each file its own): each
  // file has its own database, so ids repeat.
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'cca-test-data-')),
  importMaxBytes: 100 * 1024 * 1024,
};

/** The cookie header a browser would send back after this answer. */
export function cookieFrom(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

let userCounter = 0;
let phoneCounter = 10_000_000;

/** The real app on a database of its own, with mails kept in memory. */
export async function createTestApp(
  options: {
    env?: Partial<AppEnv>;
    now?: () => number;
    /** Keep the shipped calling hours instead of the every-hour calendar tests start with. */
    shippedCallingHours?: boolean;
    /** In place of the test app's: a logger to read, a real mailer, the metrics' sources. */
    deps?: Partial<
      Pick<AppDeps, 'logger' | 'mailer' | 'metrics' | 'draining' | 'wallboardRefreshMs'>
    >;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Calls are refused out of their state's hours: no test depends on the hour it runs at,
  // unless it sets hours of its own (or asks for the shipped ones).
  if (!options.shippedCallingHours) await setCallingHours(database.db, everyHourCalendar);
  const users = createUserRepository(database.db);
  await ensureFirstAdmin(users, { ...adminCredentials, name: 'Admin Teste' });
  const mails: MailMessage[] = [];
  const events = createEventPublisher(database.db, { onError: () => {} });
  const app = await buildApp({
    env: { ...testEnv, ...options.env },
    database,
    events,
    mailer: { send: async (message) => void mails.push(message) },
    authSecret: testAuthSecret,
    ...(options.now ? { now: options.now } : {}),
    ...options.deps,
  });

  const signInAttempt = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email, password },
      remoteAddress,
    });

  async function signIn(email: string, password: string): Promise<string> {
    const response = await signInAttempt(email, password);
    if (response.statusCode !== 200) {
      throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    }
    return cookieFrom(response);
  }

  const adminId = async () =>
    (
      await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', adminCredentials.email)
        .executeTakeFirstOrThrow()
    ).id;
  const as = (user: SignedIn, headers?: Record<string, string>) =>
    signedInClient(app, testOrigin, user, headers);

  const testApp: TestApp = {
    app,
    database,
    mails,
    signInAttempt,
    signIn,
    signInAsAdmin: () => signIn(adminCredentials.email, adminCredentials.password),
    async signInAdmin() {
      const cookie = await signIn(adminCredentials.email, adminCredentials.password);
      return { ...adminCredentials, id: await adminId(), cookie };
    },
    adminId,
    as,
    async createSignedInUser(role, name = `Usuário ${++userCounter}`) {
      const email = `user${userCounter}-${Date.now()}@cca.test`;
      const password = `Senha-de-teste-${userCounter}`;
      const id = await users.insert({
        name,
        email,
        role,
        passwordHash: await hashPassword(password),
      });
      return { id, email, password, cookie: await signIn(email, password) };
    },
    async seedLeads(count, values = {}) {
      const ids: number[] = [];
      // In slices: one INSERT of thousands of rows would pass PostgreSQL's parameter limit.
      for (let done = 0; done < count; done += 1000) {
        const rows = Array.from({ length: Math.min(1000, count - done) }, () => ({
          name: 'Lead Teste',
          phone: `+55219${++phoneCounter}`,
          ...values,
        }));
        const inserted = await database.db
          .insertInto('leads')
          .values(rows)
          .returning('id')
          .execute();
        ids.push(...inserted.map((row) => row.id));
      }
      return ids;
    },
    async assignedLead(owner, values = {}) {
      const [id] = await testApp.seedLeads(1, {
        status: 'assigned',
        owner_id: owner.id,
        assigned_at: new Date(),
        ...values,
      });
      return id as number;
    },
    recordCall: (user, leadId, outcome, extra = {}) =>
      as(user).post(`/api/leads/${leadId}/attempts`, { outcome, ...extra }),
    events,
    async close() {
      await app.close();
      await events.close();
      await database.drop();
    },
  };
  return testApp;
}
