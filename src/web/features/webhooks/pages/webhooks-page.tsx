import { Stack, Text } from '@mantine/core';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useWebhooks } from '../api/get-webhooks.ts';
import { CreateWebhookForm } from '../components/create-webhook-form.tsx';
import { PrivateTargetsSetting } from '../components/private-targets-setting.tsx';
import { WebhookEndpointCard } from '../components/webhook-endpoint-card.tsx';

export function WebhooksPage() {
  const webhooks = useWebhooks();
  const endpoints = webhooks.data?.endpoints ?? [];
  return (
    <>
      <PageTitle>{appRoutes.webhooks.title}</PageTitle>
      <Stack gap="xl">
        <Text size="sm" c="dimmed" maw={760}>
          Avise outros sistemas (um CRM, uma planilha, uma automação) quando um lead aceita, uma
          ligação é registrada, uma importação termina ou os dados de um lead são apagados. Cada
          entrega é um POST em JSON assinado com o segredo do destino; uma entrega recusada é
          tentada de novo por até um dia, e pode ser reenviada daqui.
        </Text>
        <PageSection id="novo-destino" title="Novo destino">
          <CreateWebhookForm />
        </PageSection>
        <PageSection id="destinos" title="Destinos">
          {webhooks.isPending ? (
            <RowsSkeleton label="Carregando os destinos" />
          ) : webhooks.data === undefined ? (
            <QueryErrorAlert
              title="Não foi possível carregar os destinos"
              error={webhooks.error ?? new Error('Erro de conexão com o servidor')}
              onRetry={() => webhooks.refetch()}
            />
          ) : endpoints.length === 0 ? (
            <Text c="dimmed">Nenhum destino cadastrado.</Text>
          ) : (
            <Stack gap="md">
              {endpoints.map((endpoint) => (
                <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} />
              ))}
            </Stack>
          )}
        </PageSection>
        <PageSection id="rede-interna" title="Rede interna">
          <PrivateTargetsSetting />
        </PageSection>
      </Stack>
    </>
  );
}
