import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo.tsx';
import classes from './auth-layout.module.css';

export interface AuthLayoutProps {
  title: string;
  children: ReactNode;
}

/** The frame of the sign-in pages, which show no header. */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  return (
    <Center mih="100dvh" p={{ base: 'sm', sm: 'md' }} className={classes.page}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Group gap={8} wrap="nowrap">
            <Logo size={36} />
            <Text fw={800} size="xl">
              CCA
            </Text>
          </Group>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
