import { Button, Table, Text } from '@mantine/core';
import type { TargetsInput } from '../../../../core/targets.ts';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';
import { periodLine, periodSummary } from './target-summary.ts';

export interface AssessorTargetsRow {
  id: string;
  name: string;
  teamName: string | null;
  targets: TargetsInput;
}

export interface AssessorTargetsTableProps {
  rows: AssessorTargetsRow[];
  onEdit: (row: AssessorTargetsRow) => void;
}

function EditButton({ row, onEdit }: { row: AssessorTargetsRow; onEdit: () => void }) {
  return (
    <Button size="xs" variant="default" aria-label={`Metas de ${row.name}`} onClick={onEdit}>
      Metas
    </Button>
  );
}

/** Each assessor's own targets, beside its team's; on a phone stacked in one column. */
export function AssessorTargetsTable({ rows, onEdit }: AssessorTargetsTableProps) {
  const narrow = useNarrowScreen();
  if (rows.length === 0) {
    return <Text c="dimmed">Nenhum assessor ativo.</Text>;
  }
  if (narrow) {
    return (
      <Table aria-label="Metas dos assessores" striped verticalSpacing="sm" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Assessor</Table.Th>
            <Table.Th w={90}>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Text>
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {row.teamName ?? 'Sem equipe'}
                </Text>
                <Text size="xs">{periodLine(row.targets, 'day')}</Text>
                <Text size="xs">{periodLine(row.targets, 'month')}</Text>
              </Table.Td>
              <Table.Td>
                <EditButton row={row} onEdit={() => onEdit(row)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table aria-label="Metas dos assessores" striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Assessor</Table.Th>
            <Table.Th>Equipe</Table.Th>
            <Table.Th>Meta do dia</Table.Th>
            <Table.Th>Meta do mês</Table.Th>
            <Table.Th>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {row.teamName ?? 'Sem equipe'}
              </Table.Td>
              <Table.Td>{periodSummary(row.targets, 'day')}</Table.Td>
              <Table.Td>{periodSummary(row.targets, 'month')}</Table.Td>
              <Table.Td>
                <EditButton row={row} onEdit={() => onEdit(row)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
