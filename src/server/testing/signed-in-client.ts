import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Body = InjectOptions['payload'];

export interface RequestOptions {
  /** Headers added to (or replacing) the origin and cookie, such as a user agent. */
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** Requests as one signed-in user makes them from the browser: origin and cookie filled in. */
export interface SignedInClient {
  /** The headers each request carries, for a test that builds a request of its own. */
  headers: Record<string, string>;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
}

/** Someone signed in: a test user, or the cookie header of a sign-in. */
export type SignedIn = { cookie: string } | string;

export function signedInClient(
  app: FastifyInstance,
  origin: string,
  user: SignedIn,
  extraHeaders: Record<string, string> = {},
): SignedInClient {
  const cookie = typeof user === 'string' ? user : user.cookie;
  const headers = { origin, cookie, ...extraHeaders };
  const send =
    (method: InjectOptions['method']) =>
    (url: string, body?: unknown, options: RequestOptions = {}) =>
      app.inject({
        method,
        url,
        headers: { ...headers, ...options.headers },
        // Without a body the request goes without one, as a browser's would.
        ...(body === undefined ? {} : { payload: body as Body }),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      });
  return {
    headers,
    get: (url, options) => send('GET')(url, undefined, options),
    post: send('POST'),
    patch: send('PATCH'),
    put: send('PUT'),
    delete: send('DELETE'),
  };
}
