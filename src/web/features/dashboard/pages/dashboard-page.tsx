import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import {
  type DashboardRangeKey,
  dashboardQuerySchema,
  dashboardRanges,
} from '../../../../core/dashboard.ts';
import { timeZoneName } from '../../../../core/time-zone-names.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { BackupWarning } from '../../backups/index.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { AssessorTable } from '../components/assessor-table.tsx';
import { AttemptsChart } from '../components/attempts-chart.tsx';
import { formatDay } from '../components/dashboard-format.ts';
import { FigureGrid, periodFigures, waitingFigures } from '../components/figure-cards.tsx';
import { GettingStarted, isNewTeam } from '../components/getting-started.tsx';
import { HourlyChart } from '../components/hourly-chart.tsx';
import { OriginFigures } from '../components/origin-figures.tsx';
import { RangeSelector } from '../components/range-selector.tsx';
import { StatusCounts } from '../components/status-counts.tsx';

/** The period in the address (`?periodo=7d`), so a reload or a shared link keeps it. */
function useRange(): [DashboardRangeKey, (range: DashboardRangeKey) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = dashboardQuerySchema.safeParse({ range: params.get('periodo') ?? undefined });
  const range = parsed.success ? parsed.data.range : 'today';
  const setRange = (next: DashboardRangeKey) =>
    setParams(next === 'today' ? {} : { periodo: next }, { replace: true });
  return [range, setRange];
}

export function DashboardPage() {
  const [range, setRange] = useRange();
  const dashboard = useDashboard(range);
  const data = dashboard.data;
  // The backups and the first steps (import, create assessors) are an administrator's; a
  // supervisor's dashboard is its teams' figures only.
  const isAdmin = useCurrentUser().data?.role === 'admin';

  if (dashboard.isPending) {
    return (
      <>
        <PageTitle>{appRoutes.dashboard.title}</PageTitle>
        <RowsSkeleton label="Carregando o painel" rows={6} />
      </>
    );
  }
  if (!data) {
    return (
      <>
        <PageTitle>{appRoutes.dashboard.title}</PageTitle>
        <QueryErrorAlert
          title="Não foi possível carregar o painel"
          error={dashboard.error ?? new Error('Erro de conexão com o servidor')}
          onRetry={() => dashboard.refetch()}
        />
      </>
    );
  }

  const hasActivity = data.totalLeads > 0 || data.attemptsByDay.some((day) => day.total > 0);
  const phrase = dashboardRanges[data.range.key].phrase;
  return (
    <>
      <PageTitle>{appRoutes.dashboard.title}</PageTitle>
      <Stack gap="lg">
        <Group justify="space-between" gap="xs">
          <Text c="dimmed" size="sm">
            Hoje, {formatDay(data.today)} ({timeZoneName(data.timeZone)})
          </Text>
          <Text c="dimmed" size="xs">
            Atualizado em {formatDateTime(data.generatedAt)}
          </Text>
        </Group>
        {isAdmin ? <BackupWarning /> : null}
        {isAdmin && isNewTeam(data) ? <GettingStarted dashboard={data} /> : null}
        {!isAdmin && !hasActivity ? (
          <Text c="dimmed">
            Suas equipes ainda não têm leads nem ligações: os números aparecem aqui quando os
            assessores começarem a ligar.
          </Text>
        ) : null}
        {hasActivity ? (
          <>
            <FigureGrid label="Leads à espera" figures={waitingFigures(data)} />
            <RangeSelector value={range} onChange={setRange} />
            <FigureGrid label={`Ligações ${phrase}`} figures={periodFigures(data)} />
            <PageSection id="assessors-period" title={`Assessores ${phrase}`}>
              <AssessorTable assessors={data.assessors} label={`Assessores ${phrase}`} />
            </PageSection>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <PageSection id="calls-by-hour" title="Ligações por hora hoje">
                <HourlyChart hours={data.callsByHour} />
              </PageSection>
              <PageSection id="conversion-by-origin" title="Conversão por origem hoje">
                <OriginFigures origins={data.byOrigin} />
              </PageSection>
              <PageSection id="status-counts" title="Leads por status">
                <StatusCounts dashboard={data} />
              </PageSection>
              <PageSection id="attempts-chart" title="Ligações dos últimos 30 dias">
                <AttemptsChart days={data.attemptsByDay} />
              </PageSection>
            </SimpleGrid>
          </>
        ) : null}
      </Stack>
    </>
  );
}
