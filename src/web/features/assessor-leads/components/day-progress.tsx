import { Group, Progress, Stack, Text } from '@mantine/core';
import type { MyLeads } from '../../../../core/attempts.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';

export function DayProgress({ today }: { today: MyLeads['today'] }) {
  const percent = today.received === 0 ? 0 : Math.round((today.attended / today.received) * 100);
  const label = `Hoje: ${formatInteger(today.attended)} de ${formatInteger(today.received)} leads atendidos`;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {formatInteger(percent)}%
        </Text>
      </Group>
      <Progress value={percent} size="lg" radius="xl" aria-label={label} />
    </Stack>
  );
}
