import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useBlockedPhones } from '../api/get-blocked-phones.ts';
import { AddBlockedPhoneForm } from '../components/add-blocked-phone-form.tsx';
import { BlockedPhonesTable } from '../components/blocked-phones-table.tsx';

const searchDebounceMs = 300;

function BlockedPhonesSection() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), searchDebounceMs);
  const phones = useBlockedPhones(debouncedSearch);
  const rows = useMemo(
    () => phones.data?.pages.flatMap((page) => page.phones) ?? [],
    [phones.data],
  );

  return (
    <Stack gap="md">
      <TextInput
        label="Buscar telefone"
        placeholder="(11) 98765-4321 ou parte do número"
        inputMode="tel"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      {phones.isPending ? (
        <RowsSkeleton label="Carregando telefones bloqueados" />
      ) : phones.data === undefined ? (
        <QueryErrorAlert
          title="Não foi possível carregar os telefones bloqueados"
          error={phones.error ?? new Error('Erro de conexão com o servidor')}
          onRetry={() => phones.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed">
          {debouncedSearch === ''
            ? 'Nenhum telefone bloqueado.'
            : 'Nenhum telefone bloqueado com esse número.'}
        </Text>
      ) : (
        <>
          <BlockedPhonesTable phones={rows} />
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              {formatInteger(rows.length)} {rows.length === 1 ? 'telefone' : 'telefones'}{' '}
              {phones.hasNextPage ? 'carregados até agora.' : 'no total.'}
            </Text>
            {phones.hasNextPage ? (
              <Button
                variant="default"
                size="xs"
                loading={phones.isFetchingNextPage}
                onClick={() => void phones.fetchNextPage()}
              >
                Carregar mais
              </Button>
            ) : null}
          </Group>
          {phones.isFetchNextPageError && phones.error ? (
            <QueryErrorAlert
              title="Não foi possível carregar mais telefones"
              error={phones.error}
              onRetry={() => void phones.fetchNextPage()}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}

export function BlockedPhonesPage() {
  return (
    <>
      <PageTitle>{appRoutes.blockedPhones.title}</PageTitle>
      <Stack gap="xl">
        <Text size="sm" c="dimmed" maw={720}>
          Telefones que não podem ser ligados: o CCA não os importa de novo e, ao bloquear, os leads
          com o número saem de circulação (status "Não ligar", sem assessor). Os cadastros de
          bloqueio do Procon e outras listas em arquivo ficam em{' '}
          <Anchor component={Link} to={appRoutes.blockLists.path} underline="always">
            {appRoutes.blockLists.title}
          </Anchor>
          .
        </Text>
        <PageSection id="bloquear-telefone" title="Bloquear telefone">
          <AddBlockedPhoneForm />
        </PageSection>
        <PageSection id="telefones-bloqueados" title="Lista de bloqueio">
          <BlockedPhonesSection />
        </PageSection>
      </Stack>
    </>
  );
}
