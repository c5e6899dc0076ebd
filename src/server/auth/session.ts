import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Role } from '../../core/roles.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Auth } from './auth.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

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
  db: Kysely<Database>;
  sessionMaxSeconds: number;
  now?: () => number;
}

/**
 * Finds the signed-in user of a request, or throws 401. A session past its absolute
 * lifetime, or of a user who was deactivated, is deleted on the spot.
 */
export function createSessionResolver(options: SessionResolverOptions) {
  const now = options.now ?? (() => Date.now());
  return async function resolveSession(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SessionUser> {
    const result = await options.auth.api.getSession({
      headers: toHeaders(request),
      returnHeaders: true,
    });
    const session = result.response;
    if (!session) throw new AppError('UNAUTHENTICATED');
    const { user } = session;
    const ageSeconds = (now() - new Date(session.session.createdAt).getTime()) / 1000;
    if (user.active === false || ageSeconds > options.sessionMaxSeconds) {
      await options.db.deleteFrom('sessions').where('id', '=', session.session.id).execute();
      throw new AppError('UNAUTHENTICATED');
    }
    forwardCookies(result.headers, reply);
    return { id: user.id, name: user.name, email: user.email, role: user.role as Role };
  };
}
export type SessionResolver = ReturnType<typeof createSessionResolver>;
