import { Alert, Box, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useCreateDistribution } from '../api/create-distribution.ts';
import { useDistributionOverview } from '../api/get-distribution-overview.ts';
import { AssessorQuantities } from '../components/assessor-quantities.tsx';
import {
  buildDistributionPreview,
  type DistributionPreview,
  remainingQuota,
} from '../components/distribution-preview.ts';
import {
  DistributionResultCard,
  shortfallMessage,
} from '../components/distribution-result-card.tsx';
import {
  anyPool,
  availableFor,
  type PoolChoice,
  PoolRestriction,
} from '../components/pool-restriction.tsx';
import { RecentDistributions } from '../components/recent-distributions.tsx';

export function DailyDistributionPage() {
  const overview = useDistributionOverview();
  const distribute = useCreateDistribution();
  const [pool, setPool] = useState<PoolChoice>(anyPool);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [preview, setPreview] = useState<DistributionPreview | null>(null);

  const data = overview.data;
  // Unless the admin typed another, each box holds what is left of today's quota: a second
  // visit or click after a full batch asks for nothing more.
  const quantityOf = (id: string) => {
    const assessor = data?.assessors.find((item) => item.id === id);
    return quantities[id] ?? (assessor ? remainingQuota(assessor) : 0);
  };

  // Any change to what is asked makes the preview (and its idempotency key) stale.
  const changePool = (value: PoolChoice) => {
    setPool(value);
    setPreview(null);
  };
  const changeQuantity = (id: string, quantity: number) => {
    setQuantities((current) => ({ ...current, [id]: quantity }));
    setPreview(null);
  };
  const applyToAll = (quantity: number) => {
    setQuantities(Object.fromEntries((data?.assessors ?? []).map((a) => [a.id, quantity])));
    setPreview(null);
  };

  const confirm = () => {
    if (!preview) return;
    distribute.mutate(
      { request: preview.request, idempotencyKey: preview.idempotencyKey },
      {
        onSuccess: () => {
          setPreview(null);
          setQuantities({});
        },
      },
    );
  };

  if (overview.isPending) {
    return (
      <>
        <PageTitle>{appRoutes.dailyLeads.title}</PageTitle>
        <RowsSkeleton label="Carregando a distribuição" rows={6} />
      </>
    );
  }
  if (!data) {
    return (
      <>
        <PageTitle>{appRoutes.dailyLeads.title}</PageTitle>
        <QueryErrorAlert
          title="Não foi possível carregar a distribuição"
          error={overview.error ?? new Error('Erro de conexão com o servidor')}
          onRetry={() => overview.refetch()}
        />
      </>
    );
  }

  const totalRequested = data.assessors.reduce((sum, a) => sum + quantityOf(a.id), 0);
  const available = availableFor(data, pool);
  const short = totalRequested - available;

  return (
    <>
      <PageTitle>{appRoutes.dailyLeads.title}</PageTitle>
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Title order={2} size="h4" mb="sm">
            Leads disponíveis
          </Title>
          <PoolRestriction overview={data} value={pool} onChange={changePool} />
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Title order={2} size="h4" mb="sm">
            Quantidade por assessor
          </Title>
          <Stack gap="sm">
            <AssessorQuantities
              assessors={data.assessors}
              quantityOf={quantityOf}
              onChange={changeQuantity}
              onApplyToAll={applyToAll}
            />
            <Text fw={500} aria-live="polite">
              Total pedido: {formatInteger(totalRequested)} · Disponíveis:{' '}
              {formatInteger(available)}
            </Text>
            {short > 0 ? (
              <Alert color="yellow" variant="light" title="Leads insuficientes">
                Faltam {formatInteger(short)} leads para atender todos os pedidos. Os leads
                disponíveis serão divididos de forma justa.
              </Alert>
            ) : null}
            <Group gap="sm">
              <Button
                variant="default"
                disabled={totalRequested === 0}
                onClick={() =>
                  setPreview(
                    buildDistributionPreview({
                      assessors: data.assessors,
                      pool,
                      available,
                      quantityOf,
                    }),
                  )
                }
              >
                Pré-visualizar
              </Button>
            </Group>
          </Stack>
        </Paper>

        {preview ? (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Title order={2} size="h4" mb="sm">
              Pré-visualização
            </Title>
            <Stack gap="sm">
              <Text size="sm">
                {formatInteger(Math.min(preview.requested, preview.available))} de{' '}
                {formatInteger(preview.requested)} leads pedidos seriam distribuídos.
                {preview.requested > preview.available
                  ? ` ${shortfallMessage(preview.requested - preview.available, { preview: true })}`
                  : ''}
              </Text>
              <Box style={{ overflowX: 'auto' }}>
                <Table aria-label="Pré-visualização da distribuição" miw={360}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Assessor</Table.Th>
                      <Table.Th ta="right">Pedidos</Table.Th>
                      <Table.Th ta="right">Receberia</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.shares.map((share) => (
                      <Table.Tr key={share.id}>
                        <Table.Td>{share.name}</Table.Td>
                        <Table.Td ta="right">{formatInteger(share.requested)}</Table.Td>
                        <Table.Td ta="right">{formatInteger(share.share)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
              {preview.backlogged.length > 0 ? (
                <Alert color="orange" variant="light" title="Leads pendentes de dias anteriores">
                  <Stack gap={2}>
                    {preview.backlogged.map((assessor) => (
                      <Text key={assessor.id} size="sm">
                        {assessor.name} ainda tem {formatInteger(assessor.pendingEarlier)} leads
                        pendentes de dias anteriores e receberia mais{' '}
                        {formatInteger(assessor.share)}.
                      </Text>
                    ))}
                  </Stack>
                </Alert>
              ) : null}
              {distribute.isError ? (
                <Alert color="red" variant="light" role="alert">
                  {distribute.error.message}
                </Alert>
              ) : null}
              <Group gap="sm">
                <Button
                  loading={distribute.isPending}
                  disabled={Math.min(preview.requested, preview.available) === 0}
                  onClick={confirm}
                >
                  Confirmar distribuição
                </Button>
                <Button
                  variant="subtle"
                  disabled={distribute.isPending}
                  onClick={() => setPreview(null)}
                >
                  Cancelar
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : null}

        {distribute.isSuccess && !preview ? (
          <DistributionResultCard result={distribute.data} />
        ) : null}

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Title order={2} size="h4" mb="sm">
            Distribuições recentes
          </Title>
          <RecentDistributions distributions={data.recent} />
        </Paper>
      </Stack>
    </>
  );
}
