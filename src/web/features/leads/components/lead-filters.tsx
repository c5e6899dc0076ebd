import { Checkbox, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type LeadStatus, leadStatuses, leadStatusLabels } from '../../../../core/lead-status.ts';
import { ClearFiltersButton } from '../../../components/clear-filters-button.tsx';
import { DateRangeInputs } from '../../../components/date-range-inputs.tsx';
import { useAssessors } from '../../users/index.ts';

/** What the admin typed, before it becomes a LeadFilter (the search is debounced). */
export interface LeadFilterValues {
  search: string;
  status: LeadStatus[];
  assessor: string | null;
  batch: string;
  createdFrom: string;
  createdTo: string;
  /** Only call-backs overdue past the contact rules' delay (an absent assessor's). */
  overdueCallbacks: boolean;
}

export const emptyLeadFilterValues: LeadFilterValues = {
  search: '',
  status: [],
  assessor: null,
  batch: '',
  createdFrom: '',
  createdTo: '',
  overdueCallbacks: false,
};

const statusOptions = leadStatuses.map((status) => ({
  value: status,
  label: leadStatusLabels[status],
}));

export interface LeadFiltersProps {
  values: LeadFilterValues;
  onChange: (values: LeadFilterValues) => void;
}

export function LeadFilters({ values, onChange }: LeadFiltersProps) {
  const assessors = useAssessors();
  const set = <Key extends keyof LeadFilterValues>(key: Key, value: LeadFilterValues[Key]) =>
    onChange({ ...values, [key]: value });
  const isEmpty = JSON.stringify(values) === JSON.stringify(emptyLeadFilterValues);

  return (
    <search>
      <TextInput
        type="search"
        aria-label="Buscar leads"
        placeholder="Buscar por nome, telefone, e-mail ou CPF"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={values.search}
        onChange={(event) => set('search', event.currentTarget.value)}
        mb="sm"
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <MultiSelect
          label="Status"
          placeholder={values.status.length === 0 ? 'Todos' : undefined}
          data={statusOptions}
          value={values.status}
          onChange={(status) => set('status', status as LeadStatus[])}
          clearable
        />
        <Select
          label="Assessor"
          placeholder="Todos"
          data={(assessors.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
          value={values.assessor}
          onChange={(assessor) => set('assessor', assessor)}
          searchable
          clearable
          nothingFoundMessage="Nenhum assessor"
          error={assessors.isError ? assessors.error.message : undefined}
        />
        <TextInput
          label="Lote"
          placeholder="Nº do lote"
          inputMode="numeric"
          value={values.batch}
          onChange={(event) => set('batch', event.currentTarget.value.replace(/\D/g, ''))}
        />
        <DateRangeInputs
          fromLabel="Criado de"
          toLabel="Criado até"
          from={values.createdFrom}
          to={values.createdTo}
          onFromChange={(from) => set('createdFrom', from)}
          onToChange={(to) => set('createdTo', to)}
        />
      </SimpleGrid>
      <Checkbox
        mt="sm"
        label="Só retornos atrasados (o assessor não ligou na hora combinada)"
        checked={values.overdueCallbacks}
        onChange={(event) => set('overdueCallbacks', event.currentTarget.checked)}
      />
      <ClearFiltersButton shown={!isEmpty} onClear={() => onChange(emptyLeadFilterValues)} />
    </search>
  );
}
