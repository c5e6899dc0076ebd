import { Select, SimpleGrid } from '@mantine/core';
import { ClearFiltersButton } from '../../../components/clear-filters-button.tsx';
import { DateRangeInputs } from '../../../components/date-range-inputs.tsx';
import { useAssessorOptions } from '../../users/index.ts';
import type { FollowUpFilter } from '../api/follow-up-query-string.ts';

const confirmedOptions = [
  { value: 'yes', label: 'Confirmado' },
  { value: 'no', label: 'Não confirmado' },
];

export interface FollowUpFiltersProps {
  value: FollowUpFilter;
  onChange: (value: FollowUpFilter) => void;
}

export function FollowUpFilters({ value, onChange }: FollowUpFiltersProps) {
  const assessors = useAssessorOptions();
  const set = <Key extends keyof FollowUpFilter>(key: Key, next: FollowUpFilter[Key]) =>
    onChange({ ...value, [key]: next });

  return (
    <search>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select
          label="Assessor"
          placeholder="Todos"
          data={assessors.data ?? []}
          value={value.assessor ?? null}
          onChange={(assessor) => set('assessor', assessor ?? undefined)}
          searchable
          clearable
          nothingFoundMessage="Nenhum assessor"
          error={assessors.isError ? assessors.error.message : undefined}
        />
        <DateRangeInputs
          fromLabel="Aceitou de"
          toLabel="Aceitou até"
          from={value.from ?? ''}
          to={value.to ?? ''}
          onFromChange={(from) => set('from', from || undefined)}
          onToChange={(to) => set('to', to || undefined)}
        />
        <Select
          label="Cadastro"
          placeholder="Todos"
          data={confirmedOptions}
          value={value.confirmed ?? null}
          onChange={(confirmed) =>
            set('confirmed', confirmed === 'yes' || confirmed === 'no' ? confirmed : undefined)
          }
          clearable
        />
      </SimpleGrid>
      <ClearFiltersButton shown={Object.values(value).some(Boolean)} onClear={() => onChange({})} />
    </search>
  );
}
