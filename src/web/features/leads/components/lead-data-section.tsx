import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatCpf } from '../../../../core/cpf.ts';
import type { LeadDetail } from '../../../../core/leads.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { LeadEditForm } from './lead-edit-form.tsx';
import { wrapBetweenWords } from './wrap-between-words.ts';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={wrapBetweenWords}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

/**
 * The lead's own data, read; *Editar* puts the form in its place, so each value is on screen
 * once. An erased lead has nothing left to edit.
 */
/** `editable`: the administrator's Editar (a supervisor only reads the data). */
export function LeadDataSection({
  lead,
  editable = true,
}: {
  lead: LeadDetail;
  editable?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-labelledby="dados-do-lead">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id="dados-do-lead">
          Dados
        </Title>
        {lead.erased || editing || !editable ? null : (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Editar
          </Button>
        )}
      </Group>
      {editing ? (
        <LeadEditForm key={lead.id} lead={lead} onDone={() => setEditing(false)} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label="Telefone">
              {lead.phone ? formatBrazilianPhone(lead.phone) : null}
              {lead.phoneRaw && lead.phone && lead.phoneRaw !== formatBrazilianPhone(lead.phone) ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (no arquivo: {lead.phoneRaw})
                </Text>
              ) : null}
            </Field>
            <Field label="E-mail">{lead.email}</Field>
            <Field label="CPF">{lead.cpf ? formatCpf(lead.cpf) : null}</Field>
            <Field label="Cidade / UF">{[lead.city, lead.uf].filter(Boolean).join(' / ')}</Field>
          </SimpleGrid>
          {lead.notes ? <Field label="Observações">{lead.notes}</Field> : null}
        </>
      )}
    </Stack>
  );
}
