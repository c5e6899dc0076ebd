import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  createWebhookBodySchema,
  type WebhookEvent,
  webhookEventLabels,
  webhookEvents,
} from '../../../../core/webhooks.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';

interface CreateWebhookFormValues {
  name: string;
  url: string;
  events: WebhookEvent[];
}

const initialValues: CreateWebhookFormValues = { name: '', url: '', events: ['lead.accepted'] };

export function CreateWebhookForm() {
  const createWebhook = useCreateWebhook();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const form = useForm<CreateWebhookFormValues>({
    initialValues,
    validate: schemaResolver(createWebhookBodySchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    createWebhook.mutate(createWebhookBodySchema.parse(values), {
      onSuccess: ({ endpoint, secret }) => {
        setCreated({ name: endpoint.name, secret });
        form.reset();
      },
      onError: (error) => {
        form.setFieldError('url', error.message);
        notifications.show({
          color: 'red',
          title: 'Não foi possível cadastrar o destino',
          message: error.message,
        });
      },
    });
  });

  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md" maw={640}>
          <TextInput label="Nome" required maxLength={80} {...form.getInputProps('name')} />
          <TextInput
            label="Endereço (URL)"
            placeholder="https://exemplo.com.br/webhooks/cca"
            required
            inputMode="url"
            {...form.getInputProps('url')}
          />
          <Checkbox.Group label="Eventos" required {...form.getInputProps('events')}>
            <Stack gap="xs" mt="xs">
              {webhookEvents.map((event) => (
                <Checkbox key={event} value={event} label={webhookEventLabels[event]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={createWebhook.isPending}>
              Cadastrar destino
            </Button>
          </Group>
        </Stack>
      </form>
      <WebhookSecretDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}
