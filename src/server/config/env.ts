import path from 'node:path';
import { z } from 'zod';

/** The call centre's time zone when TIME_ZONE is not set. */
export const defaultTimeZone = 'America/Sao_Paulo';

/** How long a database statement may run when DATABASE_STATEMENT_TIMEOUT_MS is not set. */
export const defaultStatementTimeoutMs = 30_000;

const booleanFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The address people use to open CCA; links in e-mails and the origin check use it. */
  APP_URL: z.url().optional(),
  /** More origins allowed to send requests (comma-separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: z.string().default(''),
  DATA_DIR: z.string().default('./data'),
  /** An existing PostgreSQL server; when unset CCA runs its own embedded PostgreSQL. */
  DATABASE_URL: z.string().optional(),
  /**
   * The PostgreSQL server itself when DATABASE_URL is a pooler in transaction mode (PgBouncer):
   * what needs a session of its own connects here (the migrations, LISTEN, imports, backups).
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, {
      error: 'use o endereço do próprio PostgreSQL, ex.: postgres://cca@127.0.0.1:5432/cca',
    })
    .optional(),
  /** A streaming replica of DATABASE_URL's server: the dashboard and exports read from it. */
  DATABASE_REPLICA_URL: z.string().optional(),
  /** A replica further behind than this is skipped until it catches up. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(defaultStatementTimeoutMs),
  /** Secret that signs session cookies; when unset one is generated and kept in the database. */
  AUTH_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  SESSION_MAX_HOURS: z.coerce.number().min(0.01).max(12).default(12),
  /** How long the link a new user gets to create their password lasts (a reset's lasts 1 h). */
  INVITATION_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /** Whether CCA is reached over https (sets the Secure flag on cookies); defaults from APP_URL. */
  SECURE_COOKIES: booleanFromString.optional(),
  /** Number of proxies in front of CCA whose X-Forwarded-For is trusted (0 = none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  ADMIN_NAME: z.string().min(2).default('Administrador'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CCA <nao-responda@cca.local>'),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Largest file accepted by the lead import, in bytes. */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  /** The call centre's time zone: where a day starts and ends on the dashboard. */
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, {
      error: 'fuso horário desconhecido (use um nome IANA, ex.: America/Sao_Paulo)',
    })
    .default(defaultTimeZone),
  /** Leads untouched this many months have their personal data erased (LGPD); 0 = never. */
  LEAD_RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(0),
  /** Where backups go: another disk or a network share is safer than DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** The time of day (HH:MM, in TIME_ZONE) of the daily backup, or `off`. */
  BACKUP_TIME: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, { error: 'use HH:MM (ex.: 02:00) ou off' })
    .default('02:00'),
  /** Backups kept: the last of each of this many days, and of this many weeks. */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  /** On SIGTERM, seconds the health check fails while requests are still served (0 = none). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Env {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /** Whether APP_URL was set: without it e-mailed links point to localhost. */
  appUrlConfigured: boolean;
  trustedOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  /** Undefined without DATABASE_REPLICA_URL. */
  databaseReplica: { url: string; maxLagSeconds: number } | undefined;
  /** Set when databaseUrl is a pooler in transaction mode: the server itself. */
  databaseDirectUrl: string | undefined;
  databasePoolSize: number;
  databaseStatementTimeoutMs: number;
  authSecret: string | undefined;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  invitationLinkSeconds: number;
  secureCookies: boolean;
  trustProxyHops: number;
  admin: { email: string | undefined; password: string | undefined; name: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  apiRateLimitPerMinute: number;
  /** Requests a minute each API token may make, apart from its address's allowance. */
  apiTokenRateLimitPerMinute: number;
  importMaxBytes: number;
  timeZone: string;
  /** 0 when the retention job is off. */
  leadRetentionMonths: number;
  logLevel: string;
  shutdownDrainSeconds: number;
  backups: {
    dir: string;
    /** HH:MM in timeZone, or undefined when scheduled backups are off. */
    time: string | undefined;
    retention: { daily: number; weekly: number };
  };
}

export class InvalidEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads and checks the whole configuration at once, listing every problem found. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const definedOnly = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(definedOnly);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (definedOnly.DATABASE_DIRECT_URL && !definedOnly.DATABASE_URL) {
    problems.push(
      'DATABASE_DIRECT_URL: só vale junto com DATABASE_URL (o endereço do PgBouncer); sem ele o CCA usa o próprio PostgreSQL',
    );
  }
  if (!parsed.success || problems.length > 0) throw new InvalidEnvError(problems);
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const extraOrigins = env.TRUSTED_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    appUrlConfigured: env.APP_URL !== undefined,
    trustedOrigins: [
      new URL(appUrl).origin,
      ...extraOrigins.map((origin) => new URL(origin).origin),
    ],
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseReplica: env.DATABASE_REPLICA_URL
      ? { url: env.DATABASE_REPLICA_URL, maxLagSeconds: env.DATABASE_REPLICA_MAX_LAG_SECONDS }
      : undefined,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    authSecret: env.AUTH_SECRET,
    sessionIdleSeconds: env.SESSION_IDLE_MINUTES * 60,
    sessionMaxSeconds: Math.round(env.SESSION_MAX_HOURS * 3600),
    invitationLinkSeconds: env.INVITATION_LINK_HOURS * 3600,
    secureCookies: env.SECURE_COOKIES ?? appUrl.startsWith('https://'),
    trustProxyHops: env.TRUST_PROXY_HOPS,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    apiTokenRateLimitPerMinute: env.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    importMaxBytes: env.IMPORT_MAX_BYTES,
    timeZone: env.TIME_ZONE,
    leadRetentionMonths: env.LEAD_RETENTION_MONTHS,
    logLevel: env.LOG_LEVEL,
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
    backups: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')),
      time: env.BACKUP_TIME === 'off' ? undefined : env.BACKUP_TIME,
      retention: { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY },
    },
  };
}
