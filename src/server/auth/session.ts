import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../core/roles.ts';
import type { SessionUser } from '../http/access.ts';
import { AppError } from '../http/app-error.ts';
import type { Auth } from './auth.ts';
import type { SessionRepository, StoredSession } from './session.repository.ts';

export type { SessionUser };

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** Passes the cookies an auth answer sets (a new or refreshed session) on to the reply. */
export function forwardCookies(from: Headers, reply: FastifyReply) {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

export interface SessionResolverOptions {
  auth: Auth;
  sessions: SessionRepository;
  sessionMaxSeconds: number;
  now?: () => number;
}

/** The session token of a signed cookie value (`token.signature`), when the signature is right. */
export function verifiedToken(cookieValue: string, secret: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(cookieValue);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : undefined;
}

/**
 * Finds the signed-in user of a request, or throws 401. A session past its absolute
 * lifetime, or of a user who was deactivated, is deleted on the spot.
 *
 * Every API request comes through here, so the common case is one prepared query: a cookie
 * whose signature checks out, naming a live session of an active user that better-auth would
 * not refresh yet. Anything else (no such session, expired, due for its sliding refresh, a
 * "don't remember me" session) goes through better-auth, which clears or refreshes the cookie.
 */
export function createSessionResolver(options: SessionResolverOptions) {
  const now = options.now ?? (() => Date.now());
  const authContext = options.auth.$context;

  async function endSession(sessionId: string): Promise<never> {
    await options.sessions.deleteById(sessionId);
    throw new AppError('UNAUTHENTICATED');
  }

  const pastLifetime = (createdAt: Date) =>
    (now() - createdAt.getTime()) / 1000 > options.sessionMaxSeconds;

  async function fromStore(request: FastifyRequest): Promise<StoredSession | undefined> {
    const context = await authContext;
    if (request.headers.cookie?.includes(context.authCookies.dontRememberToken.name)) {
      return undefined;
    }
    const session = await storedSessionOf(request, options);
    if (!session) return undefined;
    // better-auth's rule, with its clock: the session slides once it is updateAge old.
    const { expiresIn, updateAge } = context.sessionConfig;
    const expiresAt = session.expiresAt.getTime();
    const dueForRefresh = expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now();
    return expiresAt > Date.now() && !dueForRefresh ? session : undefined;
  }

  return async function resolveSession(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SessionUser> {
    const stored = await fromStore(request);
    if (stored) {
      if (!stored.active || pastLifetime(stored.createdAt)) return endSession(stored.id);
      return { id: stored.userId, name: stored.name, email: stored.email, role: stored.role };
    }

    const result = await options.auth.api.getSession({
      headers: toHeaders(request),
      returnHeaders: true,
    });
    const session = result.response;
    if (!session) throw new AppError('UNAUTHENTICATED');
    const { user } = session;
    if (user.active === false || pastLifetime(new Date(session.session.createdAt))) {
      return endSession(session.session.id);
    }
    forwardCookies(result.headers, reply);
    return { id: user.id, name: user.name, email: user.email, role: user.role as Role };
  };
}
export type SessionResolver = ReturnType<typeof createSessionResolver>;

/** The stored session a request's signed cookie names, as it is now. */
async function storedSessionOf(
  request: FastifyRequest,
  options: Pick<SessionResolverOptions, 'auth' | 'sessions'>,
): Promise<StoredSession | undefined> {
  const context = await options.auth.$context;
  const value = readCookie(request.headers.cookie ?? '', context.authCookies.sessionToken.name);
  const token = value ? verifiedToken(value, context.secret) : undefined;
  return token ? options.sessions.findByToken(token) : undefined;
}

/**
 * Whether a request's session still holds, as `user`: not signed out, not expired, the user
 * still active and in the same role. For what outlives its request (a live event stream); it
 * reads and never refreshes the session.
 */
export function createSessionCheck(options: SessionResolverOptions) {
  const now = options.now ?? (() => Date.now());
  return async (request: FastifyRequest, user: SessionUser): Promise<boolean> => {
    const session = await storedSessionOf(request, options);
    return (
      session !== undefined &&
      session.userId === user.id &&
      session.active &&
      session.role === user.role &&
      session.expiresAt.getTime() > Date.now() &&
      (now() - session.createdAt.getTime()) / 1000 <= options.sessionMaxSeconds
    );
  };
}
export type SessionCheck = ReturnType<typeof createSessionCheck>;

function readCookie(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return undefined;
}
