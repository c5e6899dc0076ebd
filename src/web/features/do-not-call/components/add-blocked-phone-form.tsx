import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { addBlockedPhoneBodySchema, defaultBlockReason } from '../../../../core/do-not-call.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useAddBlockedPhone } from '../api/add-blocked-phone.ts';

interface AddBlockedPhoneFormValues {
  phone: string;
  reason: string;
}

const initialValues: AddBlockedPhoneFormValues = { phone: '', reason: '' };

export function AddBlockedPhoneForm() {
  const addBlockedPhone = useAddBlockedPhone();
  const form = useForm<AddBlockedPhoneFormValues>({
    initialValues,
    validate: schemaResolver(addBlockedPhoneBodySchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    addBlockedPhone.mutate(addBlockedPhoneBodySchema.parse(values), {
      onSuccess: ({ blocked, leadsTakenOut }) => {
        notifications.show({
          color: 'green',
          title: 'Telefone bloqueado',
          message:
            leadsTakenOut === 0
              ? `${formatBrazilianPhone(blocked.phone)} não será mais ligado nem importado.`
              : `${formatBrazilianPhone(blocked.phone)} bloqueado; ${leadsTakenOut === 1 ? 'o lead com ele saiu' : `${leadsTakenOut} leads com ele saíram`} de circulação.`,
        });
        form.reset();
      },
      onError: (error) => {
        // A bad or repeated phone is about the field: say it there.
        if (isApiError(error) && (error.status === 400 || error.status === 409)) {
          form.setFieldError('phone', error.message);
        }
        notifications.show({
          color: 'red',
          title: 'Não foi possível bloquear o telefone',
          message: error.message,
        });
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Group align="flex-start" gap="md" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Telefone"
            description="Com DDD, escrito de qualquer jeito."
            placeholder="(11) 98765-4321"
            inputMode="tel"
            autoComplete="off"
            miw={220}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Motivo (opcional)"
            description={`Sem motivo fica "${defaultBlockReason}".`}
            autoComplete="off"
            miw={260}
            {...form.getInputProps('reason')}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={addBlockedPhone.isPending}>
            Bloquear telefone
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
