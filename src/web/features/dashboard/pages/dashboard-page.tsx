import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { BackupWarning } from '../../backups/index.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { AssessorTable } from '../components/assessor-table.tsx';
import { AttemptsChart } from '../components/attempts-chart.tsx';
import { formatDay } from '../components/dashboard-format.ts';
import { FigureCards } from '../components/figure-cards.tsx';
import { GettingStarted, isNewTeam } from '../components/getting-started.tsx';
import { StatusCounts } from '../components/status-counts.tsx';

export function DashboardPage() {
  const dashboard = useDashboard();
  const data = dashboard.data;

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
  return (
    <>
      <PageTitle>{appRoutes.dashboard.title}</PageTitle>
      <Stack gap="lg">
        <Group justify="space-between" gap="xs">
          <Text c="dimmed" size="sm">
            Hoje, {formatDay(data.today)} ({data.timeZone})
          </Text>
          <Text c="dimmed" size="xs">
            Atualizado em {formatDateTime(data.generatedAt)}
          </Text>
        </Group>
        <BackupWarning />
        {isNewTeam(data) ? <GettingStarted dashboard={data} /> : null}
        {hasActivity ? (
          <>
            <FigureCards dashboard={data} />
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <PageSection id="status-counts" title="Leads por status">
                <StatusCounts dashboard={data} />
              </PageSection>
              <PageSection id="attempts-chart" title="Ligações dos últimos 30 dias">
                <AttemptsChart days={data.attemptsByDay} />
              </PageSection>
            </SimpleGrid>
            <PageSection id="assessors-today" title="Assessores hoje">
              <AssessorTable assessors={data.assessors} />
            </PageSection>
          </>
        ) : null}
      </Stack>
    </>
  );
}
