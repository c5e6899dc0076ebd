import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  type WebhookEndpoint,
  type WebhookEvent,
  webhookEventLabels,
} from '../../../../core/webhooks.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { usePingWebhook } from '../api/ping-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';

const failure = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: error.message });

/** One endpoint: what it hears, its switches, and its delivery log on demand. */
export function WebhookEndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [showLog, setShowLog] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const ping = usePingWebhook();

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={`webhook-${endpoint.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={3} size="h5" id={`webhook-${endpoint.id}`}>
              {endpoint.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
          </Stack>
          <Badge variant="light" color={endpoint.active ? 'green' : 'gray'}>
            {endpoint.active ? 'Ativo' : 'Desativado'}
          </Badge>
        </Group>
        <Group gap="xs">
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" color="blue">
              {webhookEventLabels[event as WebhookEvent] ?? event}
            </Badge>
          ))}
        </Group>
        <Text size="sm">
          {formatInteger(endpoint.pending)} pendentes · {formatInteger(endpoint.failed)} com falha ·
          última entrega:{' '}
          {endpoint.lastDeliveredAt ? formatDateTime(endpoint.lastDeliveredAt) : 'nenhuma'}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setShowLog((shown) => !shown)}>
            {showLog ? 'Ocultar entregas' : 'Ver entregas'}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!endpoint.active}
            loading={ping.isPending}
            onClick={() =>
              ping.mutate(endpoint.id, {
                onSuccess: () => {
                  setShowLog(true);
                  notifications.show({
                    color: 'green',
                    title: 'Teste na fila',
                    message: `Um evento de teste será enviado a "${endpoint.name}".`,
                  });
                },
                onError: failure('Não foi possível enviar o teste'),
              })
            }
          >
            Enviar teste
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: endpoint.id, changes: { active: !endpoint.active } },
                { onError: failure('Não foi possível alterar o destino') },
              )
            }
          >
            {endpoint.active ? 'Desativar' : 'Ativar'}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(true)}>
            Excluir
          </Button>
        </Group>
        {showLog ? <WebhookDeliveryLog endpointId={endpoint.id} name={endpoint.name} /> : null}
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title="Excluir destino de webhook"
        message={`O destino "${endpoint.name}" deixa de receber eventos, e suas entregas (inclusive as pendentes) e o registro delas são apagados.`}
        confirmLabel="Excluir destino"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => setDeleting(false),
            onError: failure('Não foi possível excluir o destino'),
          })
        }
        onClose={() => setDeleting(false)}
      />
    </Paper>
  );
}
