import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** What the sign-in, sign-out and password routes take: an e-mail, a password, a token. */
export const authBodyLimit = 16 * 1024;

/** No body of CCA's API nests deeper than a handful of levels. */
export const maxJsonDepth = 32;

/**
 * Whether the JSON text opens more than `limit` objects or arrays inside one another. A scan
 * of the text, before any parsing: a body of a million `{"a":` costs one pass, never the
 * parser's, the validator's and the guards' work on a million levels.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies with limits that hold before the work: the auth routes, public, take a few
 * kilobytes (a larger body is refused by its length, unread), and no body may nest deeper
 * than `maxJsonDepth`. Parsing itself stays Fastify's (prototype poisoning refused).
 */
export function registerJsonLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/auth/') && route.bodyLimit === undefined) {
      route.bodyLimit = authBodyLimit;
    }
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, maxJsonDepth)) {
      done(
        new AppError('BAD_REQUEST', 'O JSON enviado tem níveis demais, um dentro do outro.'),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });
}
