import { appRoutes } from '../../core/app-routes.ts';

/** The query parameter that carries the page a signed-out visitor wanted. */
export const redirectParameter = 'redirect';

/**
 * Returns the path only when it stays on this site: a relative path starting with a single
 * '/'. Anything else ('//evil.example', '/\\evil.example', 'https://…') could send the user
 * to another site after signing in, so it is dropped.
 */
export function safeRedirectPath(candidate: string | null | undefined): string | null {
  if (!candidate?.startsWith('/')) return null;
  if (candidate.startsWith('//') || candidate.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be refused
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return null;
  const url = new URL(candidate, window.location.origin);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?redirect=/leads/list`: the wanted page, readable in the address bar. */
export function signInPathFor(wantedPath: string): string {
  if (wantedPath === '/') return appRoutes.login.path;
  const encoded = encodeURIComponent(wantedPath).replaceAll('%2F', '/');
  return `${appRoutes.login.path}?${redirectParameter}=${encoded}`;
}
