import { Title } from '@mantine/core';

export interface PageTitleProps {
  children: string;
}

/** The one h1 of a page; the browser tab title comes from the route table. */
export function PageTitle({ children }: PageTitleProps) {
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
