import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { Dashboard } from '../../../../core/dashboard.ts';
import { leadStatusColors, leadStatuses, leadStatusLabels } from '../../../../core/lead-status.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';

export interface StatusCountsProps {
  dashboard: Dashboard;
}

/** Every lead by status: a bar of the whole and the count of each. */
export function StatusCounts({ dashboard }: StatusCountsProps) {
  const { statusCounts, totalLeads } = dashboard;
  const present = leadStatuses.filter((status) => statusCounts[status] > 0);
  return (
    <Stack gap="md">
      <Text size="sm">
        <Text span fw={700}>
          {formatInteger(totalLeads)}
        </Text>{' '}
        leads no total
      </Text>
      {totalLeads > 0 ? (
        <Progress.Root size={14} aria-hidden>
          {present.map((status) => (
            <Progress.Section
              key={status}
              value={(statusCounts[status] / totalLeads) * 100}
              color={leadStatusColors[status]}
            />
          ))}
        </Progress.Root>
      ) : null}
      <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {leadStatuses.map((status) => (
          <Paper key={status} component="li" withBorder radius="sm" px="sm" py={6}>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" color={leadStatusColors[status]}>
                {leadStatusLabels[status]}
              </Badge>
              <Text fw={600} data-status-count={status}>
                {formatInteger(statusCounts[status])}
              </Text>
            </Group>
          </Paper>
        ))}
      </Group>
    </Stack>
  );
}
