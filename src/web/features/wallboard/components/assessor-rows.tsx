import { Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { WallboardAssessor } from '../../../../core/wallboard.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { StateBadge, TimeInState } from './state-cell.tsx';
import { figureList } from './team-totals.tsx';

export type AssessorAction = 'endPause' | 'signOut';

export interface AssessorRowsProps {
  assessors: WallboardAssessor[];
  /** Absent in TV mode: no buttons on a screen nobody touches. */
  onAction?: ((action: AssessorAction, assessor: WallboardAssessor) => void) | undefined;
}

function Actions({
  assessor,
  onAction,
}: {
  assessor: WallboardAssessor;
  onAction: NonNullable<AssessorRowsProps['onAction']>;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {assessor.state === 'paused' ? (
        <Button size="xs" variant="light" onClick={() => onAction('endPause', assessor)}>
          Encerrar pausa
        </Button>
      ) : null}
      {assessor.state !== 'disconnected' ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => onAction('signOut', assessor)}
        >
          Desconectar
        </Button>
      ) : null}
    </Group>
  );
}

/** The team's assessors as a table, one row each (desktop and television). */
export function AssessorTable({ assessors, onAction }: AssessorRowsProps) {
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table striped highlightOnHover={false} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Assessor</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Tempo no estado</Table.Th>
            <Table.Th ta="right">Ligações</Table.Th>
            <Table.Th ta="right">Contatos</Table.Th>
            <Table.Th ta="right">Aceites</Table.Th>
            <Table.Th ta="right">Conversão</Table.Th>
            <Table.Th ta="right">TMA</Table.Th>
            <Table.Th ta="right">Lig./hora</Table.Th>
            <Table.Th ta="right">Na lista</Table.Th>
            {onAction ? <Table.Th>Ações</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assessors.map((assessor) => (
            <Table.Tr key={assessor.id} data-assessor={assessor.id}>
              <Table.Td fw={600}>{assessor.name}</Table.Td>
              <Table.Td>
                <StateBadge assessor={assessor} />
              </Table.Td>
              <Table.Td>
                <TimeInState assessor={assessor} />
              </Table.Td>
              {figureList(assessor).map(([label, value]) => (
                <Table.Td key={label} ta="right" data-figure={label}>
                  {value}
                  {label === 'Ligações' && assessor.targets.calls !== null
                    ? ` / ${formatInteger(assessor.targets.calls)}`
                    : null}
                  {label === 'Aceites' && assessor.targets.accepted !== null
                    ? ` / ${formatInteger(assessor.targets.accepted)}`
                    : null}
                </Table.Td>
              ))}
              {onAction ? (
                <Table.Td>
                  <Actions assessor={assessor} onAction={onAction} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The team's assessors as cards, one each (a phone). */
export function AssessorCards({ assessors, onAction }: AssessorRowsProps) {
  return (
    <Stack gap="sm">
      {assessors.map((assessor) => (
        <Card key={assessor.id} withBorder padding="sm" radius="md" data-assessor={assessor.id}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Text fw={700}>{assessor.name}</Text>
              <TimeInState assessor={assessor} />
            </Group>
            <StateBadge assessor={assessor} />
            <SimpleGrid cols={3} spacing={4} verticalSpacing={4}>
              {figureList(assessor).map(([label, value]) => (
                <div key={label} data-figure={label}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={600}>{value}</Text>
                </div>
              ))}
            </SimpleGrid>
            {onAction ? <Actions assessor={assessor} onAction={onAction} /> : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
