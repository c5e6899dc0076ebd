/**
 * A request target in origin form (`/api/me?x=1`). An HTTP/1.1 client may send the absolute
 * form (`GET http://host/api/me`); the router matches it all the same, so every check that
 * reads the path (API or page headers, the rate limit, the audit) must see the same path.
 * app.ts rewrites each request's URL with this before anything else sees it.
 */
export function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}
