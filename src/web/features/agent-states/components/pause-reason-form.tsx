import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type PauseReasonInput, pauseReasonInputSchema } from '../../../../core/agent-states.ts';

export interface PauseReasonFormProps {
  /** Names the form's fields apart when two forms are on the page. */
  idPrefix: string;
  initialValues?: { name: string; limitMinutes: number | null };
  submitLabel: string;
  loading: boolean;
  onSubmit: (values: PauseReasonInput) => Promise<unknown>;
  onCancel?: () => void;
}

interface FormValues {
  name: string;
  // NumberInput gives '' while the field is empty: no limit.
  limitMinutes: number | string;
}

/** A pause reason's name and its limit in minutes (empty: no limit). */
export function PauseReasonForm({
  idPrefix,
  initialValues = { name: '', limitMinutes: null },
  submitLabel,
  loading,
  onSubmit,
  onCancel,
}: PauseReasonFormProps) {
  const form = useForm<FormValues>({
    initialValues: { name: initialValues.name, limitMinutes: initialValues.limitMinutes ?? '' },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    const parsed = pauseReasonInputSchema.safeParse({
      name: values.name,
      limitMinutes: values.limitMinutes === '' ? null : Number(values.limitMinutes),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        form.setFieldError(String(issue.path[0] ?? 'name'), issue.message);
      }
      return;
    }
    try {
      await onSubmit(parsed.data);
      if (!onCancel) form.reset();
    } catch (error) {
      form.setFieldError('name', error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          id={`${idPrefix}-name`}
          label="Motivo"
          maxLength={60}
          autoComplete="off"
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('name')}
        />
        <NumberInput
          id={`${idPrefix}-limit`}
          label="Limite (minutos)"
          description="Vazio: sem limite."
          min={1}
          max={1440}
          allowDecimal={false}
          w={160}
          {...form.getInputProps('limitMinutes')}
        />
      </Group>
      <Group gap="xs" mt="sm">
        <Button type="submit" loading={loading}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
