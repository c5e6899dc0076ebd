import { Box, Checkbox, Table, Text } from '@mantine/core';
import type { FollowUpLead } from '../../../../core/attempts.ts';
import { formatCpf } from '../../../../core/cpf.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';

export interface FollowUpTableProps {
  leads: FollowUpLead[];
  /** The lead whose mark is being saved. */
  savingId: number | null;
  onConfirmedChange: (leadId: number, confirmed: boolean) => void;
}

function ConfirmedCheckbox({
  lead,
  savingId,
  onConfirmedChange,
}: { lead: FollowUpLead } & Omit<FollowUpTableProps, 'leads'>) {
  return (
    <Checkbox
      aria-label={`Cadastro confirmado: ${lead.name ?? '—'}`}
      checked={lead.registrationConfirmedAt !== null}
      disabled={savingId === lead.id}
      onChange={(event) => onConfirmedChange(lead.id, event.currentTarget.checked)}
      title={
        lead.registrationConfirmedAt
          ? `Confirmado em ${formatDateTime(lead.registrationConfirmedAt)}`
          : undefined
      }
    />
  );
}

const phoneOf = (lead: FollowUpLead) => (lead.phone ? formatBrazilianPhone(lead.phone) : '—');

/**
 * The leads that accepted, every column on a desktop; on a phone the lead (name, phone,
 * assessor, when) and the confirmation first, the rest under the name.
 */
export function FollowUpTable({ leads, savingId, onConfirmedChange }: FollowUpTableProps) {
  const narrow = useNarrowScreen();
  if (narrow) {
    return (
      <Table aria-label="Leads que aceitaram" verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lead</Table.Th>
            <Table.Th w={110}>Cadastro confirmado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => {
            const details = [
              lead.email,
              lead.cpf ? formatCpf(lead.cpf) : null,
              [lead.city, lead.uf].filter(Boolean).join('/'),
            ].filter(Boolean);
            return (
              <Table.Tr key={lead.id}>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {lead.name ?? '—'}
                  </Text>
                  <Text size="sm">{phoneOf(lead)}</Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {lead.assessorName ?? '—'} · {formatDateTime(lead.acceptedAt)}
                  </Text>
                  {details.length > 0 ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {details.join(' · ')}
                    </Text>
                  ) : null}
                  {lead.lastNote ? (
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {lead.lastNote}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <ConfirmedCheckbox
                    lead={lead}
                    savingId={savingId}
                    onConfirmedChange={onConfirmedChange}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    // A phone is narrower than the table: it scrolls sideways inside this box, the page does not.
    <Box style={{ overflowX: 'auto' }}>
      <Table
        aria-label="Leads que aceitaram"
        miw={1200}
        verticalSpacing="xs"
        highlightOnHover
        stickyHeader
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lead</Table.Th>
            <Table.Th>Telefone</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>CPF</Table.Th>
            <Table.Th>Cidade/UF</Table.Th>
            <Table.Th>Assessor</Table.Th>
            <Table.Th>Aceitou em</Table.Th>
            <Table.Th>Observação</Table.Th>
            <Table.Th>Cadastro confirmado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => {
            const name = lead.name ?? '—';
            const place = [lead.city, lead.uf].filter(Boolean).join('/');
            return (
              <Table.Tr key={lead.id}>
                <Table.Td>{name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{phoneOf(lead)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{lead.email ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {lead.cpf ? formatCpf(lead.cpf) : '—'}
                </Table.Td>
                <Table.Td>{place || '—'}</Table.Td>
                <Table.Td>{lead.assessorName ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(lead.acceptedAt)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {lead.lastNote ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ConfirmedCheckbox
                    lead={lead}
                    savingId={savingId}
                    onConfirmedChange={onConfirmedChange}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
