import { Group, Progress, Stack, Text } from '@mantine/core';
import type { MyLeads } from '../../../../core/attempts.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';

const plural = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

/** "Hoje: 42 ligações · 11 contatos · 3 aceites". */
export function dayCallsText(today: MyLeads['today']): string {
  return `Hoje: ${[
    plural(today.calls, 'ligação', 'ligações'),
    plural(today.contacts, 'contato', 'contatos'),
    plural(today.accepts, 'aceite', 'aceites'),
  ].join(' · ')}`;
}

/**
 * The day's progress: the calls made today on any lead (a call-back received yesterday counts
 * when it is worked today), and below them how much of today's batch is left to call, which is
 * what the bar shows. Once the assessors have targets, the calls are read against the target
 * here.
 */
export function DayProgress({ today }: { today: MyLeads['today'] }) {
  const left = Math.max(today.received - today.worked, 0);
  const percent = today.received === 0 ? 0 : Math.round((today.worked / today.received) * 100);
  const batchText =
    today.received === 0
      ? 'Nenhum lead recebido hoje'
      : `Leads recebidos hoje: ${formatInteger(today.worked)} de ${formatInteger(today.received)} já ligados${
          left > 0 ? `, ${left === 1 ? 'falta' : 'faltam'} ${formatInteger(left)}` : ''
        }`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {dayCallsText(today)}
      </Text>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {batchText}
        </Text>
        {today.received === 0 ? null : (
          <Text size="sm" c="dimmed">
            {formatInteger(percent)}%
          </Text>
        )}
      </Group>
      {today.received === 0 ? null : (
        <Progress value={percent} size="lg" radius="xl" aria-label={batchText} />
      )}
    </Stack>
  );
}
