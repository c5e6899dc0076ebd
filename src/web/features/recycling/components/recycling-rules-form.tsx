import { Alert, Button, Group, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  maxMinDaysSinceRefusal,
  maxRecyclesLimit,
  type RecyclingRules,
  recyclingRulesSchema,
} from '../../../../core/recycling.ts';
import { fieldRule } from '../../../lib/field-rule.ts';
import { useUpdateRecyclingRules } from '../api/update-recycling-rules.ts';

export interface RecyclingRulesFormProps {
  rules: RecyclingRules;
  onSaved: () => void;
}

interface RulesFormValues {
  minDaysSinceRefusal: number | string;
  /** Empty means no limit. */
  maxRecyclesPerLead: number | string;
}

const minDaysRule = fieldRule(recyclingRulesSchema.shape.minDaysSinceRefusal);
const maxRecyclesRule = fieldRule(recyclingRulesSchema.shape.maxRecyclesPerLead);

/** The admin's rules of a recycle: how long after a refusal, and how many times per lead. */
export function RecyclingRulesForm({ rules, onSaved }: RecyclingRulesFormProps) {
  const update = useUpdateRecyclingRules();
  const form = useForm<RulesFormValues>({
    initialValues: {
      minDaysSinceRefusal: rules.minDaysSinceRefusal,
      maxRecyclesPerLead: rules.maxRecyclesPerLead ?? '',
    },
    validate: {
      minDaysSinceRefusal: (value) =>
        value === '' ? 'Informe o tempo mínimo em dias (0 para nenhum).' : minDaysRule(value),
      maxRecyclesPerLead: (value) => (value === '' ? null : maxRecyclesRule(value)),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(
      {
        minDaysSinceRefusal: Number(values.minDaysSinceRefusal),
        maxRecyclesPerLead:
          values.maxRecyclesPerLead === '' ? null : Number(values.maxRecyclesPerLead),
      },
      { onSuccess: onSaved },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Regras da reciclagem">
      <Stack gap="sm">
        <NumberInput
          label="Tempo mínimo desde a recusa (dias)"
          description="Leads recusados há menos tempo continuam com o assessor. 0: sem tempo mínimo."
          min={0}
          max={maxMinDaysSinceRefusal}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('minDaysSinceRefusal')}
        />
        <NumberInput
          label="Máximo de reciclagens por lead"
          description="Leads que já foram reciclados tantas vezes não voltam mais. Em branco: sem limite."
          min={1}
          max={maxRecyclesLimit}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('maxRecyclesPerLead')}
        />
        {update.isError ? (
          <Alert color="red" variant="light" role="alert">
            {update.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={update.isPending}>
            Salvar regras
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
