import { Box, Table, Text } from '@mantine/core';
import type { AttemptRecord } from '../../../../core/attempts.ts';
import { channelLabels } from '../../../../core/leads.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';

export interface AttemptsTableProps {
  attempts: AttemptRecord[];
}

export function AttemptsTable({ attempts }: AttemptsTableProps) {
  return (
    // A phone is narrower than the table: it scrolls sideways inside this box, the page does not.
    <Box style={{ overflowX: 'auto' }}>
      <Table aria-label="Ligações" miw={980} verticalSpacing="xs" highlightOnHover stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Assessor</Table.Th>
            <Table.Th>Lead</Table.Th>
            <Table.Th>Telefone</Table.Th>
            <Table.Th>Canal</Table.Th>
            <Table.Th>Resultado</Table.Th>
            <Table.Th>Observação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((attempt) => (
            <Table.Tr key={attempt.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(attempt.createdAt)}
              </Table.Td>
              <Table.Td>{attempt.assessorName}</Table.Td>
              <Table.Td>{attempt.leadName ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {attempt.leadPhone ? formatBrazilianPhone(attempt.leadPhone) : '—'}
              </Table.Td>
              <Table.Td>{channelLabels[attempt.channel]}</Table.Td>
              <Table.Td>
                <StatusBadge status={attempt.outcome} />
                {attempt.callbackAt ? (
                  <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
                    Retorno: {formatDateTime(attempt.callbackAt)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {attempt.note ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
