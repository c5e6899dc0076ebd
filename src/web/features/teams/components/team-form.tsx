import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type TeamInputBody, teamInputSchema } from '../../../../core/teams.ts';

export interface TeamFormOption {
  value: string;
  label: string;
}

export interface TeamFormProps {
  initialValues: Required<TeamInputBody>;
  /** Every active assessor; one in another team is labelled with it, and leaves it on save. */
  assessorOptions: TeamFormOption[];
  supervisorOptions: TeamFormOption[];
  supervisorsLoading: boolean;
  submitLabel: string;
  loading: boolean;
  onSubmit: (values: TeamInputBody) => void;
  onCancel: () => void;
}

const validate = schemaResolver(teamInputSchema, { sync: true });

/** A team's name, its assessors and its supervisors. */
export function TeamForm({
  initialValues,
  assessorOptions,
  supervisorOptions,
  supervisorsLoading,
  submitLabel,
  loading,
  onSubmit,
  onCancel,
}: TeamFormProps) {
  const form = useForm<Required<TeamInputBody>>({ initialValues, validate });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values))} noValidate>
      <Stack gap="md">
        <TextInput label="Nome da equipe" autoComplete="off" {...form.getInputProps('name')} />
        <MultiSelect
          label="Assessores"
          description="Um assessor fica em uma equipe só: escolher um de outra equipe o tira de lá."
          placeholder={form.values.assessorIds.length === 0 ? 'Escolha os assessores' : undefined}
          data={assessorOptions}
          searchable
          clearable
          nothingFoundMessage="Nenhum assessor encontrado"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('assessorIds')}
        />
        <MultiSelect
          label="Supervisores"
          description="Quem acompanha a equipe no painel e nos relatórios."
          placeholder={
            form.values.supervisorIds.length === 0 ? 'Escolha os supervisores' : undefined
          }
          data={supervisorOptions}
          searchable
          clearable
          nothingFoundMessage={
            supervisorsLoading ? 'Carregando…' : 'Nenhum supervisor: crie um em Usuários'
          }
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('supervisorIds')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
