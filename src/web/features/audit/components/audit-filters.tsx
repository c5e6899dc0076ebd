import { Select, SimpleGrid } from '@mantine/core';
import {
  type AuditFilter,
  auditActionLabels,
  auditActionSchema,
  auditActions,
} from '../../../../core/audit.ts';
import { ClearFiltersButton } from '../../../components/clear-filters-button.tsx';
import { DateRangeInputs } from '../../../components/date-range-inputs.tsx';
import { useUserOptions } from '../../users/index.ts';

const actionOptions = auditActions.map((action) => ({
  value: action,
  label: auditActionLabels[action],
}));

export interface AuditFiltersProps {
  value: AuditFilter;
  onChange: (value: AuditFilter) => void;
}

export function AuditFilters({ value, onChange }: AuditFiltersProps) {
  const users = useUserOptions();
  const set = <Key extends keyof AuditFilter>(key: Key, next: AuditFilter[Key]) =>
    onChange({ ...value, [key]: next });

  return (
    <search>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select
          label="Ação"
          placeholder="Todas"
          data={actionOptions}
          value={value.action ?? null}
          onChange={(action) =>
            set('action', action === null ? undefined : auditActionSchema.parse(action))
          }
          searchable
          clearable
          nothingFoundMessage="Nenhuma ação"
        />
        <Select
          label="Usuário"
          placeholder="Todos"
          data={users.data ?? []}
          value={value.actor ?? null}
          onChange={(actor) => set('actor', actor ?? undefined)}
          searchable
          clearable
          nothingFoundMessage="Nenhum usuário"
          error={users.isError ? users.error.message : undefined}
        />
        <DateRangeInputs
          fromLabel="De"
          toLabel="Até"
          from={value.from ?? ''}
          to={value.to ?? ''}
          onFromChange={(from) => set('from', from || undefined)}
          onToChange={(to) => set('to', to || undefined)}
        />
      </SimpleGrid>
      <ClearFiltersButton shown={Object.values(value).some(Boolean)} onClear={() => onChange({})} />
    </search>
  );
}
