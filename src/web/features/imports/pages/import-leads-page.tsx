import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useImports } from '../api/get-imports.ts';
import { ImportBatchesTable } from '../components/import-batches-table.tsx';
import { ImportForm } from '../components/import-form.tsx';
import { ImportProgressCard } from '../components/import-progress-card.tsx';

/** The batch being followed lives in the URL (?batch=ID), so a reload keeps following it. */
function useFollowedBatch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('batch'));
  const batchId = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const follow = (id: number | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('batch');
        else next.set('batch', String(id));
        return next;
      },
      { replace: id === null },
    );
  return [batchId, follow] as const;
}

function BatchesSection({ onFollow }: { onFollow: (id: number) => void }) {
  const batches = useImports();
  if (batches.isPending) {
    return <RowsSkeleton label="Carregando importações" />;
  }
  if (batches.isError) {
    return (
      <QueryErrorAlert
        title="Não foi possível carregar as importações"
        error={batches.error}
        onRetry={() => batches.refetch()}
      />
    );
  }
  return <ImportBatchesTable batches={batches.data} onFollow={onFollow} />;
}

export function ImportLeadsPage() {
  const [batchId, follow] = useFollowedBatch();
  return (
    <>
      <PageTitle>{appRoutes.importLeads.title}</PageTitle>
      <Stack gap="xl">
        {batchId !== null ? (
          <ImportProgressCard key={batchId} batchId={batchId} onClose={() => follow(null)} />
        ) : null}
        <PageSection id="novo-arquivo" title="Novo arquivo">
          <ImportForm
            onStarted={(id) => {
              follow(id);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </PageSection>
        <PageSection id="importacoes" title="Importações">
          <BatchesSection onFollow={follow} />
        </PageSection>
      </Stack>
    </>
  );
}
