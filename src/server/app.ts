import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiScope } from '../core/api-tokens.ts';
import { agentStatesFeature, createAgentStates } from './agent-states/index.ts';
import {
  apiTokensFeature,
  createApiTokenRepository,
  createApiTokenService,
} from './api-tokens/index.ts';
import { attemptsFeature } from './attempts/index.ts';
import {
  auditFeature,
  recordAccessDenials,
  recordTokenUse,
  registerAuditTrail,
} from './audit/index.ts';
import { createAuthentication } from './auth/index.ts';
import { backupsFeature } from './backups/index.ts';
import { blockListsFeature } from './block-lists/index.ts';
import { callingCalendarFeature } from './calling-calendar/index.ts';
import { defaultTimeZone, type Env } from './config/env.ts';
import { contactRulesFeature } from './contact-rules/index.ts';
import { dashboardFeature } from './dashboard/index.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createNotificationListener } from './db/notification-listener.ts';
import { createUnitOfWork } from './db/unit-of-work.ts';
import { distributionFeature } from './distribution/index.ts';
import { doNotCallFeature } from './do-not-call/index.ts';
import {
  createEventHub,
  createEventPublisher,
  type EventPublisher,
  eventsFeature,
} from './events/index.ts';
import { followUpFeature } from './follow-up/index.ts';
import { healthRoutes } from './health/index.ts';
import { bearerToken, type RouteAccess, registerAccessControl } from './http/access.ts';
import { AppError } from './http/app-error.ts';
import { createDraining, type Draining, registerDraining } from './http/draining.ts';
import { frameworkErrorOptions, notFound, registerErrorHandler } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerJsonLimits } from './http/json-body.ts';
import { registerRequestContext, requestIdOf } from './http/request-context.ts';
import { originForm } from './http/request-target.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { importsFeature } from './imports/index.ts';
import { leadInjectionFeature } from './lead-injection/index.ts';
import { leadsFeature } from './leads/index.ts';
import type { Mailer } from './mail/mailer.ts';
import { messageTemplatesFeature } from './message-templates/index.ts';
import { type MetricsSources, registerMetrics } from './metrics/index.ts';
import { recyclingFeature } from './recycling/index.ts';
import { reportsFeature } from './reports/index.ts';
import { createAssessorScope, teamsFeature } from './teams/index.ts';
import { createUserRepository, usersFeature } from './users/index.ts';
import { wallboardFeature } from './wallboard/index.ts';
import { registerWebApp } from './web/index.ts';
import { webhooksFeature } from './webhooks/index.ts';

z.config(z.locales.ptBR());

const defaultBackups = (dataDir: string): Env['backups'] => ({
  dir: path.join(dataDir, 'backups'),
  time: undefined,
  retention: { daily: 7, weekly: 4 },
});

export type AppEnv = Pick<
  Env,
  | 'appUrl'
  | 'trustedOrigins'
  | 'sessionIdleSeconds'
  | 'sessionMaxSeconds'
  | 'invitationLinkSeconds'
  | 'secureCookies'
  | 'trustProxyHops'
  | 'apiRateLimitPerMinute'
  | 'apiTokenRateLimitPerMinute'
  | 'dataDir'
  | 'importMaxBytes'
> &
  // Optional so that an environment without it counts days in the default zone, and keeps its
  // backups in DATA_DIR/backups (made only on request).
  Partial<Pick<Env, 'timeZone' | 'backups'>>;

export interface AppDeps {
  env: AppEnv;
  database: DatabaseHandle;
  mailer: Mailer;
  authSecret: string;
  /** The built web app (dist/web); without it only the API is served. */
  webRoot?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** The clock of the session checks and of the dashboard's today, replaceable in tests. */
  now?: () => number;
  /**
   * The process's one event publisher, shared with the background jobs; the caller closes it
   * once the app and the jobs have stopped. Without it the app makes its own and closes it.
   */
  events?: EventPublisher;
  /** Started by main.ts on SIGTERM: /api/health fails so a balancer sends nothing new. */
  draining?: Draining;
  /** What GET /metrics reports from outside the app (the embedded database's restarts…). */
  metrics?: MetricsSources;
  /** The least time between two readings of the wallboard's floor (1,000 ms); tests take 0. */
  wallboardRefreshMs?: number;
}

