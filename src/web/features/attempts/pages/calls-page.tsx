import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { appRoutes } from '../../../../core/app-routes.ts';
import { runsTheFloor } from '../../../../core/roles.ts';
import { ExportLinks } from '../../../components/export-links.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import type { AttemptFilter } from '../api/attempt-query-string.ts';
import { attemptExportUrl } from '../api/export-attempts.ts';
import { useAttempts } from '../api/get-attempts.ts';
import { AttemptFilters } from '../components/attempt-filters.tsx';
import { AttemptsTable } from '../components/attempts-table.tsx';

export const myCallsTitle = 'Minhas ligações';

export function CallsPage() {
  const { data: user } = useCurrentUser();
  // An administrator or a supervisor reads several assessors' calls, and filters by them.
  const isAdmin = user ? runsTheFloor(user.role) : false;
  const [filter, setFilter] = useState<AttemptFilter>({});
  const attempts = useAttempts(filter);
  const rows = useMemo(
    () => attempts.data?.pages.flatMap((page) => page.attempts) ?? [],
    [attempts.data],
  );

  return (
    <>
      {/* The server shows an assessor their own calls only; the title says so. */}
      <PageTitle>{isAdmin ? appRoutes.calls.title : myCallsTitle}</PageTitle>
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <AttemptFilters value={filter} onChange={setFilter} showAssessor={isAdmin} />
        </Paper>
        <Group justify="flex-end">
          <ExportLinks urlFor={(format) => attemptExportUrl(filter, format)} />
        </Group>
        {attempts.isPending ? (
          <RowsSkeleton label="Carregando ligações" rows={6} />
        ) : attempts.data === undefined ? (
          <QueryErrorAlert
            title="Não foi possível carregar as ligações"
            error={attempts.error ?? new Error('Erro de conexão com o servidor')}
            onRetry={() => attempts.refetch()}
          />
        ) : rows.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              Nenhuma ligação encontrada.
            </Text>
          </Paper>
        ) : (
          <>
            <AttemptsTable attempts={rows} />
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                {formatInteger(rows.length)}{' '}
                {rows.length === 1 ? 'ligação carregada' : 'ligações carregadas'}
                {attempts.hasNextPage ? '; há mais.' : '.'}
              </Text>
              {attempts.hasNextPage ? (
                <Button
                  variant="default"
                  size="sm"
                  loading={attempts.isFetchingNextPage}
                  onClick={() => attempts.fetchNextPage()}
                >
                  Carregar mais
                </Button>
              ) : null}
            </Group>
            {attempts.isFetchNextPageError && attempts.error ? (
              <QueryErrorAlert
                title="Não foi possível carregar mais ligações"
                error={attempts.error}
                onRetry={() => attempts.fetchNextPage()}
              />
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
