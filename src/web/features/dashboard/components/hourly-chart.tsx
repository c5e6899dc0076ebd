import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { DashboardHour } from '../../../../core/dashboard.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';

export interface HourlyChartProps {
  hours: DashboardHour[];
}

/** The working day the chart always shows, widened to any call made before or after it. */
const dayStart = 8;
const dayEnd = 20;

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}h`;

/**
 * Today's ligações and contatos per hour. The chart is a picture for sighted users; screen
 * readers get the same figures as a table.
 */
export function HourlyChart({ hours }: HourlyChartProps) {
  const busy = hours.filter((hour) => hour.calls > 0).map((hour) => hour.hour);
  const first = Math.min(dayStart, ...busy);
  const last = Math.max(dayEnd, ...busy);
  const shown = hours.filter((hour) => hour.hour >= first && hour.hour <= last);
  const data = shown.map((hour) => ({
    label: hourLabel(hour.hour),
    Ligações: hour.calls,
    Contatos: hour.contacts,
  }));
  const total = hours.reduce((sum, hour) => sum + hour.calls, 0);
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {formatInteger(total)} ligações hoje
      </Text>
      {/* Inert: hidden from screen readers and out of the tab order (the chart's bars take focus). */}
      <div inert>
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          valueFormatter={formatInteger}
          series={[
            { name: 'Ligações', color: 'blue.6' },
            { name: 'Contatos', color: 'teal.6' },
          ]}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Ligações e contatos por hora, hoje</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Hora</Table.Th>
              <Table.Th scope="col">Ligações</Table.Th>
              <Table.Th scope="col">Contatos</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((hour) => (
              <Table.Tr key={hour.hour}>
                <Table.Th scope="row">{hourLabel(hour.hour)}</Table.Th>
                <Table.Td>{formatInteger(hour.calls)}</Table.Td>
                <Table.Td>{formatInteger(hour.contacts)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
