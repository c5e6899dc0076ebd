import { Code, Stack, Text } from '@mantine/core';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useApiTokens } from '../api/get-api-tokens.ts';
import { ApiTokensTable } from '../components/api-tokens-table.tsx';
import { CreateApiTokenForm } from '../components/create-api-token-form.tsx';

function TokensSection() {
  const tokens = useApiTokens();
  if (tokens.isPending) return <RowsSkeleton label="Carregando tokens" />;
  if (tokens.data === undefined) {
    return (
      <QueryErrorAlert
        title="Não foi possível carregar os tokens"
        error={tokens.error ?? new Error('Erro de conexão com o servidor')}
        onRetry={() => tokens.refetch()}
      />
    );
  }
  if (tokens.data.tokens.length === 0) return <Text c="dimmed">Nenhum token criado.</Text>;
  return <ApiTokensTable tokens={tokens.data.tokens} />;
}

export function ApiTokensPage() {
  return (
    <>
      <PageTitle>{appRoutes.apiTokens.title}</PageTitle>
      <Stack gap="xl">
        <Text size="sm" c="dimmed" maw={760}>
          Outros sistemas (o formulário do site, uma plataforma de anúncios, um parceiro) usam a API
          do CCA com um token, enviado no cabeçalho <Code>Authorization: Bearer …</Code>. Cada token
          só faz o que suas permissões dizem, tem limite de pedidos próprio e aparece na auditoria
          com o seu nome. Os leads incluídos por ele têm o nome do token como origem. A API está
          descrita em <Code>/api/openapi.json</Code>.
        </Text>
        <PageSection id="novo-token" title="Novo token">
          <CreateApiTokenForm />
        </PageSection>
        <PageSection id="tokens" title="Tokens">
          <TokensSection />
        </PageSection>
      </Stack>
    </>
  );
}
