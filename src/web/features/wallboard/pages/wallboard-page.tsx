import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useForceColorScheme } from '../../../lib/forced-color-scheme.ts';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';
import { useWallboard } from '../api/get-wallboard.ts';
import { ActionDialog, type PendingAction } from '../components/action-dialog.tsx';
import { AssessorCards, AssessorTable } from '../components/assessor-rows.tsx';
import { LiveStatus } from '../components/live-status.tsx';
import { TeamTotals } from '../components/team-totals.tsx';
import { isTvMode } from '../components/tv-mode.ts';
import classes from '../components/wallboard.module.css';

const title = appRoutes.wallboard.title;

/** Opens the TV mode and asks the browser for the whole screen (it may refuse: no matter). */
function enterTvMode(open: () => void) {
  open();
  void document.documentElement.requestFullscreen?.().catch(() => {});
}

function leaveTvMode(close: () => void) {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  close();
}

export function WallboardPage() {
  const [params, setParams] = useSearchParams();
  const tv = isTvMode(`?${params}`);
  // Light text on a dark screen, read from across the room, whatever this browser's theme.
  useForceColorScheme(tv ? 'dark' : undefined);
  const narrow = useNarrowScreen();
  const wallboard = useWallboard();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const data = wallboard.data;

  const heading = (
    <Group justify="space-between" gap="xs" mb="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group gap="sm">
        <LiveStatus />
        {tv ? (
          <Button
            component={Link}
            to={appRoutes.wallboard.path}
            variant="subtle"
            size="xs"
            onClick={() => leaveTvMode(() => {})}
          >
            Sair do modo TV
          </Button>
        ) : (
          <Button
            variant="light"
            onClick={() => enterTvMode(() => setParams({ tv: '1' }))}
            visibleFrom="sm"
          >
            Modo TV
          </Button>
        )}
      </Group>
    </Group>
  );

  let body: ReactNode;
  if (wallboard.isPending) {
    body = <RowsSkeleton label="Carregando o painel ao vivo" rows={6} />;
  } else if (!data) {
    body = (
      <QueryErrorAlert
        title="Não foi possível carregar o painel ao vivo"
        error={wallboard.error ?? new Error('Erro de conexão com o servidor')}
        onRetry={() => wallboard.refetch()}
      />
    );
  } else if (data.teams.length === 0) {
    body = (
      <Text c="dimmed">Nenhuma equipe para mostrar: peça a um administrador que crie a sua.</Text>
    );
  } else {
    const Rows = narrow && !tv ? AssessorCards : AssessorTable;
    body = (
      <Stack gap="xl">
        <Text c="dimmed" size="sm">
          Atualizado em {formatDateTime(data.generatedAt)}
        </Text>
        {data.teams.map((team) => (
          <Stack
            key={team.id ?? 'none'}
            gap="sm"
            component="section"
            aria-labelledby={`equipe-${team.id ?? 'sem'}`}
          >
            <Title order={2} size="h3" id={`equipe-${team.id ?? 'sem'}`}>
              {team.name}
            </Title>
            <TeamTotals team={team} />
            {team.assessors.length > 0 ? (
              <Rows
                assessors={team.assessors}
                onAction={tv ? undefined : (action, assessor) => setPending({ action, assessor })}
              />
            ) : (
              <Text c="dimmed">Nenhum assessor nesta equipe.</Text>
            )}
          </Stack>
        ))}
      </Stack>
    );
  }

  if (tv) {
    return (
      <div className={classes.tv} data-tv>
        {heading}
        {body}
      </div>
    );
  }
  return (
    <>
      {heading}
      {body}
      <ActionDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
