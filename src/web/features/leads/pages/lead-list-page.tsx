import {
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconDownload, IconPhoneOff } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { leadStatusLabels } from '../../../../core/lead-status.ts';
import {
  type BulkLeadsBody,
  type LeadCount,
  type LeadFilter,
  type LeadSort,
  leadOriginLabels,
  leadSortLabels,
  leadSorts,
} from '../../../../core/leads.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useAssessors } from '../../users/index.ts';
import { leadExportUrl } from '../api/export-leads.ts';
import { useLeadCount } from '../api/get-lead-count.ts';
import { useLeads } from '../api/get-leads.ts';
import { BulkActions } from '../components/bulk-actions.tsx';
import { LeadDetailDrawer } from '../components/lead-detail-drawer.tsx';
import {
  emptyLeadFilterValues,
  LeadFilters,
  type LeadFilterValues,
  validAreaCode,
} from '../components/lead-filters.tsx';
import { LeadsTable } from '../components/leads-table.tsx';

const searchDebounceMs = 300;

/** "1.234 leads", or "cerca de 1.000.000 leads (estimativa)" above the exact count's limit. */
function describeCount({ count, exact }: LeadCount): string {
  const leads = `${formatInteger(count)} ${count === 1 ? 'lead' : 'leads'}`;
  return exact ? leads : `cerca de ${leads} (estimativa)`;
}

