import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { type AppRouteName, appRoutes } from '../../core/app-routes.ts';
import { NotFoundPage, notFoundTitle } from '../components/not-found-page.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { RouteErrorPage } from '../components/route-error-page.tsx';
import { createAccessLoader } from './access-loader.ts';
import { RootLayout } from './root-layout.tsx';
import type { RouteHandle } from './route-handle.ts';

type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * Every page is its own chunk, fetched when first opened. The router is the one place that
 * imports page modules directly rather than through a feature's index.ts: an index holds what
 * other features use at once, and loading a page through it would tie the page's chunk to them.
 */
const lazyPages = {
  login: () =>
    import('../features/auth/pages/login-page.tsx').then((module) => ({
      Component: module.LoginPage,
    })),
  forgotPassword: () =>
    import('../features/auth/pages/forgot-password-page.tsx').then((module) => ({
      Component: module.ForgotPasswordPage,
    })),
  resetPassword: () =>
    import('../features/auth/pages/reset-password-page.tsx').then((module) => ({
      Component: module.ResetPasswordPage,
    })),
  dashboard: () =>
    import('../features/dashboard/pages/dashboard-page.tsx').then((module) => ({
      Component: module.DashboardPage,
    })),
  createUser: () =>
    import('../features/users/pages/create-user-page.tsx').then((module) => ({
      Component: module.CreateUserPage,
    })),
  followUp: () =>
    import('../features/follow-up/pages/follow-up-page.tsx').then((module) => ({
      Component: module.FollowUpPage,
    })),
  leadList: () =>
    import('../features/leads/pages/lead-list-page.tsx').then((module) => ({
      Component: module.LeadListPage,
    })),
  newLeads: () =>
    import('../features/leads/pages/new-leads-page.tsx').then((module) => ({
      Component: module.NewLeadsPage,
    })),
  blockedPhones: () =>
    import('../features/do-not-call/pages/blocked-phones-page.tsx').then((module) => ({
      Component: module.BlockedPhonesPage,
    })),
  blockLists: () =>
    import('../features/block-lists/pages/block-lists-page.tsx').then((module) => ({
      Component: module.BlockListsPage,
    })),
  importLeads: () =>
    import('../features/imports/pages/import-leads-page.tsx').then((module) => ({
      Component: module.ImportLeadsPage,
    })),
  dailyLeads: () =>
    import('../features/distribution/pages/daily-distribution-page.tsx').then((module) => ({
      Component: module.DailyDistributionPage,
    })),
  calls: () =>
    import('../features/attempts/pages/calls-page.tsx').then((module) => ({
      Component: module.CallsPage,
    })),
  audit: () =>
    import('../features/audit/pages/audit-page.tsx').then((module) => ({
      Component: module.AuditPage,
    })),
  callingHours: () =>
    import('../features/calling-calendar/pages/calling-calendar-page.tsx').then((module) => ({
      Component: module.CallingCalendarPage,
    })),
  contactRules: () =>
    import('../features/contact-rules/pages/contact-rules-page.tsx').then((module) => ({
      Component: module.ContactRulesPage,
    })),
  backups: () =>
    import('../features/backups/pages/backups-page.tsx').then((module) => ({
      Component: module.BackupsPage,
    })),
  apiTokens: () =>
    import('../features/api-tokens/pages/api-tokens-page.tsx').then((module) => ({
      Component: module.ApiTokensPage,
    })),
  webhooks: () =>
    import('../features/webhooks/pages/webhooks-page.tsx').then((module) => ({
      Component: module.WebhooksPage,
    })),
  messageTemplates: () =>
    import('../features/message-templates/pages/message-templates-page.tsx').then((module) => ({
      Component: module.MessageTemplatesPage,
    })),
  assessorLeads: () =>
    import('../features/assessor-leads/pages/assessor-leads-page.tsx').then((module) => ({
      Component: module.AssessorLeadsPage,
    })),
  wallboard: () =>
    import('../features/wallboard/pages/wallboard-page.tsx').then((module) => ({
      Component: module.WallboardPage,
    })),
  reports: () =>
    import('../features/reports/pages/reports-page.tsx').then((module) => ({
      Component: module.ReportsPage,
    })),
  teams: () =>
    import('../features/teams/pages/teams-page.tsx').then((module) => ({
      Component: module.TeamsPage,
    })),
  pauseReasons: () =>
    import('../features/agent-states/pages/pause-reasons-page.tsx').then((module) => ({
      Component: module.PauseReasonsPage,
    })),
} satisfies Record<AppRouteName, LazyPage>;

/** The routes come from the table shared with the server, so both agree on paths, titles and access. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const pageRoutes = (Object.keys(appRoutes) as AppRouteName[]).map((name): RouteObject => {
    const { path, title, access } = appRoutes[name];
    return {
      path,
      handle: { title, access } satisfies RouteHandle,
      loader: createAccessLoader(queryClient, access),
      lazy: lazyPages[name],
    };
  });

  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageLoader,
      children: [
        ...pageRoutes,
        {
          path: '*',
          handle: { title: notFoundTitle, access: 'public' } satisfies RouteHandle,
          loader: createAccessLoader(queryClient, 'public'),
          Component: NotFoundPage,
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
