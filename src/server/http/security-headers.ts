import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer.
 *
 * - The pages and their files: helmet's set, with a strict content security policy (no plugins,
 *   no framing, scripts only from CCA itself), and HSTS behind https. helmet is built once:
 *   @fastify/helmet builds a new one, parsing the policy again, on every request (decision 010).
 * - The API's answers (`/api/…`): what an API needs, as OWASP's REST security cheat sheet lists
 *   it. They hold personal data, so no cache keeps them; nothing in them may run, be framed
 *   or be read by another site. Four headers (five behind https) instead of helmet's twelve
 *   also make every API request cheaper, a health check's by about a tenth.
 */
export function registerSecurityHeaders(app: FastifyInstance, { secure }: { secure: boolean }) {
  const hsts = { maxAge: 31_536_000, includeSubDomains: true };
  const applyPageHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? hsts : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders = Object.entries({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    ...(secure ? { 'strict-transport-security': `max-age=${hsts.maxAge}; includeSubDomains` } : {}),
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) {
      applyPageHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error as Error | undefined),
      );
      return;
    }
    for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
    done();
  });
}
