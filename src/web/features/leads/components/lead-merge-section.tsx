import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { MergeCandidate } from '../../../../core/lead-merge.ts';
import { phoneStateLabels } from '../../../../core/lead-phones.ts';
import { leadStatusLabels } from '../../../../core/lead-status.ts';
import type { LeadDetail } from '../../../../core/leads.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { formatDate, formatInteger } from '../../../components/pt-br-format.ts';
import { useMergeCandidates } from '../api/get-merge-candidates.ts';
import { useMergePreview } from '../api/get-merge-preview.ts';
import { useMergeLeads } from '../api/merge-leads.ts';
import { wrapBetweenWords } from './wrap-between-words.ts';

/**
 * The other leads of this lead's CPF, each with "Mesclar" and a preview of the merged lead
 * before anything changes. Nothing is shown for a lead alone with its CPF.
 */
export function LeadMergeSection({ lead }: { lead: LeadDetail }) {
  const candidates = useMergeCandidates(lead.id, lead.cpf !== null && !lead.erased);
  const [chosen, setChosen] = useState<MergeCandidate | null>(null);
  const list = candidates.data?.candidates ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" component="section">
      <Text fw={700} size="sm">
        A mesma pessoa em outros leads (mesmo CPF ou telefone)
      </Text>
      <Text size="sm" c="dimmed">
        Mesclar traz para este lead os números, os dados que faltam, as ligações e o histórico do
        outro, que deixa de existir.
      </Text>
      {list.map((candidate) => (
        <Group key={candidate.id} justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            #{candidate.id} · {candidate.name} · {formatBrazilianPhone(candidate.phone)} ·{' '}
            {leadStatusLabels[candidate.status]} · desde {formatDate(candidate.createdAt)}
          </Text>
          <Button size="xs" variant="light" onClick={() => setChosen(candidate)}>
            Mesclar #{candidate.id} neste lead
          </Button>
        </Group>
      ))}
      {chosen ? (
        <MergeDialog leadId={lead.id} other={chosen} onClose={() => setChosen(null)} />
      ) : null}
    </Stack>
  );
}

function MergeDialog({
  leadId,
  other,
  onClose,
}: {
  leadId: number;
  other: MergeCandidate;
  onClose: () => void;
}) {
  const preview = useMergePreview(leadId, other.id);
  const merge = useMergeLeads();
  const result = preview.data;
  return (
    <Modal opened onClose={onClose} title={`Mesclar o lead #${other.id} neste lead`} size="lg">
      {preview.isPending ? <Loader size="sm" aria-label="Carregando a prévia" /> : null}
      {preview.error ? <Alert color="red">{preview.error.message}</Alert> : null}
      {result ? (
        <Stack gap="sm">
          <Table verticalSpacing={4} aria-label="Lead depois de mesclar">
            <Table.Tbody>
              {(
                [
                  ['Nome', result.lead.name],
                  ['E-mail', result.lead.email],
                  ['Cidade / UF', [result.lead.city, result.lead.uf].filter(Boolean).join(' / ')],
                  ['Observações', result.lead.notes],
                  ['Ligações', formatInteger(result.attempts)],
                  ['Ligações trazidas', formatInteger(result.callsMoved)],
                ] as const
              ).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w="35%">{label}</Table.Th>
                  <Table.Td style={wrapBetweenWords}>{value || '—'}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th>Números</Table.Th>
                <Table.Td>
                  {result.phones.map((phone) => (
                    <Text key={phone.phone} size="sm">
                      {phone.label}: {formatBrazilianPhone(phone.phone)} ·{' '}
                      {phoneStateLabels[phone.state]}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {result.notices.map((notice) => (
            <Alert key={notice} color="yellow">
              {notice}
            </Alert>
          ))}
          {merge.error ? <Alert color="red">{merge.error.message}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              loading={merge.isPending}
              onClick={() => merge.mutate({ id: leadId, other: other.id }, { onSuccess: onClose })}
            >
              Mesclar
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
