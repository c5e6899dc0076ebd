import {
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  type DistributionOverview,
  type PoolKind,
  poolKindLabels,
  poolKindSchema,
} from '../../../../core/distribution.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';

export interface PoolChoice {
  kind: PoolKind;
  batchId: number | null;
  source: string | null;
  /** Hand out first the leads whose state's hours still allow a call today. */
  preferCallableToday: boolean;
}

export const anyPool: PoolChoice = {
  kind: 'mixed',
  batchId: null,
  source: null,
  preferCallableToday: true,
};

/**
 * Leads the choice can take, as far as the overview tells: the kind's total, narrowed by the
 * batch or the source when one is chosen (the server counts exactly when it assigns).
 */
export function availableFor(overview: DistributionOverview, choice: PoolChoice): number {
  const byKind =
    choice.kind === 'new'
      ? overview.pool.new
      : choice.kind === 'recycled'
        ? overview.pool.recycled
        : overview.pool.new + overview.pool.recycled;
  const limits = [byKind];
  if (choice.batchId !== null) {
    limits.push(overview.batches.find((batch) => batch.id === choice.batchId)?.available ?? 0);
  }
  if (choice.source !== null) {
    limits.push(overview.sources.find((entry) => entry.source === choice.source)?.available ?? 0);
  }
  return Math.min(...limits);
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {formatInteger(value)}
      </Text>
    </Paper>
  );
}

export interface PoolRestrictionProps {
  overview: DistributionOverview;
  value: PoolChoice;
  onChange: (value: PoolChoice) => void;
}

export function PoolRestriction({ overview, value, onChange }: PoolRestrictionProps) {
  // Three labels side by side do not fit a phone.
  const narrow = useNarrowScreen();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label="Novos" value={overview.pool.new} />
        <Figure label="Reciclados" value={overview.pool.recycled} />
        <Figure label="Disponíveis na seleção" value={availableFor(overview, value)} />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="pool-kind-label">
          Leads a distribuir
        </Text>
        <SegmentedControl
          aria-labelledby="pool-kind-label"
          data={poolKindSchema.options.map((kind) => ({
            value: kind,
            label: poolKindLabels[kind],
          }))}
          value={value.kind}
          onChange={(kind) => onChange({ ...value, kind: poolKindSchema.parse(kind) })}
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          style={{ maxWidth: 520 }}
        />
      </Stack>
      <Group grow align="flex-start" wrap="wrap" gap="sm">
        <Select
          label="Lote"
          placeholder="Todos os lotes"
          data={overview.batches.map((batch) => ({
            value: String(batch.id),
            label: `#${batch.id} ${batch.fileName} (${formatInteger(batch.available)} disponíveis)`,
          }))}
          value={value.batchId === null ? null : String(value.batchId)}
          onChange={(batchId) =>
            onChange({ ...value, batchId: batchId === null ? null : Number(batchId) })
          }
          searchable
          clearable
          nothingFoundMessage="Nenhum lote com leads disponíveis"
          miw={220}
        />
        <Select
          label="Origem"
          placeholder="Todas as origens"
          data={overview.sources.map((entry) => ({
            value: entry.source,
            label: `${entry.source} (${formatInteger(entry.available)} disponíveis)`,
          }))}
          value={value.source}
          onChange={(source) => onChange({ ...value, source })}
          searchable
          clearable
          nothingFoundMessage="Nenhuma origem com leads disponíveis"
          miw={220}
        />
      </Group>
      <Checkbox
        label="Primeiro os leads que ainda podem ser ligados hoje (pelo horário do estado do telefone)"
        checked={value.preferCallableToday}
        onChange={(event) =>
          onChange({ ...value, preferCallableToday: event.currentTarget.checked })
        }
      />
    </Stack>
  );
}
