import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const nulCharacter = '\u0000';

/**
 * Text PostgreSQL cannot store: a NUL character, or half of a UTF-16 surrogate pair (JSON may
 * write one as `\ud800`; jsonb refuses it, and text would keep a replacement character).
 */
const loneSurrogate = /\p{Surrogate}/u;
const unstorable = (text: string) => text.includes(nulCharacter) || loneSurrogate.test(text);

/**
 * Whether any string in the value (keys included) holds a character PostgreSQL cannot store.
 * Walked with a stack, not recursion: a JSON body may nest tens of thousands of levels within
 * the size limit.
 */
export function containsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (unstorable(item)) return true;
    } else if (Array.isArray(item)) {
      // One by one: spread into push, an array of 130,000 items overflows the stack.
      for (const nested of item) pending.push(nested);
    } else if (item && typeof item === 'object') {
      for (const [key, nested] of Object.entries(item)) {
        if (unstorable(key)) return true;
        pending.push(nested);
      }
    }
  }
  return false;
}

/** The refusal of a request that carries a NUL character. */
export function unstorableTextRefused(): AppError {
  return new AppError(
    'BAD_REQUEST',
    'O texto enviado contém um caractere inválido (NUL ou um caractere partido ao meio). Remova-o e tente novamente.',
  );
}

/**
 * PostgreSQL stores no NUL character in text or jsonb: one in a name or a filter would fail
 * the query as a 500, or be cut by some other layer. No field of CCA can hold one, so a
 * request carrying it is refused whole, before validation, wherever it hides.
 */
export function registerInputGuard(app: FastifyInstance) {
  // A callback, not an async function: it runs on every request and awaits nothing.
  app.addHook('preValidation', (request, _reply, done) => {
    if (
      containsUnstorableText(request.params) ||
      containsUnstorableText(request.query) ||
      containsUnstorableText(request.body)
    ) {
      done(unstorableTextRefused());
      return;
    }
    done();
  });
}
