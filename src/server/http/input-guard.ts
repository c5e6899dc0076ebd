import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const nulCharacter = '\u0000';

/**
 * Whether any string in the value (keys included) holds a NUL character. Walked with a stack,
 * not recursion: a JSON body may nest tens of thousands of levels within the size limit.
 */
export function containsNulCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes(nulCharacter)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item && typeof item === 'object') {
      for (const [key, nested] of Object.entries(item)) {
        if (key.includes(nulCharacter)) return true;
        pending.push(nested);
      }
    }
  }
  return false;
}

/** The refusal of a request that carries a NUL character. */
export function nulCharacterRefused(): AppError {
  return new AppError(
    'BAD_REQUEST',
    'O texto enviado contém um caractere inválido (NUL). Remova-o e tente novamente.',
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
      containsNulCharacter(request.params) ||
      containsNulCharacter(request.query) ||
      containsNulCharacter(request.body)
    ) {
      done(nulCharacterRefused());
      return;
    }
    done();
  });
}
