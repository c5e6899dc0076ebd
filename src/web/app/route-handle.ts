import type { UIMatch } from 'react-router';
import type { PageAccess } from '../../core/app-routes.ts';

/** What every route of the router declares about itself, read back by the layout. */
export interface RouteHandle {
  title: string;
  access: PageAccess;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'access' in handle;
}

/** The handle of the deepest matched route that has one. */
export function currentRouteHandle(matches: UIMatch[]): RouteHandle | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
