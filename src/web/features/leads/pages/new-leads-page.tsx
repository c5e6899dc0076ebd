import { Button, Grid, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { appRoutes } from '../../../../core/app-routes.ts';
import type { NewLeadsSummary } from '../../../../core/leads.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useUndoImport } from '../../imports/index.ts';
import { useNewLeadsSummary } from '../api/get-new-leads-summary.ts';
import { wrapBetweenWords } from '../components/wrap-between-words.ts';

type BatchSummary = NewLeadsSummary['byBatch'][number];

function BatchesTable({ batches }: { batches: BatchSummary[] }) {
  const [toUndo, setToUndo] = useState<BatchSummary | null>(null);
  const undoImport = useUndoImport();

  if (batches.length === 0) {
    return <Text c="dimmed">Nenhum lote com leads novos.</Text>;
  }

  function confirmUndo() {
    if (!toUndo) return;
    const batch = toUndo;
    undoImport.mutate(batch.batchId, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Importação desfeita',
          message: `Os ${formatInteger(batch.count)} leads do lote ${batch.batchId} foram removidos.`,
        });
        setToUndo(null);
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Não foi possível desfazer a importação',
          message: error.message,
        });
        setToUndo(null);
      },
    });
  }

  return (
    <>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Leads novos por lote">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lote</Table.Th>
              <Table.Th>Arquivo</Table.Th>
              <Table.Th>Origem</Table.Th>
              <Table.Th>Importado em</Table.Th>
              <Table.Th ta="right">Leads novos</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batches.map((batch) => (
              <Table.Tr key={batch.batchId}>
                <Table.Td>{batch.batchId}</Table.Td>
                <Table.Td style={wrapBetweenWords}>{batch.fileName}</Table.Td>
                <Table.Td style={wrapBetweenWords}>{batch.source}</Table.Td>
                <Table.Td>{formatDateTime(batch.createdAt)}</Table.Td>
                <Table.Td ta="right">{formatInteger(batch.count)}</Table.Td>
                <Table.Td>
                  {batch.allNew ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => setToUndo(batch)}
                    >
                      Desfazer importação
                    </Button>
                  ) : (
                    <Text size="xs" c="dimmed">
                      Parte dos leads já foi usada
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={toUndo !== null}
        title="Desfazer importação"
        message={
          toUndo
            ? `Remover os ${formatInteger(toUndo.count)} leads do lote ${toUndo.batchId} (${toUndo.fileName})? Eles nunca foram usados; esta ação não pode ser revertida.`
            : ''
        }
        confirmLabel="Desfazer importação"
        confirmColor="red"
        loading={undoImport.isPending}
        onConfirm={confirmUndo}
        onClose={() => setToUndo(null)}
      />
    </>
  );
}

function SourcesTable({ sources }: { sources: NewLeadsSummary['bySource'] }) {
  if (sources.length === 0) return <Text c="dimmed">Nenhuma origem com leads novos.</Text>;
  return (
    <Table striped verticalSpacing="xs" aria-label="Leads novos por origem">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Origem</Table.Th>
          <Table.Th ta="right">Leads novos</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sources.map((entry) => (
          <Table.Tr key={entry.source ?? ''}>
            <Table.Td style={wrapBetweenWords}>
              {entry.source ?? (
                <Text c="dimmed" span size="sm">
                  Sem origem
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{formatInteger(entry.count)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function NewLeadsPage() {
  const summary = useNewLeadsSummary();

  return (
    <>
      <PageTitle>{appRoutes.newLeads.title}</PageTitle>
      {summary.isPending ? (
        <Stack gap="sm" aria-label="Carregando leads novos">
          <Skeleton h={80} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : summary.isError ? (
        <QueryErrorAlert
          title="Não foi possível carregar os leads novos"
          error={summary.error}
          onRetry={() => summary.refetch()}
        />
      ) : (
        <Stack gap="xl">
          <Paper withBorder radius="md" p="md" role="group" aria-label="Total de leads novos">
            <Text size="sm" c="dimmed">
              Leads novos, nunca distribuídos
            </Text>
            <Text fz={32} fw={700}>
              {formatInteger(summary.data.total)}
            </Text>
          </Paper>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper
                withBorder
                radius="md"
                p={{ base: 'md', sm: 'lg' }}
                component="section"
                aria-labelledby="por-lote"
              >
                <Group justify="space-between" mb="md">
                  <Title order={2} size="h4" id="por-lote">
                    Por lote
                  </Title>
                </Group>
                <BatchesTable batches={summary.data.byBatch} />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <PageSection id="por-origem" title="Por origem">
                <SourcesTable sources={summary.data.bySource} />
              </PageSection>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </>
  );
}
