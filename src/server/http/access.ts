import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionResolver, SessionUser } from '../auth/session.ts';
import { AppError } from './app-error.ts';
import { isOwnAddressOrigin } from './own-address.ts';

/** Who may call a route: anyone, any signed-in user, or administrators only. */
export type RouteAccess = 'public' | 'signedIn' | 'admin';

/** The refusals of the access check. */
export type DeniedCode = 'FORBIDDEN' | 'CROSS_SITE_REQUEST';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in user of a `signedIn` or `admin` route; reading it elsewhere answers 401. */
    readonly user: SessionUser;
    /** The signed-in user if the access check found one: null on public routes. */
    sessionUser: SessionUser | null;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Deny by default: every /api route must declare `config.access` (the app refuses to start
 * otherwise), and each request is checked against it before its body is even read.
 * Unsafe requests from another site are refused by their Origin.
 */
export function registerAccessControl(
  app: FastifyInstance,
  options: {
    resolveSession: SessionResolver;
    trustedOrigins: string[];
    /** Told of every refusal (403) before it is answered: the audit log records it. */
    onDenied?: (request: FastifyRequest, code: DeniedCode) => Promise<void>;
  },
) {
  const deny = async (request: FastifyRequest, code: DeniedCode) => {
    await options.onDenied?.(request, code);
    return new AppError(code);
  };

  app.decorateRequest('sessionUser', null);
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      if (!this.sessionUser) throw new AppError('UNAUTHENTICATED');
      return this.sessionUser;
    },
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (!route.config?.access) {
      throw new Error(
        `A rota ${String(route.method)} ${route.url} não declara quem pode chamá-la (config.access).`,
      );
    }
  });

  // preParsing: after the rate limit (a hook of each route's onRequest), so a flood is refused
  // before it costs a session lookup, and still before the body is read.
  app.addHook('preParsing', async (request, reply) => {
    // A path no route serves changes nothing: it answers 404 (rate limited), never a refusal
    // for the audit log to record, however many are sent.
    if (request.is404) return;
    if (unsafeMethods.has(request.method) && !isSameSite(request, options.trustedOrigins)) {
      throw await deny(request, 'CROSS_SITE_REQUEST');
    }
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    request.sessionUser = await options.resolveSession(request, reply);
    if (access === 'admin' && request.sessionUser.role !== 'admin') {
      throw await deny(request, 'FORBIDDEN');
    }
  });
}

/**
 * A browser always sends Origin on unsafe requests, and Sec-Fetch-Site too when it is recent;
 * a request with neither comes from a script or a command line, which carries no victim's
 * cookies unless its own user put them there. Trusted: the configured origins, and the
 * server's own address when a LAN visitor opened it by IP (see own-address.ts).
 */
function isSameSite(request: FastifyRequest, trustedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    return trustedOrigins.includes(origin) || isOwnAddressOrigin(origin, request);
  }
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none';
  return true;
}
