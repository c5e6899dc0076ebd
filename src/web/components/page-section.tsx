import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageSectionProps {
  /** The id the heading gets, which names the section for screen readers. */
  id: string;
  title: string;
  children: ReactNode;
}

/** A bordered part of a page with its own heading. */
export function PageSection({ id, title, children }: PageSectionProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
    >
      <Title order={2} size="h4" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
