import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBodySchema,
  forgotPasswordMessage,
  messageSchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signInResponseSchema,
} from '../../core/auth.ts';
import { errorBodySchema } from '../../core/errors.ts';
import { AppError } from '../http/app-error.ts';
import type { Auth } from './auth.ts';
import { addressGroup } from './client-address.ts';
import { verifyPassword } from './password-hashing.ts';
import { forwardCookies, toHeaders } from './session.ts';
import type { SignInThrottleRepository, ThrottleRule } from './sign-in-throttle.repository.ts';

/** What signing in reads of the users: the users feature's repository answers it. */
export interface SignInUsers {
  findByEmail(email: string): Promise<{ id: string; active: boolean } | undefined>;
  passwordHashOf(userId: string): Promise<string | null>;
  hasPassword(userId: string): Promise<boolean>;
}

export interface AuthRoutesOptions {
  auth: Auth;
  users: SignInUsers;
  throttle: SignInThrottleRepository;
  /** Forgets the sessions this server keeps, once a sign-out or a new password is committed. */
  forgetSessions: () => void;
  /** Told once a user has signed out. */
  onSignedOut?: ((userId: string) => Promise<void>) | undefined;
}

/**
 * The sign-in limits, for a call centre where a whole office shares one public address. Past
 * its free tries a key makes each further try wait, 1 minute and then twice as long each time,
 * up to 15 minutes; the message says how long.
 * - one account from one address (a person at their PC): 5 tries an hour;
 * - one account from an address it never signed in from (someone else guessing it): 20 tries
 *   an hour. The addresses the account signed in from (its office, its home) are not held by
 *   this one, so an outsider cannot keep a named assessor out of a shift; an admin can also
 *   lift every limit of an account at once;
 * - one address for every account (a password spray): 1 000 tries in 15 minutes, far above
 *   an office of 200 people each mistyping twice, then 15 minutes.
 */
const perAccountAtAddress: ThrottleRule = {
  maxFailures: 5,
  windowSeconds: 60 * 60,
  blockSeconds: 60,
  longestBlockSeconds: 15 * 60,
};
const perAccountElsewhere: ThrottleRule = {
  maxFailures: 20,
  windowSeconds: 60 * 60,
  blockSeconds: 60,
  longestBlockSeconds: 15 * 60,
};
const perAddress: ThrottleRule = {
  maxFailures: 1000,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
};
const resetMailsPerAccount: ThrottleRule = {
  maxFailures: 5,
  windowSeconds: 60 * 60,
  blockSeconds: 60 * 60,
};

// A valid argon2id hash of a random password, verified when the account cannot sign in, so
// that a deactivated account answers as slowly as a wrong password.
const decoyHash =
  '$argon2id$v=19$m=19456,t=2,p=1$54dl2s0uEUeZLBzLYs8+cg$DocuKOoaFmo+QpL1RNHr8xECeWQD0mqFKPb7haVzLeU';

