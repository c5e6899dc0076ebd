import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useBlockLists } from '../api/get-block-lists.ts';
import { BlockListSourcesTable } from '../components/block-list-sources-table.tsx';
import { LoadBlockListForm } from '../components/load-block-list-form.tsx';

export function BlockListsPage() {
  const lists = useBlockLists();
  const sources = lists.data?.sources ?? [];
  return (
    <>
      <PageTitle>{appRoutes.blockLists.title}</PageTitle>
      <Stack gap="xl">
        <Text size="sm" c="dimmed" maw={760}>
          Cadastros de quem não quer receber telemarketing: o "Bloqueio de telemarketing" do
          Procon-SP, os cadastros de outros estados, a lista da própria empresa. Um número de
          qualquer lista não é importado nem distribuído, e os leads da base com ele saem de
          circulação na hora (quem já aceitou continua no acompanhamento). Carregar uma lista com o
          nome de outra já carregada a substitui: só a diferença muda. Telefones bloqueados um a um
          ficam em{' '}
          <Anchor component={Link} to={appRoutes.blockedPhones.path} underline="always">
            {appRoutes.blockedPhones.title}
          </Anchor>
          .
        </Text>
        <PageSection id="carregar-lista" title="Carregar lista">
          <LoadBlockListForm sources={sources} />
        </PageSection>
        <PageSection id="listas" title="Listas carregadas">
          {lists.isPending ? (
            <RowsSkeleton label="Carregando as listas" />
          ) : lists.data === undefined ? (
            <QueryErrorAlert
              title="Não foi possível carregar as listas"
              error={lists.error ?? new Error('Erro de conexão com o servidor')}
              onRetry={() => lists.refetch()}
            />
          ) : sources.length === 0 ? (
            <Text c="dimmed">Nenhuma lista externa carregada.</Text>
          ) : (
            <BlockListSourcesTable sources={sources} />
          )}
        </PageSection>
      </Stack>
    </>
  );
}
