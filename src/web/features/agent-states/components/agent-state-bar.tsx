import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconPlayerPause } from '@tabler/icons-react';
import type { TargetProgress } from '../../../../core/agent-states.ts';
import { targetMetricLabels, targetProgressText } from '../../../../core/targets.ts';
import { useMyAgentState } from '../api/get-my-agent-state.ts';
import { usePauseReasons } from '../api/get-pause-reasons.ts';
import { usePause } from '../api/pause.ts';
import { useResume } from '../api/resume.ts';
import { PauseBanner } from './pause-banner.tsx';

/** "Meta do dia: 12 de 20 aceites", the team's prefixed "Equipe ·". */
export function progressText(progress: TargetProgress): string {
  const words = `${targetProgressText(progress.period, progress.done, progress.target)} ${targetMetricLabels[progress.metric].toLowerCase()}`;
  return progress.owner === 'team' ? `Equipe · ${words}` : words;
}

const failed = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: error.message });

/**
 * The assessor's state on its own page: the pause button (a menu of the active reasons) or,
 * while paused, the banner with the time counting and *Voltar ao trabalho*; and its targets.
 */
export function AgentStateBar() {
  const mine = useMyAgentState();
  const reasons = usePauseReasons();
  const pause = usePause();
  const resume = useResume();
  const status = mine.data;
  const progress = status?.progress ?? [];

  return (
    <Stack gap="xs">
      {status?.state === 'paused' ? (
        <PauseBanner
          status={status}
          resuming={resume.isPending}
          onResume={() =>
            resume.mutate(undefined, { onError: failed('Não foi possível voltar da pausa') })
          }
        />
      ) : null}
      <Group justify="space-between" gap="xs">
        <Group gap="md">
          {progress.map((item) => (
            <Text key={`${item.owner}-${item.period}-${item.metric}`} size="sm" fw={500}>
              {progressText(item)}
            </Text>
          ))}
        </Group>
        {status && status.state !== 'paused' ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                size="sm"
                leftSection={<IconPlayerPause size={16} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
                loading={pause.isPending}
              >
                Pausar
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Motivo da pausa</Menu.Label>
              {(reasons.data?.reasons ?? []).map((reason) => (
                <Menu.Item
                  key={reason.id}
                  onClick={() =>
                    pause.mutate(
                      { reasonId: reason.id },
                      { onError: failed('Não foi possível entrar em pausa') },
                    )
                  }
                >
                  {reason.name}
                  {reason.limitMinutes ? ` (até ${reason.limitMinutes} min)` : ''}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Stack>
  );
}
