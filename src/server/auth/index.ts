import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import type { NotificationListener } from '../db/notification-listener.ts';
import type { Mailer } from '../mail/mailer.ts';
import { authRoutes, type SignInUsers } from './auth.routes.ts';
import { type Auth, createAuth } from './auth.ts';
import { createSessionRepository } from './session.repository.ts';
import {
  createSessionCheck,
  createSessionResolver,
  type SessionCheck,
  type SessionResolver,
} from './session.ts';
import { createSessionCache } from './session-cache.ts';
import { createSignInThrottleRepository } from './sign-in-throttle.repository.ts';

export interface AuthenticationOptions {
  database: DatabaseHandle;
  /** The users feature's repository, given by app.ts: auth reads users, never the reverse. */
  users: SignInUsers;
  /** The process's LISTEN connection: the sessions kept in memory hear of changes on it. */
  listener: NotificationListener;
  mailer: Mailer;
  appUrl: string;
  trustedOrigins: string[];
  secret: string;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  invitationLinkSeconds: number;
  secureCookies: boolean;
  /** The clock of the session checks, replaceable in tests. */
  now?: (() => number) | undefined;
  /** The app's log, for better-auth's lines. */
  log: FastifyBaseLogger;
  /** Told once a user has signed out (the agent states make an assessor disconnected). */
  onSignedOut?: ((userId: string) => Promise<void>) | undefined;
}

export interface Authentication {
  /** better-auth on the app's database: the users feature creates accounts and reset links. */
  auth: Auth;
  /** The signed-in user of a request, for the access check of every route. */
  resolveSession: SessionResolver;
  /** Whether a request's session still holds: live event streams ask every few seconds. */
  checkSession: SessionCheck;
  /** Forgets the sessions kept in memory, once a change to a user or a session is committed. */
  forgetSessions: () => void;
  /** Sign-in, sign-out, forgotten and reset passwords: the only auth endpoints exposed. */
  authFeature: FastifyPluginAsync;
}

/** Sessions, passwords and the sign-in routes, built once for the app. */
export function createAuthentication(options: AuthenticationOptions): Authentication {
  const { database, users } = options;
  const auth = createAuth({
    db: database.db,
    mailer: options.mailer,
    appUrl: options.appUrl,
    trustedOrigins: options.trustedOrigins,
    secret: options.secret,
    sessionIdleSeconds: options.sessionIdleSeconds,
    invitationLinkSeconds: options.invitationLinkSeconds,
    secureCookies: options.secureCookies,
    hasPassword: (userId) => users.hasPassword(userId),
    log: options.log,
  });
  const sessions = createSessionRepository(database.db);
  const cache = createSessionCache({ find: sessions.findByToken, listener: options.listener });
  const sessionOptions = {
    auth,
    sessions: { findByToken: cache.findByToken, deleteById: sessions.deleteById },
    sessionMaxSeconds: options.sessionMaxSeconds,
    ...(options.now ? { now: options.now } : {}),
  };
  const resolveSession = createSessionResolver(sessionOptions);
  const checkSession = createSessionCheck(sessionOptions);
  const authFeature: FastifyPluginAsync = async (app) => {
    await app.register(authRoutes, {
      auth,
      users,
      throttle: createSignInThrottleRepository(database.db),
      forgetSessions: cache.forgetAll,
      onSignedOut: options.onSignedOut,
    });
  };
  return { auth, resolveSession, checkSession, forgetSessions: cache.forgetAll, authFeature };
}

export { type Auth, sendPasswordLink } from './auth.ts';
export { hashPassword } from './password-hashing.ts';
export { createSessionRepository } from './session.repository.ts';
export type { SessionCheck, SessionUser } from './session.ts';
export {
  createSignInThrottleRepository,
  type SignInThrottleRepository,
} from './sign-in-throttle.repository.ts';
