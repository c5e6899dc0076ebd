import { Checkbox, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { type Uf, ufs } from '../../../../core/lead-fields.ts';
import { type LeadStatus, leadStatuses, leadStatusLabels } from '../../../../core/lead-status.ts';
import {
  areaCodeSchema,
  type LeadOrigin,
  leadOriginLabels,
  leadOrigins,
} from '../../../../core/leads.ts';
import { ClearFiltersButton } from '../../../components/clear-filters-button.tsx';
import { DateRangeInputs } from '../../../components/date-range-inputs.tsx';
import { useAssessors } from '../../users/index.ts';

/** What the admin typed, before it becomes a LeadFilter (the search is debounced). */
export interface LeadFilterValues {
  search: string;
  status: LeadStatus[];
  assessor: string | null;
  batch: string;
  origin: LeadOrigin | null;
  uf: Uf | null;
  /** The area code of the lead's main number, as typed: only two digits some state uses filter. */
  ddd: string;
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
  origin: null,
  uf: null,
  ddd: '',
  createdFrom: '',
  createdTo: '',
  overdueCallbacks: false,
};

const statusOptions = leadStatuses.map((status) => ({
  value: status,
  label: leadStatusLabels[status],
}));
const originOptions = leadOrigins.map((origin) => ({
  value: origin,
  label: leadOriginLabels[origin],
}));

/** The typed area code when it filters, or undefined. */
export function validAreaCode(typed: string): string | undefined {
  const parsed = areaCodeSchema.safeParse(typed);
  return parsed.success ? parsed.data : undefined;
}

/** Why a typed area code does not filter: told once it has two digits or the field is left. */
function areaCodeError(typed: string, left: boolean): string | undefined {
  if (typed === '' || (typed.length < 2 && !left)) return undefined;
  return areaCodeSchema.safeParse(typed).error?.issues[0]?.message;
}

export interface LeadFiltersProps {
  values: LeadFilterValues;
  onChange: (values: LeadFilterValues) => void;
}

export function LeadFilters({ values, onChange }: LeadFiltersProps) {
  const assessors = useAssessors();
  const set = <Key extends keyof LeadFilterValues>(key: Key, value: LeadFilterValues[Key]) =>
    onChange({ ...values, [key]: value });
  const isEmpty = JSON.stringify(values) === JSON.stringify(emptyLeadFilterValues);
  const [dddLeft, setDddLeft] = useState(false);

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
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
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
        <Select
          label="Origem"
          placeholder="Todas"
          data={originOptions}
          value={values.origin}
          onChange={(origin) => set('origin', origin as LeadOrigin | null)}
          clearable
        />
        <Select
          label="UF"
          placeholder="Todas"
          data={[...ufs]}
          value={values.uf}
          onChange={(uf) => set('uf', uf as Uf | null)}
          searchable
          clearable
          nothingFoundMessage="Nenhuma UF"
        />
        <TextInput
          label="DDD"
          placeholder="Ex.: 11"
          description="Do telefone principal"
          inputMode="numeric"
          maxLength={2}
          value={values.ddd}
          error={areaCodeError(values.ddd, dddLeft)}
          onChange={(event) => {
            setDddLeft(false);
            set('ddd', event.currentTarget.value.replace(/\D/g, ''));
          }}
          onBlur={() => setDddLeft(true)}
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
