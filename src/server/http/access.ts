import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiScope, localOnlyMessage, missingScopeMessage } from '../../core/api-tokens.ts';
import { type Role, runsTheFloor } from '../../core/roles.ts';
import { AppError } from './app-error.ts';
import { isLoopbackAddress, isOwnAddressOrigin } from './own-address.ts';

/**
 * Who may call a route: anyone, any signed-in user, administrators only, administrators and
 * supervisors (`floor`: the route narrows a supervisor to its teams' assessors), other systems
 * only (an API token), or the server's own machine (`local`: a request from loopback).
 * `signedIn`, `floor`, `admin` and `local` routes that name a `tokenScope` take a token with
 * that scope too; every other route refuses tokens.
 */
export type RouteAccess = 'public' | 'signedIn' | 'floor' | 'admin' | 'token' | 'local';

/** The signed-in user of a request, as the auth feature's session check finds it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** The auth feature's session check: the user of a request's session, or a refusal. */
export type SessionResolver = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<SessionUser>;

/** The integration behind a request made with a valid token. */
export interface ApiTokenPrincipal {
  id: number;
  name: string;
  scopes: ApiScope[];
}

/** The refusals of the access check. */
export type DeniedCode =
  | 'FORBIDDEN'
  | 'CROSS_SITE_REQUEST'
  | 'INVALID_API_TOKEN'
  | 'TOKEN_NOT_ALLOWED';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The scope a token needs to call the route; without it the route refuses tokens. */
    tokenScope?: ApiScope;
  }
  interface FastifyRequest {
    /** The signed-in user of a `signedIn`, `floor` or `admin` route; reading it elsewhere answers 401. */
    readonly user: SessionUser;
    /** The signed-in user if the access check found one: null on public routes. */
    sessionUser: SessionUser | null;
    /** The integration of a request made with an API token; null for everything else. */
    apiToken: ApiTokenPrincipal | null;
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
    /** The integration a presented bearer token belongs to; throws when it is not valid. */
    authenticateToken: (token: string) => Promise<ApiTokenPrincipal>;
    trustedOrigins: string[];
    /** Told of every refusal (403) before it is answered: the audit log records it. */
    onDenied?: (request: FastifyRequest, code: DeniedCode) => Promise<void>;
  },
) {
  const deny = async (request: FastifyRequest, code: DeniedCode, message?: string) => {
    await options.onDenied?.(request, code);
    return new AppError(code, message);
  };

  /** A token request's way through: the route must take tokens, and this one's scope. */
  const admitToken = async (request: FastifyRequest, bearer: string | undefined) => {
    const scope = request.routeOptions.config.tokenScope;
    if (!scope) throw await deny(request, 'TOKEN_NOT_ALLOWED');
    if (bearer === undefined) {
      throw new AppError(
        'UNAUTHENTICATED',
        'Esta rota é para integrações: envie um token de API (Authorization: Bearer).',
      );
    }
    let token: ApiTokenPrincipal;
    try {
      token = await options.authenticateToken(bearer);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_API_TOKEN') {
        throw await deny(request, 'INVALID_API_TOKEN');
      }
      throw error;
    }
    request.apiToken = token;
    if (!token.scopes.includes(scope)) {
      throw await deny(request, 'TOKEN_NOT_ALLOWED', missingScopeMessage(scope));
    }
    // Token routes read, or write through their own service: the integration sees what an
    // administrator would, and is named in the audit log by its token, never as a user.
    request.sessionUser = {
      id: `api-token:${token.id}`,
      name: token.name,
      email: '',
      role: 'admin',
    };
  };

  app.decorateRequest('sessionUser', null);
  app.decorateRequest('apiToken', null);
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
    const bearer = bearerToken(request);
    if (bearer !== undefined || access === 'token') return admitToken(request, bearer);
    if (access === 'local') {
      if (isLoopbackRequest(request)) return;
      const scope = request.routeOptions.config.tokenScope;
      throw await deny(request, 'FORBIDDEN', scope ? localOnlyMessage(scope) : undefined);
    }
    request.sessionUser = await options.resolveSession(request, reply);
    const role = request.sessionUser.role;
    if ((access === 'admin' && role !== 'admin') || (access === 'floor' && !runsTheFloor(role))) {
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

/**
 * Whether a request comes from the server's own machine: its connection from loopback and,
 * behind trusted proxies (TRUST_PROXY_HOPS), the client they name too, so that a proxy on the
 * same machine does not make every visitor it relays local.
 */
function isLoopbackRequest(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

/** The token of an `Authorization: Bearer` header; undefined without one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}
