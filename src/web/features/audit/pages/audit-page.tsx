import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { appRoutes } from '../../../../core/app-routes.ts';
import type { AuditFilter } from '../../../../core/audit.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useAuditEntries } from '../api/get-audit-entries.ts';
import { AuditFilters } from '../components/audit-filters.tsx';
import { AuditTable } from '../components/audit-table.tsx';

export function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const audit = useAuditEntries(filter);
  const entries = useMemo(
    () => audit.data?.pages.flatMap((page) => page.entries) ?? [],
    [audit.data],
  );

  return (
    <>
      <PageTitle>{appRoutes.audit.title}</PageTitle>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Entradas no CCA, acessos negados, usuários, importações, distribuições, reciclagens,
          exportações e dados apagados, dos mais recentes aos mais antigos. O registro não pode ser
          alterado nem apagado.
        </Text>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <AuditFilters value={filter} onChange={setFilter} />
        </Paper>
        {audit.isPending ? (
          <RowsSkeleton label="Carregando o registro de auditoria" rows={6} />
        ) : audit.data === undefined ? (
          <QueryErrorAlert
            title="Não foi possível carregar o registro de auditoria"
            error={audit.error ?? new Error('Erro de conexão com o servidor')}
            onRetry={() => audit.refetch()}
          />
        ) : entries.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              Nenhum registro encontrado.
            </Text>
          </Paper>
        ) : (
          <>
            <AuditTable entries={entries} />
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                {formatInteger(entries.length)}{' '}
                {entries.length === 1 ? 'registro carregado' : 'registros carregados'}
                {audit.hasNextPage ? '; há mais.' : '.'}
              </Text>
              {audit.hasNextPage ? (
                <Button
                  variant="default"
                  size="sm"
                  loading={audit.isFetchingNextPage}
                  onClick={() => audit.fetchNextPage()}
                >
                  Carregar mais
                </Button>
              ) : null}
            </Group>
            {audit.isFetchNextPageError && audit.error ? (
              <QueryErrorAlert
                title="Não foi possível carregar mais registros"
                error={audit.error}
                onRetry={() => audit.fetchNextPage()}
              />
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
