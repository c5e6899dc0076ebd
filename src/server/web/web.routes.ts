import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppPath } from '../../core/app-routes.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Serves the built web app: hashed assets for a year, and the app's page for every path of
 * the shared route table. Any other path gets the same page with status 404, where the app
 * shows `Page not found: {path}`.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string) {
  const indexHtml = await readFile(path.join(webRoot, 'index.html'), 'utf8');

  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: false,
    cacheControl: false,
    // The build writes .br and .gz copies of the assets (vite.config.ts); without them, or
    // for a browser that accepts neither, the plain file is sent.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      reply.setHeader('vary', 'accept-encoding');
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError('NOT_FOUND', `Rota não encontrada: GET ${pathname}`);
    }
    return reply
      .code(isAppPath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}
