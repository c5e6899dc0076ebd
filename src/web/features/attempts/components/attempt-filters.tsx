import { Select, SimpleGrid } from '@mantine/core';
import {
  attemptOutcomeSchema,
  contactFilterLabels,
  contactFilterSchema,
  outcomeButtons,
} from '../../../../core/attempts.ts';
import { channelLabels, channelSchema } from '../../../../core/leads.ts';
import { ClearFiltersButton } from '../../../components/clear-filters-button.tsx';
import { DateRangeInputs } from '../../../components/date-range-inputs.tsx';
import { useAssessorOptions } from '../../users/index.ts';
import type { AttemptFilter } from '../api/attempt-query-string.ts';

// "Ocupado" and "Caixa postal" are kinds of "Não atendeu": one filter value for the three.
const outcomeOptions = outcomeButtons
  .filter((button) => button.noAnswerKind === undefined)
  .map((button) => ({ value: button.outcome, label: button.label }));
const contactOptions = contactFilterSchema.options.map((contact) => ({
  value: contact,
  label: contactFilterLabels[contact],
}));
const channelOptions = channelSchema.options.map((channel) => ({
  value: channel,
  label: channelLabels[channel],
}));

export interface AttemptFiltersProps {
  value: AttemptFilter;
  onChange: (value: AttemptFilter) => void;
  /** An assessor sees only their own calls: no assessor filter. */
  showAssessor: boolean;
}

export function AttemptFilters({ value, onChange, showAssessor }: AttemptFiltersProps) {
  const assessors = useAssessorOptions(showAssessor);
  const set = <Key extends keyof AttemptFilter>(key: Key, next: AttemptFilter[Key]) =>
    onChange({ ...value, [key]: next });

  return (
    <search>
      <SimpleGrid cols={{ base: 1, xs: 2, md: showAssessor ? 6 : 5 }} spacing="sm">
        {showAssessor ? (
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
        ) : null}
        <Select
          label="Resultado"
          placeholder="Todos"
          data={outcomeOptions}
          value={value.outcome ?? null}
          onChange={(outcome) =>
            set('outcome', outcome === null ? undefined : attemptOutcomeSchema.parse(outcome))
          }
          clearable
        />
        <Select
          label="Contato"
          placeholder="Todas as ligações"
          data={contactOptions}
          value={value.contact ?? null}
          onChange={(contact) =>
            set('contact', contact === null ? undefined : contactFilterSchema.parse(contact))
          }
          clearable
        />
        <Select
          label="Canal"
          placeholder="Todos"
          data={channelOptions}
          value={value.channel ?? null}
          onChange={(channel) =>
            set('channel', channel === null ? undefined : channelSchema.parse(channel))
          }
          clearable
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
