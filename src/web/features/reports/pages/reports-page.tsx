import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { appRoutes } from '../../../../core/app-routes.ts';
import { reportGroupings } from '../../../../core/reports.ts';
import { timeZoneName } from '../../../../core/time-zone-names.ts';
import { ExportLinks } from '../../../components/export-links.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { usePerformanceReport } from '../api/get-performance-report.ts';
import { performanceExportUrl } from '../api/performance-export-url.ts';
import { ChangeMark } from '../components/change-mark.tsx';
import { figureColumns } from '../components/performance-columns.ts';
import { PerformanceTable } from '../components/performance-table.tsx';
import { CallsByHourChart, ConversionChart } from '../components/report-charts.tsx';
import { ReportControls } from '../components/report-controls.tsx';
import { formatPeriod } from '../components/report-format.ts';
import { useReportRequest } from '../components/use-report-request.ts';

/** The totals' cards: the figures people look at first, each with its change. */
const cardKeys = ['calls', 'contacts', 'accepted', 'conversion', 'signedIn', 'perHour'];

/** Performance by assessor or team over a period, against the period just before (issue #47). */
export function ReportsPage() {
  const [request, setRequest] = useReportRequest();
  const report = usePerformanceReport(request);
  const data = report.data;
  const title = <PageTitle>{appRoutes.reports.title}</PageTitle>;

  if (report.isPending) {
    return (
      <>
        {title}
        <RowsSkeleton label="Carregando o relatório" rows={6} />
      </>
    );
  }
  if (!data) {
    return (
      <>
        {title}
        <QueryErrorAlert
          title="Não foi possível carregar o relatório"
          error={report.error ?? new Error('Erro de conexão com o servidor')}
          onRetry={() => report.refetch()}
        />
      </>
    );
  }
  const grouping = reportGroupings[data.by] === 'Equipe' ? 'Equipes' : 'Assessores';
  return (
    <>
      {title}
      <Stack gap="lg">
        <ReportControls request={request} period={data.period} onChange={setRequest} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {formatPeriod(data.period)}, comparado a {formatPeriod(data.previousPeriod)} (
            {timeZoneName(data.timeZone)})
          </Text>
          <ExportLinks urlFor={(format) => performanceExportUrl(request, format)} />
        </Group>
        <SimpleGrid
          cols={{ base: 2, md: cardKeys.length }}
          spacing={{ base: 'xs', sm: 'md' }}
          component="dl"
          m={0}
          aria-label="Totais do período"
        >
          {figureColumns
            .filter((column) => cardKeys.includes(column.key))
            .map((column) => {
              const value = column.value(data.totals);
              return (
                <Paper key={column.key} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
                  <Text component="dt" size="sm" c="dimmed" fw={500}>
                    {column.label}
                  </Text>
                  <Text
                    component="dd"
                    m={0}
                    fz={{ base: 20, sm: 26 }}
                    fw={700}
                    data-figure={column.label}
                  >
                    {column.text(value)}
                  </Text>
                  <Text component="dd" m={0}>
                    <ChangeMark
                      current={value}
                      previous={column.value(data.previousTotals)}
                      format={column.change}
                    />
                  </Text>
                </Paper>
              );
            })}
        </SimpleGrid>
        <PageSection id="report-rows" title={`${grouping} no período`}>
          <PerformanceTable report={data} label={`${grouping} no período`} />
        </PageSection>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <PageSection id="report-hours" title="Ligações por hora do dia">
            <CallsByHourChart report={data} />
          </PageSection>
          <PageSection
            id="report-conversion"
            title={`Conversão por ${data.by === 'team' ? 'equipe' : 'assessor'}`}
          >
            <ConversionChart report={data} />
          </PageSection>
        </SimpleGrid>
      </Stack>
    </>
  );
}
