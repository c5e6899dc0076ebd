import { useMediaQuery } from '@mantine/hooks';

/** A phone held upright (Mantine's `xs`, 576 px): tables and choices take their narrow layout. */
export function useNarrowScreen(): boolean {
  return useMediaQuery('(max-width: 36em)') ?? false;
}
