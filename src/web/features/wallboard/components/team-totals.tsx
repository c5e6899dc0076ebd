import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { WallboardFigures, WallboardTeam } from '../../../../core/wallboard.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { formatConversion, formatHandling, formatPerHour } from './wallboard-format.ts';

/** The team's figures of today, label and value, in the order the rows show them. */
export function figureList(figures: WallboardFigures): [string, string][] {
  return [
    ['Ligações', formatInteger(figures.calls)],
    ['Contatos', formatInteger(figures.contacts)],
    ['Aceites', formatInteger(figures.accepted)],
    ['Conversão', formatConversion(figures.conversionRate)],
    ['TMA', formatHandling(figures.averageHandlingSeconds)],
    ['Ligações por hora', formatPerHour(figures.callsPerHour)],
    ['Leads na lista', formatInteger(figures.leadsLeft)],
  ];
}

function TargetProgress({ label, done, target }: { label: string; done: number; target: number }) {
  const share = Math.min(100, (done / target) * 100);
  const reached = done >= target;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>Meta do dia: {label}</Text>
        <Text fw={600}>
          {formatInteger(done)} de {formatInteger(target)} ({Math.floor((done / target) * 100)}%)
        </Text>
      </Group>
      <Progress
        value={share}
        size="lg"
        color={reached ? 'green' : 'blue'}
        aria-label={`Meta do dia de ${label.toLowerCase()}: ${formatInteger(done)} de ${formatInteger(target)}`}
      />
    </Stack>
  );
}

/** The team's totals of today and its progress against the day's targets. */
export function TeamTotals({ team }: { team: WallboardTeam }) {
  const { totals, targets } = team;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="xs">
        {figureList(totals).map(([label, value]) => (
          <Paper key={label} withBorder p="xs" radius="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fz="xl" fw={700}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {targets.accepted !== null || targets.calls !== null ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {targets.accepted !== null ? (
            <TargetProgress label="Aceites" done={totals.accepted} target={targets.accepted} />
          ) : null}
          {targets.calls !== null ? (
            <TargetProgress label="Ligações" done={totals.calls} target={targets.calls} />
          ) : null}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
