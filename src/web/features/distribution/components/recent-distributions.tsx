import { Box, Table, Text } from '@mantine/core';
import type { DistributionResult } from '../../../../core/distribution.ts';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';

export interface RecentDistributionsProps {
  distributions: DistributionResult[];
}

export function RecentDistributions({ distributions }: RecentDistributionsProps) {
  if (distributions.length === 0) {
    return <Text c="dimmed">Nenhuma distribuição registrada.</Text>;
  }
  return (
    // Wider than a phone: the region scrolls sideways, so a keyboard must be able to reach it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region is reached by Tab
    <Box
      style={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label="Distribuições recentes"
    >
      <Table aria-label="Distribuições recentes" miw={640} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Por</Table.Th>
            <Table.Th ta="right">Pedidos</Table.Th>
            <Table.Th ta="right">Distribuídos</Table.Th>
            <Table.Th ta="right">Faltaram</Table.Th>
            <Table.Th>Assessores</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {distributions.map((distribution) => (
            <Table.Tr key={distribution.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(distribution.createdAt)}
              </Table.Td>
              <Table.Td>{distribution.createdByName}</Table.Td>
              <Table.Td ta="right">{formatInteger(distribution.requested)}</Table.Td>
              <Table.Td ta="right">{formatInteger(distribution.assigned)}</Table.Td>
              <Table.Td ta="right">{formatInteger(distribution.shortfall)}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {distribution.shares
                    .filter((share) => share.assigned > 0)
                    .map((share) => `${share.assessorName} (${formatInteger(share.assigned)})`)
                    .join(', ') || '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