function tooManyAttempts(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Muitas tentativas de entrar. Tente novamente em ${minutes} minuto${minutes > 1 ? 's' : ''}.`,
    { 'retry-after': String(Math.ceil(seconds)) },
  );
}

/**
 * The only auth endpoints CCA exposes: each one checks its input with the shared schemas,
 * then hands over to better-auth. Sign-up and the rest of better-auth's API stay closed.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, users, throttle, forgetSessions, onSignedOut },
) => {
  /** Mails a reset link to an active user, a few per hour at most; nothing otherwise. */
  async function sendResetLink(email: string, headers: Headers) {
    const mailKey = `reset-mail:${email}`;
    const user = await users.findByEmail(email);
    if (!user?.active) return;
    // Counted as sign-in tries are, in one statement: two requests at once cannot both slip
    // past the limit.
    if ((await throttle.reserve([[mailKey, resetMailsPerAccount]])) > 0) return;
    await auth.api.requestPasswordReset({ body: { email }, headers });
  }

  app.post(
    '/api/auth/sign-in/email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['autenticação'],
        summary: 'Entra com e-mail e senha; a sessão vai num cookie HttpOnly',
        body: signInBodySchema,
        response: {
          200: signInResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const address = addressGroup(request.ip);
      const addressKey = `address:${address}`;
      const accountKey = `account:${email}`;
      const accountAtAddressKey = `${accountKey}@${address}`;
      // A refused sign-in keeps the e-mail tried, as typed and never with the password; the
      // account it names, when there is one, is the target: who tried it is not known.
      const recordFailure = (reason: string, userId?: string) =>
        request.audit({
          action: 'auth.sign_in_failed',
          actor: { id: null, email },
          target: userId ? { type: 'user', id: userId } : undefined,
          details: { reason },
        });
      // Counted before the password is checked: a burst in parallel cannot slip past the
      // limit between a read of the count and its write.
      const limits: [string, ThrottleRule][] = [
        [addressKey, perAddress],
        [accountAtAddressKey, perAccountAtAddress],
      ];
      if (!(await throttle.isKnownAddress(email, address))) {
        limits.push([accountKey, perAccountElsewhere]);
      }
      const blockedFor = await throttle.reserve(limits);
      if (blockedFor > 0) {
        await recordFailure('throttled');
        throw tooManyAttempts(blockedFor);
      }

      const failed = async (reason: string, userId?: string) => {
        await recordFailure(reason, userId);
        return new AppError('INVALID_CREDENTIALS');
      };

      const user = await users.findByEmail(email);
      if (user && !user.active) {
        // One password check either way, as slow as a wrong password: only whoever knows the
        // password learns that the account exists and was deactivated, and whom to ask.
        const hash = await users.passwordHashOf(user.id);
        if (await verifyPassword(hash ?? decoyHash, password)) {
          await recordFailure('inactive', user.id);
          throw new AppError('ACCOUNT_DEACTIVATED');
        }
        throw await failed('invalid_credentials', user.id);
      }
      const response = await auth.api.signInEmail({
        body: { email, password },
        headers: toHeaders(request),
        asResponse: true,
      });
      if (response.status === 401) throw await failed('invalid_credentials', user?.id);
      if (!response.ok) {
        request.log.warn({ status: response.status }, 'sign-in refused by better-auth');
        throw new AppError(response.status === 403 ? 'CROSS_SITE_REQUEST' : 'BAD_REQUEST');
      }
      // The person at this PC got it right: their own mistakes are forgiven; the counts of
      // the address and of strangers' guesses only give back this attempt.
      await throttle.clear(accountAtAddressKey);
      for (const [key, rule] of limits) {
        if (key !== accountAtAddressKey) await throttle.release(key, rule);
      }
      await throttle.rememberAddress(email, address);
      forwardCookies(response.headers, reply);
      const signedIn = (await response.json()) as {
        user: { id: string; name: string; email: string; role: 'admin' | 'assessor' };
      };
      const { id, name, role } = signedIn.user;
      await request.audit({
        action: 'auth.sign_in',
        actor: { id, email: signedIn.user.email },
        target: { type: 'user', id },
      });
      return { user: { id, name, email: signedIn.user.email, role } };
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { access: 'public' },
      schema: {
        tags: ['autenticação'],
        summary: 'Sai: a sessão é apagada no servidor e o cookie é limpo',
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const headers = toHeaders(request);
      // Read before it ends, so the log knows whose session it was; not refreshed on the way.
      const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
      const response = await auth.api.signOut({ headers, asResponse: true });
      forgetSessions();
      forwardCookies(response.headers, reply);
      if (session && response.ok) {
        await request.audit({
          action: 'auth.sign_out',
          actor: { id: session.user.id, email: session.user.email },
          target: { type: 'user', id: session.user.id },
        });
        // The session is gone whatever happens here: a failure only leaves the state to the
        // job that disconnects quiet assessors, a minute later.
        await onSignedOut?.(session.user.id).catch((error: unknown) =>
          request.log.warn({ err: error }, 'estado do assessor não atualizado na saída'),
        );
      }
      return { message: 'Você saiu.' };
    },
  );

  app.post(
    '/api/auth/request-password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['autenticação'],
        summary: 'Envia um link para criar uma nova senha; a resposta é sempre a mesma',
        body: forgotPasswordBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      const headers = toHeaders(request);
      // Answered before anything is looked up, so that a known address takes no longer than
      // an unknown one; the link is made and mailed right after, a failure goes to the log.
      setImmediate(() => {
        sendResetLink(email, headers).catch((error: unknown) =>
          request.log.error({ err: error }, 'link de nova senha não enviado'),
        );
      });
      return { message: forgotPasswordMessage };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['autenticação'],
        summary: 'Cria a nova senha com o link recebido; encerra as outras sessões do usuário',
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const response = await auth.api.resetPassword({
        body: request.body,
        headers: toHeaders(request),
        asResponse: true,
      });
      forgetSessions();
      if (!response.ok) throw new AppError('INVALID_RESET_TOKEN');
      return { message: 'Senha alterada. Entre com a nova senha.' };
    },
  );
};
