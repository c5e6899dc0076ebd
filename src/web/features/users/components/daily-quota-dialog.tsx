import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { dailyQuotaSchema, type User } from '../../../../core/users.ts';
import { fieldRule } from '../../../lib/field-rule.ts';

export interface DailyQuotaDialogProps {
  user: User;
  opened: boolean;
  loading: boolean;
  onSave: (dailyQuota: number) => void;
  onClose: () => void;
}

export function DailyQuotaDialog({
  user,
  opened,
  loading,
  onSave,
  onClose,
}: DailyQuotaDialogProps) {
  const form = useForm<{ dailyQuota: number | string }>({
    initialValues: { dailyQuota: user.dailyQuota },
    validate: { dailyQuota: fieldRule(dailyQuotaSchema) },
  });

  const handleSubmit = form.onSubmit(({ dailyQuota }) => {
    onSave(dailyQuotaSchema.parse(dailyQuota));
  });

  return (
    <Modal opened={opened} onClose={onClose} title={`Quantidade diária de ${user.name}`} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <NumberInput
            label="Nova quantidade diária"
            description="Quantos leads a pessoa recebe por dia na distribuição."
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            data-autofocus
            {...form.getInputProps('dailyQuota')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={loading}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
