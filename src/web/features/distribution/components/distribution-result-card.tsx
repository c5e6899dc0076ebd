import { Box, Paper, Table, Text, Title } from '@mantine/core';
import type { DistributionResult } from '../../../../core/distribution.ts';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';

/** The shortfall in words; `preview` speaks of what would happen. */
export function shortfallMessage(shortfall: number, { preview = false } = {}): string | null {
  if (shortfall <= 0) return null;
  if (shortfall === 1) {
    return preview
      ? 'Faltaria 1 lead para atender todos os pedidos.'
      : 'Faltou 1 lead para atender todos os pedidos.';
  }
  const count = formatInteger(shortfall);
  return preview
    ? `Faltariam ${count} leads para atender todos os pedidos.`
    : `Faltaram ${count} leads para atender todos os pedidos.`;
}

export interface DistributionResultCardProps {
  result: DistributionResult;
}

/** What a confirmed distribution did, per assessor. */
export function DistributionResultCard({ result }: DistributionResultCardProps) {
  const shortfall = shortfallMessage(result.shortfall);
  return (
    // A Paper rather than an Alert: the table scrolls sideways inside it on a phone.
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      bg={shortfall ? 'var(--mantine-color-yellow-light)' : 'var(--mantine-color-green-light)'}
      role="status"
    >
      <Title order={2} size="h4" mb="xs">
        Distribuição concluída
      </Title>
      <Text size="sm" mb="xs">
        {formatInteger(result.assigned)} de {formatInteger(result.requested)} leads distribuídos em{' '}
        {formatDateTime(result.createdAt)}.{shortfall ? ` ${shortfall}` : ''}
      </Text>
      <Box style={{ overflowX: 'auto' }}>
        <Table aria-label="Resultado da distribuição" miw={420}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Assessor</Table.Th>
              <Table.Th ta="right">Pedidos</Table.Th>
              <Table.Th ta="right">Recebidos</Table.Th>
              <Table.Th ta="right">Reciclados</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.shares.map((share) => (
              <Table.Tr key={share.assessorId}>
                <Table.Td>{share.assessorName}</Table.Td>
                <Table.Td ta="right">{formatInteger(share.requested)}</Table.Td>
                <Table.Td ta="right">{formatInteger(share.assigned)}</Table.Td>
                <Table.Td ta="right">{formatInteger(share.recycled)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Paper>
  );
}
