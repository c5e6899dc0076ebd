import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForcedColorScheme } from '../lib/forced-color-scheme.ts';
import { AppNotifications } from './app-notifications.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  // The wallboard's TV mode is dark, as a screen across the room reads best.
  const forcedColorScheme = useForcedColorScheme();
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      {...(forcedColorScheme ? { forceColorScheme: forcedColorScheme } : {})}
      cssVariablesResolver={cssVariablesResolver}
    >
      <AppNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
