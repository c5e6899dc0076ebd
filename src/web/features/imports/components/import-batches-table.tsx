import { Anchor, Button, Table, Text } from '@mantine/core';
import type { ImportBatch } from '../../../../core/imports.ts';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { isImportRunning } from '../api/get-import.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

export interface ImportBatchesTableProps {
  batches: ImportBatch[];
  onFollow: (batchId: number) => void;
}

export function ImportBatchesTable({ batches, onFollow }: ImportBatchesTableProps) {
  if (batches.length === 0) {
    return <Text c="dimmed">Nenhuma importação feita ainda.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={1100} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Importações">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lote</Table.Th>
            <Table.Th>Arquivo</Table.Th>
            <Table.Th>Origem</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Importado em</Table.Th>
            <Table.Th ta="right">Linhas</Table.Th>
            <Table.Th ta="right">Inseridos</Table.Th>
            <Table.Th ta="right">Atualizados</Table.Th>
            <Table.Th ta="right">Duplicados</Table.Th>
            <Table.Th ta="right">Bloqueados</Table.Th>
            <Table.Th ta="right">Recusados</Table.Th>
            <Table.Th>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch) => (
            <Table.Tr key={batch.id}>
              <Table.Td>{batch.id}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{batch.fileName}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{batch.source}</Table.Td>
              <Table.Td>
                <ImportStatusBadge status={batch.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(batch.createdAt)}</Text>
                <Text size="xs" c="dimmed">
                  por {batch.createdByName}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {formatInteger(batch.processedRows)}
                {batch.totalRows !== null && isImportRunning(batch)
                  ? ` de ${formatInteger(batch.totalRows)}`
                  : ''}
              </Table.Td>
              <Table.Td ta="right">{formatInteger(batch.inserted)}</Table.Td>
              <Table.Td ta="right">{formatInteger(batch.updated)}</Table.Td>
              <Table.Td ta="right">{formatInteger(batch.duplicates)}</Table.Td>
              <Table.Td ta="right">{formatInteger(batch.blocked)}</Table.Td>
              <Table.Td ta="right">
                {batch.rejected > 0 ? (
                  <Anchor
                    href={`/api/imports/${batch.id}/rejections.csv`}
                    download
                    aria-label={`Baixar as ${formatInteger(batch.rejected)} linhas recusadas do lote ${batch.id} (CSV)`}
                  >
                    {formatInteger(batch.rejected)}
                  </Anchor>
                ) : (
                  '0'
                )}
              </Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="subtle" onClick={() => onFollow(batch.id)}>
                  {isImportRunning(batch) ? 'Acompanhar' : 'Ver resultado'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
