import {
  Badge,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import type { DashboardAssessor } from '../../../../core/dashboard.ts';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';
import {
  type Column,
  columns,
  firstSortOf,
  type Sort,
  type SortKey,
  sortAssessors,
} from './assessor-sort.ts';
import { formatRate } from './dashboard-format.ts';

function cellText(assessor: DashboardAssessor, column: Column): string {
  if (column.key === 'name') return assessor.name;
  if (column.key === 'conversionRate') return formatRate(assessor.conversionRate);
  if (column.key === 'lastActivityAt') {
    return assessor.lastActivityAt ? formatDateTime(assessor.lastActivityAt) : '—';
  }
  return formatInteger(assessor[column.key]);
}

function InactiveBadge({ assessor }: { assessor: DashboardAssessor }) {
  return assessor.active ? null : (
    <Badge size="xs" color="gray" variant="light">
      inativo
    </Badge>
  );
}

export interface AssessorTableProps {
  assessors: DashboardAssessor[];
  /** Names the table: "Assessores hoje", "Assessores nos últimos 7 dias". */
  label: string;
}

/**
 * Each assessor's figures of the period, sortable by any column (click a heading; again to
 * reverse). A phone shows each assessor as a card of its figures, none off the screen's edge.
 */
export function AssessorTable({ assessors, label }: AssessorTableProps) {
  const narrow = useNarrowScreen();
  const [sort, setSort] = useState<Sort>({ key: 'name', descending: false });
  const sorted = sortAssessors(assessors, sort);
  const sortBy = (key: SortKey) =>
    setSort((current) =>
      current.key === key ? { key, descending: !current.descending } : firstSortOf(key),
    );

  if (assessors.length === 0) {
    return <Text c="dimmed">Nenhum assessor ativo.</Text>;
  }
  if (narrow) {
    const figures = columns.filter((column) => column.key !== 'name');
    return (
      <Stack gap="sm">
        <NativeSelect
          label="Ordenar por"
          data={columns.map((column) => ({ value: column.key, label: column.label }))}
          value={sort.key}
          onChange={(event) => setSort(firstSortOf(event.currentTarget.value as SortKey))}
        />
        <Stack component="ul" aria-label={label} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {sorted.map((assessor) => (
            <Paper
              key={assessor.id}
              component="li"
              withBorder
              radius="md"
              p="sm"
              data-assessor={assessor.name}
            >
              <Text fw={600} mb={6} data-column="name">
                {assessor.name} <InactiveBadge assessor={assessor} />
              </Text>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} component="dl" m={0}>
                {figures.map((column) => (
                  <div key={column.key}>
                    <Text component="dt" size="xs" c="dimmed">
                      {column.label}
                    </Text>
                    <Text component="dd" m={0} fw={600} data-column={column.cell}>
                      {cellText(assessor, column)}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const active = sort.key === column.key;
              const direction = sort.descending ? 'descending' : 'ascending';
              return (
                <Table.Th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? direction : 'none'}
                  ta={column.numeric ? 'right' : 'left'}
                >
                  <UnstyledButton
                    onClick={() => sortBy(column.key)}
                    fw={700}
                    fz="sm"
                    aria-label={`Ordenar por ${column.label}`}
                  >
                    {column.label}
                    {active ? (sort.descending ? ' ↓' : ' ↑') : ''}
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((assessor) => (
            <Table.Tr key={assessor.id} data-assessor={assessor.name}>
              {columns.map((column) =>
                column.key === 'name' ? (
                  <Table.Th key={column.key} scope="row" fw={500} data-column={column.cell}>
                    {assessor.name} <InactiveBadge assessor={assessor} />
                  </Table.Th>
                ) : (
                  <Table.Td
                    key={column.key}
                    ta={column.numeric ? 'right' : 'left'}
                    data-column={column.cell}
                  >
                    {cellText(assessor, column)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
