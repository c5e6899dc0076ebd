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
          <Stack gap={6}>
            <Text size="sm">
              {batch.warnings === 1
                ? '1 linha foi importada com aviso'
                : `${formatInteger(batch.warnings)} linhas foram importadas com avisos`}
              : um e-mail, CPF ou UF inválido ficou de fora (o lead pode ser chamado pelo telefone),
              ou caracteres invisíveis, que invertem ou escondem parte do texto, foram removidos.
            </Text>
            <DownloadLink href={`/api/imports/${batch.id}/warnings.csv`}>
              Baixar linhas importadas com avisos (CSV)
            </DownloadLink>
          </Stack>
        </Alert>
      ) : null}
      {batch.rejected > 0 ? (
        <DownloadLink href={`/api/imports/${batch.id}/rejections.csv`}>
          Baixar linhas recusadas (CSV)
        </DownloadLink>
      ) : null}
    </Stack>
  );
}

function DownloadLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} download>
      <Group gap={6} wrap="nowrap" component="span">
        <IconDownload size={16} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

const figureLabels = [
  ['inserted', 'Inseridos'],
  ['updated', 'Atualizados'],
  ['duplicates', 'Duplicados'],
  ['blocked', 'Bloqueados'],
  ['rejected', 'Recusados'],
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
