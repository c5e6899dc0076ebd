import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { appRoutes, type PageAccess } from '../../core/app-routes.ts';
import type { Me } from '../../core/users.ts';
import { connectionErrorMessage } from '../lib/api-client.ts';
import { currentUserQueryOptions } from '../lib/current-user.ts';
import { homePathOf } from '../lib/home-path.ts';
import { redirectParameter, safeRedirectPath, signInPathFor } from '../lib/redirect-path.ts';

function reportConnectionError(error: unknown): void {
  console.error('Não foi possível carregar o usuário atual.', error);
  // A fixed id keeps one notification when the guarded page and then /login both fail.
  notifications.show({
    id: 'connection-error',
    color: 'red',
    message: connectionErrorMessage,
    autoClose: 10_000,
    withBorder: true,
  });
}

async function loadCurrentUser(queryClient: QueryClient): Promise<Me | null | 'failed'> {
  try {
    return await queryClient.ensureQueryData(currentUserQueryOptions());
  } catch (error) {
    reportConnectionError(error);
    return 'failed';
  }
}

/**
 * Decides, before a page renders, whether the visitor may see it (the seed's `auth` and
 * `reverseauth` checks). Running as a loader means the page's code and the current user
 * load in parallel, and nobody ever sees a page they are about to leave.
 */
export function createAccessLoader(queryClient: QueryClient, access: PageAccess) {
  return async function accessLoader({ request }: LoaderFunctionArgs): Promise<null> {
    if (access === 'public') {
      // Public pages work for everyone; the user is loaded only so the header can show them.
      await queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
      return null;
    }

    const user = await loadCurrentUser(queryClient);
    const url = new URL(request.url);

    if (access === 'guest') {
      if (user === null || user === 'failed') return null;
      const wanted = safeRedirectPath(url.searchParams.get(redirectParameter));
      throw redirect(wanted ?? (await homePathOf(user.role)));
    }

    if (user === 'failed') throw redirect(appRoutes.login.path);
    if (user === null) throw redirect(signInPathFor(`${url.pathname}${url.search}`));
    if (
      (access === 'admin' && user.role !== 'admin') ||
      (access === 'floor' && user.role === 'assessor')
    ) {
      throw redirect(await homePathOf(user.role));
    }
    return null;
  };
}
