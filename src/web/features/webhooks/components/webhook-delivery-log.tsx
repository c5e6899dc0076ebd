import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type WebhookDelivery,
  type WebhookDeliveryState,
  webhookDeliveryStateLabels,
  webhookEventLabels,
  webhookPingEvent,
  webhookPingLabel,
} from '../../../../core/webhooks.ts';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery.ts';

const stateColors: Record<WebhookDeliveryState, string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

const eventLabel = (event: string) =>
  event === webhookPingEvent
    ? webhookPingLabel
    : (webhookEventLabels[event as keyof typeof webhookEventLabels] ?? event);

function ReplayButton({ delivery }: { delivery: WebhookDelivery }) {
  const replay = useReplayWebhookDelivery();
  if (delivery.state === 'pending') return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      loading={replay.isPending}
      aria-label={`Reenviar a entrega ${delivery.id}`}
      onClick={() =>
        replay.mutate(delivery.id, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              title: 'Entrega na fila',
              message: `A entrega ${delivery.id} será enviada de novo em instantes.`,
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Não foi possível reenviar',
              message: error.message,
            }),
        })
      }
    >
      Reenviar
    </Button>
  );
}

/** An endpoint's deliveries, newest first: how each went and when the next try is. */
export function WebhookDeliveryLog({ endpointId, name }: { endpointId: number; name: string }) {
  const log = useWebhookDeliveries(endpointId);
  if (log.isPending) return <RowsSkeleton label="Carregando as entregas" />;
  if (log.data === undefined) {
    return (
      <QueryErrorAlert
        title="Não foi possível carregar as entregas"
        error={log.error ?? new Error('Erro de conexão com o servidor')}
        onRetry={() => log.refetch()}
      />
    );
  }
  const deliveries = log.data.pages.flatMap((page) => page.deliveries);
  if (deliveries.length === 0) {
    return <Text c="dimmed">Nenhuma entrega para este destino ainda.</Text>;
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760} type="native">
        <Table striped verticalSpacing="xs" aria-label={`Entregas de ${name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Evento</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th ta="right">Status HTTP</Table.Th>
              <Table.Th ta="right">Tempo de resposta</Table.Th>
              <Table.Th ta="right">Tentativas</Table.Th>
              <Table.Th>Próxima tentativa</Table.Th>
              <Table.Th>Evento em</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>
                  {eventLabel(delivery.event)}
                  <Text size="xs" c="dimmed">
                    #{delivery.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={stateColors[delivery.state]}>
                    {webhookDeliveryStateLabels[delivery.state]}
                  </Badge>
                  {delivery.lastError ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {delivery.lastError}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{delivery.lastStatus ?? '—'}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {delivery.lastDurationMs === null
                    ? '—'
                    : `${formatInteger(delivery.lastDurationMs)} ms`}
                </Table.Td>
                <Table.Td ta="right">{delivery.attempts}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : '—'}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(delivery.occurredAt)}
                </Table.Td>
                <Table.Td>
                  <ReplayButton delivery={delivery} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            loading={log.isFetchingNextPage}
            onClick={() => log.fetchNextPage()}
          >
            Ver entregas mais antigas
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
