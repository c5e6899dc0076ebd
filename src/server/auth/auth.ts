import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { appRoutes } from '../../core/app-routes.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { requestLogOr } from '../http/request-context.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';

export interface AuthOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  appUrl: string;
  trustedOrigins: string[];
  secret: string;
  sessionIdleSeconds: number;
  /** How long a new user's link to create their password lasts; a reset's lasts an hour. */
  invitationLinkSeconds: number;
  secureCookies: boolean;
  /** Whether the user already has a password, to word the mail as "set" or "reset". */
  hasPassword: (userId: string) => Promise<boolean>;
  /** The app's log, where better-auth's lines go instead of the console. */
  log: FastifyBaseLogger;
}

export const resetPasswordTokenSeconds = 60 * 60;

/** "72 horas", "1 hora": how long a link lasts, as its mail says. */
const linkLifetime = (seconds: number) => {
  const hours = Math.round(seconds / 3600);
  return `${hours} ${hours === 1 ? 'hora' : 'horas'}`;
};

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

type BetterAuthLevel = 'debug' | 'info' | 'warn' | 'error';

/** better-auth's lines as JSON in the app's log, with the id of the request they come from. */
function betterAuthLog(fallback: FastifyBaseLogger) {
  return (level: BetterAuthLevel, message: string, ...args: unknown[]) => {
    const [first] = args;
    const details =
      first instanceof Error ? { err: first } : args.length > 0 ? { details: args } : {};
    requestLogOr(fallback)[level](details, `better-auth: ${message}`);
  };
}

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'CCA',
    baseURL: options.appUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    telemetry: { enabled: false },
    database: { db: options.db, type: 'postgres' },
    // Sign-in throttling lives in PostgreSQL (sign-in-throttle.repository.ts) so that every
    // server shares it; better-auth's own limiter keeps its counts in one process's memory.
    rateLimit: { enabled: false },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      additionalFields: {
        role: { type: 'string', input: false, required: true },
        active: { type: 'boolean', input: false, required: false },
        dailyQuota: { type: 'number', fieldName: 'daily_quota', input: false, required: false },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        ...timestamps,
      },
      // expiresIn slides with use, so it is the idle timeout; the absolute lifetime is
      // checked against createdAt on every request (session.ts).
      expiresIn: options.sessionIdleSeconds,
      updateAge: Math.min(60, Math.floor(options.sessionIdleSeconds / 2)),
      cookieCache: { enabled: false },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      resetPasswordTokenExpiresIn: resetPasswordTokenSeconds,
      revokeSessionsOnPasswordReset: true,
      // One link used voids the user's other outstanding ones (a mail forwarded, an old one).
      onPasswordReset: async ({ user }) => {
        await options.db
          .deleteFrom('verifications')
          .where('identifier', 'like', 'reset-password:%')
          .where('value', '=', user.id)
          .execute();
      },
      sendResetPassword: async ({ user, token }) => {
        const link = `${options.appUrl}${appRoutes.resetPassword.path}?token=${encodeURIComponent(token)}`;
        const firstPassword = !(await options.hasPassword(user.id));
        // An invitation waits for someone who may read their mail days later; better-auth
        // gives every link the reset's hour, so the invitation's is made longer here.
        if (firstPassword) {
          await options.db
            .updateTable('verifications')
            .set({
              expires_at: sql<Date>`now() + make_interval(secs => ${options.invitationLinkSeconds})`,
            })
            .where('identifier', '=', `reset-password:${token}`)
            .execute();
        }
        const lasts = firstPassword ? linkLifetime(options.invitationLinkSeconds) : '1 hora';
        await sendReportingFailure(options.mailer, {
          to: user.email,
          subject: firstPassword ? 'CCA — crie sua senha' : 'CCA — criar uma nova senha',
          text: [
            `Olá, ${user.name}.`,
            '',
            firstPassword
              ? 'Sua conta no CCA foi criada. Para criar sua senha, abra o link abaixo:'
              : 'Recebemos um pedido para criar uma nova senha no CCA. Para continuar, abra o link abaixo:',
            '',
            link,
            '',
            `O link vale por ${lasts} e só pode ser usado uma vez.`,
            'Se você não fez esse pedido, ignore esta mensagem.',
          ].join('\n'),
        });
      },
    },
    advanced: {
      cookiePrefix: 'cca',
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      // Every API request resolves its session: one query joining the user, not two.
      database: { joins: true },
    },
    logger: { level: 'error', log: betterAuthLog(options.log) },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Where a link's mail reports its failure: better-auth logs it and carries on. */
const mailOutcome = new AsyncLocalStorage<{ error?: unknown }>();

async function sendReportingFailure(mailer: Mailer, message: MailMessage) {
  try {
    await mailer.send(message);
  } catch (error) {
    const outcome = mailOutcome.getStore();
    if (outcome) outcome.error = error;
    throw error;
  }
}

/**
 * Makes a password link for `email` and mails it; throws MAIL_NOT_SENT when the mail could
 * not be sent (the link exists, nobody received it), so the admin is told, not "enviado".
 */
export async function sendPasswordLink(auth: Auth, email: string, redirectTo: string) {
  const outcome: { error?: unknown } = {};
  await mailOutcome.run(outcome, () =>
    auth.api.requestPasswordReset({ body: { email, redirectTo } }),
  );
  if (outcome.error !== undefined) {
    throw new AppError(
      'MAIL_NOT_SENT',
      'O e-mail com o link de senha não pôde ser enviado. Confira a configuração de e-mail ' +
        '(SMTP_URL ou a pasta de saída) e tente de novo.',
    );
  }
}
