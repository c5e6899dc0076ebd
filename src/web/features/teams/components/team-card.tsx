import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTarget, IconTrash } from '@tabler/icons-react';
import type { TargetsInput } from '../../../../core/targets.ts';
import type { TeamView } from '../../../../core/teams.ts';
import { periodLine } from './target-summary.ts';

export interface TeamCardProps {
  team: TeamView;
  targets: TargetsInput;
  /** An administrator edits and deletes teams; a supervisor sets its teams' targets only. */
  canManage: boolean;
  onEdit: () => void;
  onTargets: () => void;
  onDelete: () => void;
}

const assessorCount = (count: number) =>
  count === 0 ? 'Nenhum assessor' : count === 1 ? '1 assessor' : `${count} assessores`;

/** A team: its name, its supervisors, how many assessors and its targets. */
export function TeamCard({ team, targets, canManage, onEdit, onTargets, onDelete }: TeamCardProps) {
  const headingId = `equipe-${team.id}`;
  const supervisors = team.supervisors.map((person) => person.name).join(', ');
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {team.name}
          </Title>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {assessorCount(team.assessors.length)}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {supervisors === '' ? 'Sem supervisor' : `Supervisão: ${supervisors}`}
        </Text>
        <Text size="sm">{periodLine(targets, 'day')}</Text>
        <Text size="sm">{periodLine(targets, 'month')}</Text>
        <Group gap="xs" mt={4}>
          {canManage ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-label={`Editar equipe ${team.name}`}
              onClick={onEdit}
            >
              Editar
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTarget size={14} aria-hidden />}
            aria-label={`Metas da equipe ${team.name}`}
            onClick={onTargets}
          >
            Metas
          </Button>
          {canManage ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={`Excluir equipe ${team.name}`}
              onClick={onDelete}
            >
              Excluir
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
