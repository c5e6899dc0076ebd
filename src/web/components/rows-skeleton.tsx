import { Skeleton, Stack } from '@mantine/core';

export interface RowsSkeletonProps {
  /** Read by screen readers while the rows load, e.g. 'Carregando usuários'. */
  label: string;
  rows?: number;
}

/** Placeholder rows while a table loads. */
export function RowsSkeleton({ label, rows = 3 }: RowsSkeletonProps) {
  return (
    <Stack gap="xs" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <Skeleton key={row} h={36} />
      ))}
    </Stack>
  );
}
