import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { PerformanceReport } from '../../../../core/reports.ts';
import { formatInteger, formatRate } from './report-format.ts';

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}h`;

/** The working day the chart always shows, widened to any call made before or after it. */
const dayStart = 8;
const dayEnd = 20;

/** A chart for the eyes, and the same figures as a table for screen readers. */
function FiguresTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: [string, string];
  rows: [string, string][];
}) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{head[0]}</Table.Th>
            <Table.Th scope="col">{head[1]}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row">{name}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

/** The period's calls by hour of the call centre's day. */
export function CallsByHourChart({ report }: { report: PerformanceReport }) {
  const busy = report.callsByHour.filter((hour) => hour.calls > 0).map((hour) => hour.hour);
  const first = Math.min(dayStart, ...busy);
  const last = Math.max(dayEnd, ...busy);
  const shown = report.callsByHour.filter((hour) => hour.hour >= first && hour.hour <= last);
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {formatInteger(report.totals.calls)} ligações no período
      </Text>
      {/* Inert: the bars take focus, and the table below says the same. */}
      <div inert>
        <BarChart
          h={220}
          data={shown.map((hour) => ({ label: hourLabel(hour.hour), Ligações: hour.calls }))}
          dataKey="label"
          tickLine="y"
          valueFormatter={formatInteger}
          series={[{ name: 'Ligações', color: 'blue.6' }]}
        />
      </div>
      <FiguresTable
        caption="Ligações por hora do dia no período"
        head={['Hora', 'Ligações']}
        rows={shown.map((hour) => [hourLabel(hour.hour), formatInteger(hour.calls)])}
      />
    </>
  );
}

/** Conversion (aceites ÷ contatos) per row: assessor or team, those with contacts. */
export function ConversionChart({ report }: { report: PerformanceReport }) {
  const rows = report.rows.filter((row) => row.conversion !== null);
  if (rows.length === 0) {
    return <Text c="dimmed">Nenhum contato no período.</Text>;
  }
  const data = rows.map((row) => ({
    name: row.name,
    Conversão: Math.round((row.conversion ?? 0) * 1000) / 10,
  }));
  return (
    <>
      <div inert>
        <BarChart
          h={Math.max(160, rows.length * 36)}
          data={data}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          xAxisProps={{ domain: [0, 100] }}
          valueFormatter={(value) => `${formatInteger(value)}%`}
          series={[{ name: 'Conversão', color: 'green.7' }]}
        />
      </div>
      <FiguresTable
        caption={`Conversão por ${report.by === 'team' ? 'equipe' : 'assessor'}`}
        head={[report.by === 'team' ? 'Equipe' : 'Assessor', 'Conversão']}
        rows={rows.map((row) => [row.name, formatRate(row.conversion)])}
      />
    </>
  );
}
