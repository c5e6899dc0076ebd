import { Table, Text } from '@mantine/core';
import { attemptOutcomes, leadStatusLabels } from '../../../../core/lead-status.ts';
import type { PerformanceFigures, PerformanceReport } from '../../../../core/reports.ts';
import { ChangeMark } from './change-mark.tsx';
import { type FigureColumn, figureColumns } from './performance-columns.ts';
import { formatClock, formatInteger } from './report-format.ts';

function FigureCell({
  column,
  figures,
  previous,
}: {
  column: FigureColumn;
  figures: PerformanceFigures;
  previous: PerformanceFigures;
}) {
  const value = column.value(figures);
  return (
    <Table.Td data-column={column.key} style={{ whiteSpace: 'nowrap' }}>
      {column.text(value)}
      <ChangeMark
        current={value}
        previous={column.value(previous)}
        format={column.change}
        {...(column.lowerIsBetter ? { lowerIsBetter: true } : {})}
      />
      {column.key === 'pause'
        ? figures.pauseSecondsByReason.map((pause) => (
            <Text key={pause.reasonId} size="xs" c="dimmed">
              {pause.reason}: {formatClock(pause.seconds)}
            </Text>
          ))
        : null}
    </Table.Td>
  );
}

export interface PerformanceTableProps {
  report: PerformanceReport;
  label: string;
}

/**
 * The report's rows and their total, each figure with its change against the previous period,
 * then the calls by outcome. Wider than a phone: it scrolls sideways in its own container.
 */
export function PerformanceTable({ report, label }: PerformanceTableProps) {
  const byAssessor = report.by === 'assessor';
  if (report.rows.length === 0) {
    return <Text c="dimmed">Nenhum assessor neste período.</Text>;
  }
  return (
    // Positioned, so that the hidden words of each change (absolutely placed) scroll with the
    // table instead of widening the page.
    <Table.ScrollContainer minWidth={1100} type="native" style={{ position: 'relative' }}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{byAssessor ? 'Assessor' : 'Equipe'}</Table.Th>
            {figureColumns.map((column) => (
              <Table.Th key={column.key} scope="col">
                {column.label}
              </Table.Th>
            ))}
            {attemptOutcomes.map((outcome) => (
              <Table.Th key={outcome} scope="col">
                {leadStatusLabels[outcome]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.id ?? 'none'} data-row={row.name}>
              <Table.Th scope="row">
                {row.name}
                {byAssessor ? (
                  <Text size="xs" c="dimmed" fw={400}>
                    {row.teamName ?? 'Sem equipe'}
                  </Text>
                ) : null}
              </Table.Th>
              {figureColumns.map((column) => (
                <FigureCell
                  key={column.key}
                  column={column}
                  figures={row}
                  previous={row.previous}
                />
              ))}
              {attemptOutcomes.map((outcome) => (
                <Table.Td key={outcome}>{formatInteger(row.outcomes[outcome])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-row="Total">
            <Table.Th scope="row">Total</Table.Th>
            {figureColumns.map((column) => (
              <FigureCell
                key={column.key}
                column={column}
                figures={report.totals}
                previous={report.previousTotals}
              />
            ))}
            {attemptOutcomes.map((outcome) => (
              <Table.Td key={outcome}>{formatInteger(report.totals.outcomes[outcome])}</Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
