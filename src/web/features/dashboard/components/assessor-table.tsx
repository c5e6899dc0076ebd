import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { DashboardAssessor } from '../../../../core/dashboard.ts';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { formatRate } from './dashboard-format.ts';

type SortKey =
  | 'name'
  | 'dailyQuota'
  | 'distributedToday'
  | 'attendedToday'
  | 'acceptedToday'
  | 'conversionRate'
  | 'lastActivityAt';

interface Column {
  key: SortKey;
  label: string;
  numeric: boolean;
}

const columns: Column[] = [
  { key: 'name', label: 'Assessor', numeric: false },
  { key: 'dailyQuota', label: 'Cota diária', numeric: true },
  { key: 'distributedToday', label: 'Recebidos hoje', numeric: true },
  { key: 'attendedToday', label: 'Atendidos', numeric: true },
  { key: 'acceptedToday', label: 'Aceitos', numeric: true },
  { key: 'conversionRate', label: 'Conversão', numeric: true },
  { key: 'lastActivityAt', label: 'Última atividade', numeric: false },
];

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Missing values (no rate, no call yet) sort last in either direction. */
function compare(a: DashboardAssessor, b: DashboardAssessor, key: SortKey): number {
  if (key === 'name') return collator.compare(a.name, b.name);
  const left = a[key];
  const right = b[key];
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return left < right ? -1 : 1;
}

export interface AssessorTableProps {
  assessors: DashboardAssessor[];
}

/** Each assessor's day, sortable by any column (click a heading; again to reverse). */
export function AssessorTable({ assessors }: AssessorTableProps) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'name',
    descending: false,
  });
  const sorted = [...assessors].sort((a, b) => {
    const order = compare(a, b, sort.key);
    const nullsLast = a[sort.key] === null || b[sort.key] === null;
    return sort.descending && !nullsLast ? -order : order;
  });
  const sortBy = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, descending: !current.descending }
        : // Figures read best from the highest; names from A.
          { key, descending: key !== 'name' },
    );

  if (assessors.length === 0) {
    return <Text c="dimmed">Nenhum assessor ativo.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label="Assessores hoje">
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
              <Table.Th scope="row" fw={500}>
                {assessor.name}{' '}
                {assessor.active ? null : (
                  <Badge size="xs" color="gray" variant="light">
                    inativo
                  </Badge>
                )}
              </Table.Th>
              <Table.Td ta="right">{formatInteger(assessor.dailyQuota)}</Table.Td>
              <Table.Td ta="right" data-column="distributed">
                {formatInteger(assessor.distributedToday)}
              </Table.Td>
              <Table.Td ta="right" data-column="attended">
                {formatInteger(assessor.attendedToday)}
              </Table.Td>
              <Table.Td ta="right" data-column="accepted">
                {formatInteger(assessor.acceptedToday)}
              </Table.Td>
              <Table.Td ta="right">{formatRate(assessor.conversionRate)}</Table.Td>
              <Table.Td>
                {assessor.lastActivityAt ? formatDateTime(assessor.lastActivityAt) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
