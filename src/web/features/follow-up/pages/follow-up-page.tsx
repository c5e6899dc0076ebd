import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { appRoutes } from '../../../../core/app-routes.ts';
import { ExportLinks } from '../../../components/export-links.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useConfirmRegistration } from '../api/confirm-registration.ts';
import { followUpExportUrl } from '../api/export-follow-up.ts';
import type { FollowUpFilter } from '../api/follow-up-query-string.ts';
import { useFollowUp } from '../api/get-follow-up.ts';
import { FollowUpFilters } from '../components/follow-up-filters.tsx';
import { FollowUpTable } from '../components/follow-up-table.tsx';

export function FollowUpPage() {
  const [filter, setFilter] = useState<FollowUpFilter>({});
  const followUp = useFollowUp(filter);
  const confirm = useConfirmRegistration();
  const rows = useMemo(
    () => followUp.data?.pages.flatMap((page) => page.leads) ?? [],
    [followUp.data],
  );

  return (
    <>
      <PageTitle>{appRoutes.followUp.title}</PageTitle>
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <FollowUpFilters value={filter} onChange={setFilter} />
        </Paper>
        <Group justify="flex-end">
          <ExportLinks urlFor={(format) => followUpExportUrl(filter, format)} />
        </Group>
        {confirm.isError ? (
          <Alert color="red" variant="light" role="alert" title="Não foi possível salvar">
            {confirm.error.message}
          </Alert>
        ) : null}
        {followUp.isPending ? (
          <RowsSkeleton label="Carregando leads" rows={6} />
        ) : followUp.data === undefined ? (
          <QueryErrorAlert
            title="Não foi possível carregar os leads"
            error={followUp.error ?? new Error('Erro de conexão com o servidor')}
            onRetry={() => followUp.refetch()}
          />
        ) : rows.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              Nenhum lead com status green encontrado.
            </Text>
          </Paper>
        ) : (
          <>
            <FollowUpTable
              leads={rows}
              savingId={confirm.isPending ? confirm.variables.leadId : null}
              onConfirmedChange={(leadId, confirmed) => confirm.mutate({ leadId, confirmed })}
            />
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                {formatInteger(rows.length)}{' '}
                {rows.length === 1 ? 'lead carregado' : 'leads carregados'}
                {followUp.hasNextPage ? '; há mais.' : '.'}
              </Text>
              {followUp.hasNextPage ? (
                <Button
                  variant="default"
                  size="sm"
                  loading={followUp.isFetchingNextPage}
                  onClick={() => followUp.fetchNextPage()}
                >
                  Carregar mais
                </Button>
              ) : null}
            </Group>
            {followUp.isFetchNextPageError && followUp.error ? (
              <QueryErrorAlert
                title="Não foi possível carregar mais leads"
                error={followUp.error}
                onRetry={() => followUp.fetchNextPage()}
              />
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
