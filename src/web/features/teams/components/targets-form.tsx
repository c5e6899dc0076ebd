import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type TargetMetric,
  type TargetPeriod,
  type TargetsInput,
  targetMetricLabels,
  targetMetrics,
  targetPeriodLabels,
  targetPeriods,
  targetsInputSchema,
} from '../../../../core/targets.ts';

// NumberInput gives '' while a field is empty: no target.
type TargetsFormValues = Record<TargetPeriod, Record<TargetMetric, number | string>>;

const toFormValues = (targets: TargetsInput): TargetsFormValues => ({
  day: { accepted: targets.day.accepted ?? '', calls: targets.day.calls ?? '' },
  month: { accepted: targets.month.accepted ?? '', calls: targets.month.calls ?? '' },
});

const toCandidate = (values: TargetsFormValues) => {
  const value = (entry: number | string) => (entry === '' ? null : entry);
  return {
    day: { accepted: value(values.day.accepted), calls: value(values.day.calls) },
    month: { accepted: value(values.month.accepted), calls: value(values.month.calls) },
  };
};

export interface TargetsFormProps {
  targets: TargetsInput;
  loading: boolean;
  onSubmit: (targets: TargetsInput) => void;
  onCancel: () => void;
}

/** A day's and a month's targets in accepted leads and calls; an empty field is no target. */
export function TargetsForm({ targets, loading, onSubmit, onCancel }: TargetsFormProps) {
  const form = useForm<TargetsFormValues>({
    initialValues: toFormValues(targets),
    validate: (values) => {
      const parsed = targetsInputSchema.safeParse(toCandidate(values));
      if (parsed.success) return {};
      return Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
      );
    },
  });

  const handleSubmit = form.onSubmit((values) =>
    onSubmit(targetsInputSchema.parse(toCandidate(values))),
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Deixe um campo em branco para não ter meta. O dia e o mês são os do fuso do call center.
        </Text>
        {targetPeriods.map((period) => (
          <fieldset key={period} style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} size="sm" mb={6}>
              {targetPeriodLabels[period]}
            </Text>
            <SimpleGrid cols={2} spacing="sm">
              {targetMetrics.map((metric) => (
                <NumberInput
                  key={metric}
                  label={targetMetricLabels[metric]}
                  placeholder="Sem meta"
                  min={1}
                  max={1_000_000}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator="."
                  decimalSeparator=","
                  {...form.getInputProps(`${period}.${metric}`)}
                />
              ))}
            </SimpleGrid>
          </fieldset>
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={loading}>
            Salvar metas
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
