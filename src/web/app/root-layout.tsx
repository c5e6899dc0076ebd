import { Box, Container } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { appRoutes, showsHeader } from '../../core/app-routes.ts';
import { usePresence } from '../features/agent-states/index.ts';
import { isTvMode } from '../features/wallboard/index.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { LeadsSectionNav } from './header/leads-section-nav.tsx';
import { inLeadsSection } from './header/navigation-links.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { currentRouteHandle } from './route-handle.ts';
import { SkipLink } from './skip-link.tsx';
import { useLiveEvents } from './use-live-events.ts';
import { useSignedOutRedirect } from './use-signed-out-redirect.ts';

// Loaded apart so the sign-in pages, which have no header, do not download its menus and drawer.
const AppHeader = lazy(() =>
  import('./header/app-header.tsx').then((module) => ({ default: module.AppHeader })),
);

const mainContentId = 'conteudo';

export function RootLayout() {
  const { pathname, search } = useLocation();
  const handle = currentRouteHandle(useMatches());
  const { data: user } = useCurrentUser();
  useSignedOutRedirect(user, handle?.access);
  useLiveEvents(Boolean(user));
  usePresence(user?.role === 'assessor');

  const title = handle?.title ?? 'CCA';
  useEffect(() => {
    document.title = title;
  }, [title]);

  // The wallboard on a television (/painel?tv=1) fills the screen, with no header.
  const tv = pathname === appRoutes.wallboard.path && isTvMode(search);
  const withHeader = Boolean(user) && showsHeader(pathname) && !tv;

  return (
    <>
      <NavigationProgress />
      {withHeader && user ? (
        <>
          <SkipLink targetId={mainContentId} />
          <Suspense fallback={<Box h={60} />}>
            <AppHeader user={user} />
          </Suspense>
        </>
      ) : null}
      <Box component="main" id={mainContentId} tabIndex={-1} style={{ outline: 'none' }}>
        {withHeader ? (
          <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
            {user && user.role !== 'assessor' && inLeadsSection(pathname) ? (
              <LeadsSectionNav role={user.role} />
            ) : null}
            <Outlet />
          </Container>
        ) : (
          <Outlet />
        )}
      </Box>
      <ScrollRestoration />
    </>
  );
}
