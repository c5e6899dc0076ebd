import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { DashboardDay } from '../../../../core/dashboard.ts';
import { attemptOutcomes, leadStatusLabels } from '../../../../core/lead-status.ts';
import { outcomeRegistry } from '../../../../core/outcomes.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { formatDay, formatShortDay } from './dashboard-format.ts';

export interface AttemptsChartProps {
  days: DashboardDay[];
}

/**
 * Calls per day by outcome, stacked. The chart is a picture for sighted users; screen
 * readers get the same figures as a table.
 */
export function AttemptsChart({ days }: AttemptsChartProps) {
  const total = days.reduce((sum, day) => sum + day.total, 0);
  const data = days.map((day) => ({ ...day, label: formatShortDay(day.day) }));
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {formatInteger(total)} ligações de {formatDay(days[0]?.day ?? '')} a{' '}
        {formatDay(days.at(-1)?.day ?? '')}
      </Text>
      {/* Inert: hidden from screen readers and out of the tab order (the chart's bars take focus). */}
      <div inert>
        <BarChart
          h={280}
          data={data}
          dataKey="label"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          valueFormatter={formatInteger}
          series={outcomeRegistry.map((outcome) => ({
            name: outcome.key,
            label: outcome.shortLabel,
            color: outcome.chartColor,
          }))}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Ligações por dia e resultado</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Dia</Table.Th>
              {attemptOutcomes.map((outcome) => (
                <Table.Th key={outcome} scope="col">
                  {leadStatusLabels[outcome]}
                </Table.Th>
              ))}
              <Table.Th scope="col">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Th scope="row">{formatDay(day.day)}</Table.Th>
                {attemptOutcomes.map((outcome) => (
                  <Table.Td key={outcome}>{formatInteger(day[outcome])}</Table.Td>
                ))}
                <Table.Td>{formatInteger(day.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
