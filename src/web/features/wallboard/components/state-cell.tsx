import { Badge, Group, Text } from '@mantine/core';
import { agentStateColors, agentStateLabels, pauseIsLate } from '../../../../core/agent-states.ts';
import type { WallboardAssessor } from '../../../../core/wallboard.ts';
import { formatElapsed, useSecondClock } from './wallboard-format.ts';

/** The state's badge, with the pause's reason. */
export function StateBadge({ assessor }: { assessor: WallboardAssessor }) {
  const label =
    assessor.state === 'paused' && assessor.pauseReason
      ? `${agentStateLabels.paused}: ${assessor.pauseReason.name}`
      : agentStateLabels[assessor.state];
  return (
    <Badge color={agentStateColors[assessor.state]} variant="light" size="lg" tt="none">
      {label}
    </Badge>
  );
}

/** How long the assessor has been in the state, counting; a pause past its limit in red. */
export function TimeInState({ assessor }: { assessor: WallboardAssessor }) {
  const now = useSecondClock();
  if (assessor.since === null) return <Text c="dimmed">—</Text>;
  const late = pauseIsLate(
    { state: assessor.state, since: assessor.since, pauseReason: assessor.pauseReason },
    new Date(now),
  );
  const elapsed = formatElapsed((now - Date.parse(assessor.since)) / 1000);
  return (
    <Group gap={6} wrap="nowrap">
      <Text
        ff="monospace"
        fw={late ? 700 : 500}
        style={late ? { color: 'var(--mantine-color-red-text)' } : undefined}
        data-late={late || undefined}
      >
        {elapsed}
      </Text>
      {late ? (
        <Text size="sm" fw={700} style={{ color: 'var(--mantine-color-red-text)' }}>
          acima do limite
        </Text>
      ) : null}
    </Group>
  );
}