const sessionCookieSecurity = { sessionCookie: [] as string[] };

function securityOf(access: RouteAccess | undefined, tokenScope: ApiScope | undefined) {
  const token = tokenScope ? [{ apiToken: [tokenScope] }] : [];
  if (access === 'admin') return [{ sessionCookie: ['admin'] }, ...token];
  if (access === 'floor') return [{ sessionCookie: ['admin', 'supervisor'] }, ...token];
  if (access === 'signedIn') return [sessionCookieSecurity, ...token];
  return token;
}

/** Builds the whole HTTP application; main.ts and the tests both start from here. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: requestIdOf,
    trustProxy: (_address: string, hop: number) => hop < env.trustProxyHops,
    bodyLimit: 1024 * 1024,
    rewriteUrl: (request) => originForm(request.url ?? '/'),
    // registerDraining answers a closing server's requests, with Retry-After.
    return503OnClosing: false,
    ...frameworkErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestContext(app);
  const draining = deps.draining ?? createDraining();
  registerDraining(app, draining);
  // JSON only (multipart where a route says so): a text/plain body is what a cross-site form
  // can send without a preflight, so it gets 415 before any handler sees it.
  app.removeContentTypeParser('text/plain');
  registerJsonLimits(app);
  registerErrorHandler(app);
  registerInputGuard(app);

  const secure = env.secureCookies;
  registerSecurityHeaders(app, { secure });

  const events =
    deps.events ??
    createEventPublisher(database.db, {
      onError: (error) =>
        app.log.warn({ err: error }, 'aviso de mudança não enviado às páginas abertas'),
    });
  if (!deps.events) app.addHook('onClose', () => events.close());
  const unitOfWork = createUnitOfWork(database.db, events);
  const apiTokenService = createApiTokenService({
    tokens: createApiTokenRepository(database.db),
    unitOfWork,
    now: deps.now,
  });
  await app.register(rateLimit, {
    global: true,
    // A token has its own allowance, apart from the address it calls from, once this process
    // has verified it: the key is computed before the access check, so anything else (no
    // token, a made-up one, a wrong secret) is counted against the address that sent it.
    keyGenerator: (request) => {
      const publicId = apiTokenService.recentlyVerifiedPublicId(bearerToken(request));
      return publicId ? `token:${publicId}` : request.ip;
    },
    max: (_request, key) =>
      key.startsWith('token:') ? env.apiTokenRateLimitPerMinute : env.apiRateLimitPerMinute,
    timeWindow: 60_000,
    // The API, and every unsafe request: a page or its files are not counted, a POST
    // anywhere is (refused ones too, or they could flood the audit log). /api/health opts out.
    allowList: (request) =>
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/'),
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });
  // A path no route serves is counted too: a flood of them costs a 429, not a page of work.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, notFound);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CCA API',
        version: '1.0.0',
        description:
          'API do CCA. Erros: `{ "error": { "code", "message" } }` com mensagem em pt-BR. ' +
          'A segurança `sessionCookie` com o papel `admin` indica rotas só de administradores; ' +
          '`apiToken` indica as rotas que aceitam um token de API e a permissão que pedem.',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'cca.session_token' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'Token de API criado por um administrador em Tokens de API; cada rota diz a permissão que pede.',
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const config = input.route.config as
        | { access?: RouteAccess; tokenScope?: ApiScope }
        | undefined;
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          security: securityOf(config?.access, config?.tokenScope),
        },
      };
    },
  });

  // The process's one LISTEN connection, for the live events and the sessions kept in memory.
  const listener = createNotificationListener({
    connection: database.directConnection,
    log: (message) => app.log.warn(message),
  });
  app.addHook('onClose', async () => listener.close());
  const eventHub = createEventHub(listener, (message) => app.log.warn(message));
  const { auth, resolveSession, checkSession, forgetSessions, authFeature } = createAuthentication({
    database,
    users: createUserRepository(database.db),
    listener,
    mailer: deps.mailer,
    appUrl: env.appUrl,
    trustedOrigins: env.trustedOrigins,
    secret: deps.authSecret,
    sessionIdleSeconds: env.sessionIdleSeconds,
    sessionMaxSeconds: env.sessionMaxSeconds,
    invitationLinkSeconds: env.invitationLinkSeconds,
    secureCookies: secure,
    now: deps.now,
    log: app.log,
    // Declared below, called only once a request signs out.
    onSignedOut: (userId) => agentStates.signedOut(userId),
  });
  const agentStates = createAgentStates({
    database,
    timeZone: env.timeZone ?? defaultTimeZone,
    unitOfWork,
    forgetSessions,
    now: deps.now,
  });
  registerAccessControl(app, {
    resolveSession,
    authenticateToken: apiTokenService.authenticate,
    trustedOrigins: env.trustedOrigins,
    onDenied: recordAccessDenials(app, database.db),
  });
  registerAuditTrail(app, database.db);
  recordTokenUse(app, database.db);
  registerMetrics(app, { database, openEventStreams: eventHub.subscriberCount, ...deps.metrics });

  // What every feature is given: the database, the call centre's clock, the one write path and
  // whose work each user may reach.
  const shared = {
    database,
    timeZone: env.timeZone ?? defaultTimeZone,
    unitOfWork,
    events,
    assessorScope: createAssessorScope(database.db),
  };
  const backups = env.backups ?? defaultBackups(env.dataDir);
  const backupSettings = { ...backups, timeZone: shared.timeZone };
  await app.register(healthRoutes, { database, backupDir: backups.dir, draining });
  await app.register(authFeature);
  await app.register(apiTokensFeature, { apiTokenService });
  await app.register(usersFeature, {
    database,
    assessorScope: shared.assessorScope,
    unitOfWork,
    auth,
    appUrl: env.appUrl,
    forgetSessions,
  });
  await app.register(leadsFeature, shared);
  await app.register(doNotCallFeature, shared);
  await app.register(blockListsFeature, {
    ...shared,
    dataDir: env.dataDir,
    maxBytes: env.importMaxBytes,
  });
  await app.register(attemptsFeature, shared);
  await app.register(callingCalendarFeature, shared);
  await app.register(contactRulesFeature, shared);
  await app.register(messageTemplatesFeature, shared);
  await app.register(followUpFeature, shared);
  await app.register(distributionFeature, shared);
  await app.register(recyclingFeature, shared);
  await app.register(teamsFeature, shared);
  await app.register(dashboardFeature, { ...shared, now: deps.now });
  await app.register(agentStatesFeature, { ...shared, agentStates });
  await app.register(reportsFeature, { ...shared, now: deps.now });
  await app.register(wallboardFeature, {
    ...shared,
    hub: eventHub,
    now: deps.now,
    refreshMs: deps.wallboardRefreshMs,
  });
  await app.register(eventsFeature, { ...shared, hub: eventHub, checkSession });
  await app.register(auditFeature, shared);
  await app.register(webhooksFeature, shared);
  await app.register(importsFeature, {
    ...shared,
    dataDir: env.dataDir,
    importMaxBytes: env.importMaxBytes,
  });
  await app.register(leadInjectionFeature, shared);
  await app.register(backupsFeature, { ...shared, settings: backupSettings, time: backups.time });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  if (deps.webRoot) await registerWebApp(app, deps.webRoot);
  return app;
}
