import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PauseReason } from '../../../../core/agent-states.ts';

export interface PauseReasonsListProps {
  reasons: PauseReason[];
  /** The reason whose deactivation or reactivation is under way. */
  busyId: number | null;
  onEdit: (reason: PauseReason) => void;
  onToggleActive: (reason: PauseReason) => void;
}

/** The reasons as cards, which fit a phone's width as well as a desk's. */
export function PauseReasonsList({
  reasons,
  busyId,
  onEdit,
  onToggleActive,
}: PauseReasonsListProps) {
  if (reasons.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nenhum motivo de pausa. Crie o primeiro acima.
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {reasons.map((reason) => {
        const titleId = `pause-reason-${reason.id}`;
        return (
          <Paper
            key={reason.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            aria-labelledby={titleId}
            opacity={reason.active ? 1 : 0.75}
          >
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                  {reason.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {reason.limitMinutes ? `até ${reason.limitMinutes} min` : 'sem limite'}
                </Text>
                {reason.active ? null : (
                  <Badge color="gray" variant="light">
                    Desativado
                  </Badge>
                )}
              </Group>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Editar ${reason.name}`}
                  onClick={() => onEdit(reason)}
                >
                  Editar
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color={reason.active ? 'gray' : 'green'}
                  loading={busyId === reason.id}
                  aria-label={`${reason.active ? 'Desativar' : 'Reativar'} ${reason.name}`}
                  onClick={() => onToggleActive(reason)}
                >
                  {reason.active ? 'Desativar' : 'Reativar'}
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
