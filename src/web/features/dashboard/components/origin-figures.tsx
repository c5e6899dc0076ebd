import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { type DashboardOrigin, leadOrigins } from '../../../../core/dashboard.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { formatRate } from './dashboard-format.ts';

export interface OriginFiguresProps {
  origins: DashboardOrigin[];
}

/** Today's contacts by where their leads came from: a file import or another system's token. */
export function OriginFigures({ origins }: OriginFiguresProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {origins.map((origin) => (
        <Paper
          key={origin.origin}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={leadOrigins[origin.origin]}
          data-origin={origin.origin}
        >
          <Group justify="space-between" align="baseline" wrap="nowrap" gap="xs">
            <Text fw={600}>{leadOrigins[origin.origin]}</Text>
            <Text fz={24} fw={700} data-origin-figure="conversion">
              {formatRate(origin.conversionRate)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mb="xs">
            conversão (aceites ÷ contatos)
          </Text>
          <Text size="sm" component="p" m={0}>
            {formatInteger(origin.contacts)} contatos · {formatInteger(origin.accepted)} aceites
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
