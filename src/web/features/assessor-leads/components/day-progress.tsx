import { Group, Progress, Stack, Text } from '@mantine/core';
import type { MyLeads } from '../../../../core/attempts.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';

const plural = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

/**
 * The day's progress over the leads received today, in words: how many were worked (have an
 * outcome, whichever) and how many of those someone answered. The bar is the worked share.
 */
export function DayProgress({ today }: { today: MyLeads['today'] }) {
  const percent = today.received === 0 ? 0 : Math.round((today.worked / today.received) * 100);
  const label = `Hoje: ${formatInteger(today.worked)} de ${plural(today.received, 'lead trabalhado', 'leads trabalhados')}`;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
          <Text span c="dimmed" size="sm">
            {' · '}
            {plural(today.answered, 'atendido', 'atendidos')}
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          {formatInteger(percent)}%
        </Text>
      </Group>
      <Progress value={percent} size="lg" radius="xl" aria-label={label} />
    </Stack>
  );
}