/** The filter in words, for the confirmation of an action on all of it. */
function describeFilter(filter: LeadFilter, assessors: { id: string; name: string }[]): string {
  const parts = [
    filter.q ? `busca "${filter.q}"` : null,
    filter.status
      ? `status ${filter.status.map((status) => leadStatusLabels[status]).join(', ')}`
      : null,
    filter.assessor
      ? `assessor ${assessors.find((user) => user.id === filter.assessor)?.name ?? filter.assessor}`
      : null,
    filter.batch ? `importação #${filter.batch}` : null,
    filter.origin ? `origem ${leadOriginLabels[filter.origin]}` : null,
    filter.uf ? `UF ${filter.uf}` : null,
    filter.ddd ? `DDD ${filter.ddd}` : null,
    filter.createdFrom ? `criados desde ${formatDay(filter.createdFrom)}` : null,
    filter.createdTo ? `criados até ${formatDay(filter.createdTo)}` : null,
    filter.overdueCallbacks ? 'só retornos atrasados' : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join('; ') : 'nenhum (todos os leads)';
}

const formatDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

function toLeadFilter(values: LeadFilterValues, search: string): LeadFilter {
  const batch = Number(values.batch);
  return {
    q: search.trim() === '' ? undefined : search.trim(),
    status: values.status.length === 0 ? undefined : values.status,
    assessor: values.assessor ?? undefined,
    batch: values.batch !== '' && Number.isSafeInteger(batch) && batch > 0 ? batch : undefined,
    origin: values.origin ?? undefined,
    uf: values.uf ?? undefined,
    ddd: validAreaCode(values.ddd),
    createdFrom: values.createdFrom === '' ? undefined : values.createdFrom,
    createdTo: values.createdTo === '' ? undefined : values.createdTo,
    overdueCallbacks: values.overdueCallbacks || undefined,
  };
}

interface Selection {
  ids: Set<number>;
  allOfFilter: boolean;
}
const noSelection: Selection = { ids: new Set(), allOfFilter: false };

export function LeadListPage() {
  // The contact rules' page links here for the overdue call-backs.
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<LeadFilterValues>(() => ({
    ...emptyLeadFilterValues,
    overdueCallbacks: searchParams.get('retornosAtrasados') === '1',
  }));
  const [debouncedSearch] = useDebouncedValue(values.search, searchDebounceMs);
  const filter = useMemo(() => toLeadFilter(values, debouncedSearch), [values, debouncedSearch]);
  const [selection, setSelection] = useState<Selection>(noSelection);
  const [openLeadId, setOpenLeadId] = useState<number | null>(null);
  const [sort, setSort] = useState<LeadSort>('newest');
  const leads = useLeads(filter, sort);
  const count = useLeadCount(filter);
  const assessors = useAssessors();
  const rows = useMemo(() => leads.data?.pages.flatMap((page) => page.leads) ?? [], [leads.data]);

  // A selection belongs to the filter it was made in: changing the filter starts a new one.
  const filterKey = JSON.stringify(filter);
  const [selectionFilterKey, setSelectionFilterKey] = useState(filterKey);
  if (selectionFilterKey !== filterKey) {
    setSelectionFilterKey(filterKey);
    setSelection(noSelection);
  }

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = leads;
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  const toggle = useCallback((id: number) => {
    setSelection((current) => {
      const ids = new Set(current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { ids, allOfFilter: false };
    });
  }, []);

  const toggleLoaded = (selected: boolean) =>
    setSelection({
      ids: selected ? new Set(rows.map((lead) => lead.id)) : new Set(),
      allOfFilter: false,
    });

  const target: BulkLeadsBody['target'] | null = selection.allOfFilter
    ? { filter }
    : selection.ids.size > 0
      ? { ids: [...selection.ids] }
      : null;
  const filterCount = count.data ? describeCount(count.data) : null;
  const targetDescription = selection.allOfFilter
    ? filterCount === null
      ? 'todos os leads do filtro atual (contando…)'
      : `todos os ${filterCount} do filtro atual`
    : `${formatInteger(selection.ids.size)} ${selection.ids.size === 1 ? 'lead selecionado' : 'leads selecionados'}`;
  const targetCount = selection.allOfFilter ? (count.data?.count ?? null) : selection.ids.size;

  return (
    <>
      <PageTitle>{appRoutes.leadList.title}</PageTitle>
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <LeadFilters values={values} onChange={setValues} />
        </Paper>

        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={600}>
              {filterCount === null
                ? 'Contando…'
                : `${filterCount[0]?.toUpperCase()}${filterCount.slice(1)}`}
            </Text>
            <Checkbox
              label="Selecionar todos do filtro"
              checked={selection.allOfFilter}
              disabled={rows.length === 0}
              onChange={(event) =>
                setSelection({ ids: new Set(), allOfFilter: event.currentTarget.checked })
              }
            />
            <BulkActions
              target={target}
              targetDescription={targetDescription}
              targetCount={targetCount}
              filterDescription={
                selection.allOfFilter ? describeFilter(filter, assessors.data ?? []) : null
              }
              onDone={() => setSelection(noSelection)}
            />
            {/* The button tells how many visibly: a line of its own pushed the exports down. */}
            <VisuallyHidden aria-live="polite">
              {target
                ? `${targetDescription[0]?.toUpperCase()}${targetDescription.slice(1)}`
                : null}
            </VisuallyHidden>
          </Group>
          <Group gap="xs">
            <Select
              aria-label="Ordem da lista"
              size="sm"
              w={200}
              allowDeselect={false}
              data={leadSorts.map((value) => ({ value, label: leadSortLabels[value] }))}
              value={sort}
              onChange={(value) => {
                if (value) setSort(value as LeadSort);
              }}
            />
            <Button
              component={Link}
              to={appRoutes.blockedPhones.path}
              variant="subtle"
              size="sm"
              leftSection={<IconPhoneOff size={16} aria-hidden />}
            >
              {appRoutes.blockedPhones.title}
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  rightSection={<IconChevronDown size={16} aria-hidden />}
                >
                  Exportar
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component="a" href={leadExportUrl(filter, 'csv')} download>
                  CSV (Excel)
                </Menu.Item>
                <Menu.Item component="a" href={leadExportUrl(filter, 'xlsx')} download>
                  XLSX
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>

        {leads.isPending ? (
          <Stack gap="xs" aria-label="Carregando leads">
            {[1, 2, 3, 4, 5, 6].map((key) => (
              <Skeleton key={key} h={40} />
            ))}
          </Stack>
        ) : leads.data === undefined ? (
          <QueryErrorAlert
            title="Não foi possível carregar os leads"
            error={leads.error ?? new Error('Erro de conexão com o servidor')}
            onRetry={() => leads.refetch()}
          />
        ) : rows.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              Nenhum lead encontrado.
            </Text>
          </Paper>
        ) : (
          <>
            <LeadsTable
              leads={rows}
              sort={sort}
              hasNextPage={hasNextPage && !leads.isFetchNextPageError}
              isFetchingNextPage={isFetchingNextPage}
              onLoadMore={loadMore}
              selectedIds={selection.ids}
              allOfFilterSelected={selection.allOfFilter}
              onToggle={toggle}
              onToggleLoaded={toggleLoaded}
              onOpen={setOpenLeadId}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {formatInteger(rows.length)} carregados
              {hasNextPage ? '; role a lista para ver mais.' : '.'}
            </Text>
            {leads.isFetchNextPageError && leads.error ? (
              <QueryErrorAlert
                title="Não foi possível carregar mais leads"
                error={leads.error}
                onRetry={loadMore}
              />
            ) : null}
          </>
        )}
      </Stack>
      <LeadDetailDrawer leadId={openLeadId} onClose={() => setOpenLeadId(null)} />
    </>
  );
}
