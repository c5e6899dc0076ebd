import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { formatCpf } from '../../../../core/cpf.ts';
import {
  type LeadDetail,
  type UpdateLeadBody,
  updateLeadBodySchema,
} from '../../../../core/leads.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useUpdateLead } from '../api/update-lead.ts';

interface LeadEditValues {
  name: string;
  phone: string;
  email: string;
  cpf: string;
  city: string;
  uf: string;
  notes: string;
}

type EditableField = keyof LeadEditValues;
const editableFields: EditableField[] = ['name', 'phone', 'email', 'cpf', 'city', 'uf', 'notes'];

function initialValues(lead: LeadDetail): LeadEditValues {
  return {
    name: lead.name ?? '',
    phone: lead.phone ? formatBrazilianPhone(lead.phone) : '',
    email: lead.email ?? '',
    cpf: lead.cpf ? formatCpf(lead.cpf) : '',
    city: lead.city ?? '',
    uf: lead.uf ?? '',
    notes: lead.notes ?? '',
  };
}

/** Only what the admin changed goes to the server; an emptied optional field becomes null. */
function changesFrom(values: LeadEditValues, initial: LeadEditValues): UpdateLeadBody {
  const changes: Record<string, string | null> = {};
  for (const field of editableFields) {
    if (values[field].trim() === initial[field].trim()) continue;
    const value = values[field];
    changes[field] = field === 'uf' && value.trim() === '' ? null : value;
  }
  return changes;
}

export interface LeadEditFormProps {
  lead: LeadDetail;
  /** Saved or cancelled: the lead's page shows the data read again. */
  onDone: () => void;
}

/** Name and phone are what a lead cannot be without; only they carry the asterisk. */
export function LeadEditForm({ lead, onDone }: LeadEditFormProps) {
  const initial = initialValues(lead);
  const updateLead = useUpdateLead();
  const form = useForm<LeadEditValues>({ initialValues: initial });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = updateLeadBodySchema.safeParse(changesFrom(values, initial));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string') form.setFieldError(field, issue.message);
        else form.setErrors({ root: issue.message });
      }
      return;
    }
    updateLead.mutate(
      { id: lead.id, changes: parsed.data },
      {
        onSuccess: (updated) => {
          form.setInitialValues(initialValues(updated));
          form.setValues(initialValues(updated));
          notifications.show({ color: 'green', message: 'Lead atualizado.' });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409 && 'phone' in parsed.data) {
            form.setFieldError('phone', error.message);
          }
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Corrigir lead">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nome" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
          <TextInput
            label="Telefone"
            withAsterisk
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput
            label="CPF"
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('cpf')}
          />
          <TextInput label="Cidade" autoComplete="off" {...form.getInputProps('city')} />
          <TextInput label="UF" maxLength={2} autoComplete="off" {...form.getInputProps('uf')} />
        </SimpleGrid>
        <Textarea
          label="Observações"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('notes')}
        />
        {form.errors.root ? (
          <Alert color="yellow" variant="light">
            {form.errors.root}
          </Alert>
        ) : null}
        {updateLead.isError ? (
          <Alert color="red" variant="light" role="alert" title="Não foi possível salvar">
            {updateLead.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              form.reset();
              updateLead.reset();
              onDone();
            }}
          >
            Cancelar
          </Button>
          <Button type="submit" loading={updateLead.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
