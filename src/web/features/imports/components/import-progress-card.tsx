import {
  Alert,
  Anchor,
  CloseButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ImportBatch } from '../../../../core/imports.ts';
import { formatDuration, formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { leadKeys } from '../../leads/index.ts';
import { isImportRunning, useImport } from '../api/get-import.ts';
import { importKeys } from '../api/import-query-keys.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

export interface ImportProgressCardProps {
  batchId: number;
  onClose: () => void;
}

export function ImportProgressCard({ batchId, onClose }: ImportProgressCardProps) {
  const batch = useImport(batchId);
  const queryClient = useQueryClient();
  const wasRunning = useRef(false);
  const running = isImportRunning(batch.data);

  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (wasRunning.current) {
      wasRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: importKeys.all });
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
    }
  }, [running, queryClient]);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="importacao-atual"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Title order={2} size="h4" id="importacao-atual" style={{ overflowWrap: 'anywhere' }}>
          {batch.data ? `Lote ${batch.data.id} · ${batch.data.fileName}` : `Lote ${batchId}`}
        </Title>
        <Group gap="xs" wrap="nowrap">
          {batch.data ? <ImportStatusBadge status={batch.data.status} /> : null}
          <CloseButton aria-label="Fechar acompanhamento" onClick={onClose} />
        </Group>
      </Group>
      {batch.isPending ? (
        <Stack gap="xs" aria-label="Carregando a importação">
          <Skeleton h={16} />
          <Skeleton h={48} />
        </Stack>
      ) : batch.isError ? (
        <QueryErrorAlert
          title="Não foi possível acompanhar a importação"
          error={batch.error}
          onRetry={() => batch.refetch()}
        />
      ) : (
        <BatchState batch={batch.data} />
      )}
    </Paper>
  );
}

function progressLine(batch: ImportBatch) {
  const parts = [
    batch.totalRows === null
      ? `${formatInteger(batch.processedRows)} linhas`
      : `${formatInteger(batch.processedRows)} de ${formatInteger(batch.totalRows)} linhas`,
  ];
  if (batch.rowsPerSecond !== null) parts.push(`${formatInteger(batch.rowsPerSecond)} linhas/s`);
  if (batch.secondsLeft !== null)
    parts.push(`cerca de ${formatDuration(batch.secondsLeft)} restantes`);
  return parts.join(' · ');
}

function BatchState({ batch }: { batch: ImportBatch }) {
  if (isImportRunning(batch)) {
    const known = batch.totalRows !== null && batch.totalRows > 0;
    const percent = known
      ? Math.min(100, (batch.processedRows / (batch.totalRows ?? 1)) * 100)
      : 100;
    return (
      <Stack gap="xs">
        <Progress
          value={percent}
          striped={!known}
          animated={!known || batch.status === 'queued'}
          size="lg"
          aria-label="Progresso da importação"
        />
        <Text size="sm" aria-live="polite">
          {batch.status === 'queued' ? 'Na fila, começa em instantes…' : progressLine(batch)}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {batch.status === 'failed' ? (
        <Alert color="red" variant="light" role="alert" title="A importação falhou">
          {batch.error ??
            'A importação não terminou. Nenhum lead deste arquivo foi gravado pela metade.'}
        </Alert>
      ) : null}
      {batch.status === 'undone' ? (
        <Alert color="violet" variant="light">
          Esta importação foi desfeita: os leads dela foram removidos.
        </Alert>
      ) : null}
      <ImportFigures batch={batch} />
      {batch.status === 'done' && batch.warnings > 0 ? (
        <Alert color="yellow" variant="light" title="Importadas com avisos">
          {batch.warnings === 1
            ? '1 linha tinha caracteres invisíveis'
            : `${formatInteger(batch.warnings)} linhas tinham caracteres invisíveis`}{' '}
          (que invertem ou escondem parte do texto) no nome ou em outro campo. Eles foram removidos
          antes de importar; confira esses nomes na lista de leads.
        </Alert>
      ) : null}
      {batch.rejected > 0 ? (
        <Anchor href={`/api/imports/${batch.id}/rejections.csv`} download>
          <Group gap={6} wrap="nowrap" component="span">
            <IconDownload size={16} aria-hidden />
            Baixar linhas rejeitadas (CSV)
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
}

const figureLabels = [
  ['inserted', 'Inseridos'],
  ['updated', 'Atualizados'],
  ['duplicates', 'Duplicados'],
  ['blocked', 'Bloqueados'],
  ['rejected', 'Rejeitados'],
] as const;

export function ImportFigures({ batch }: { batch: ImportBatch }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="sm">
      {figureLabels.map(([key, label]) => (
        <Paper key={key} withBorder radius="sm" p="sm" role="group" aria-label={label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text size="xl" fw={700}>
            {formatInteger(batch[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
