import { Box, Table, Text } from '@mantine/core';
import type { AttemptRecord } from '../../../../core/attempts.ts';
import { retryKeyLabels } from '../../../../core/contact-rules.ts';
import { channelLabels } from '../../../../core/leads.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';

export interface AttemptsTableProps {
  attempts: AttemptRecord[];
}

function Outcome({ attempt, narrow = false }: { attempt: AttemptRecord; narrow?: boolean }) {
  return (
    <>
      <StatusBadge status={attempt.outcome} short={narrow} />
      {attempt.noAnswerKind ? (
        <Text size="xs" mt={2}>
          {retryKeyLabels[attempt.noAnswerKind]}
        </Text>
      ) : null}
      {attempt.callbackAt ? (
        <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
          Retorno: {formatDateTime(attempt.callbackAt)}
        </Text>
      ) : null}
      {attempt.outsideWindowReason ? (
        <Text size="xs" mt={2} style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" fw={700}>
            Fora do horário:
          </Text>{' '}
          {attempt.outsideWindowReason}
        </Text>
      ) : null}
    </>
  );
}

/** The WhatsApp message template the call sent, when it sent one. */
function MessageTemplateLine({ attempt }: { attempt: AttemptRecord }) {
  if (!attempt.messageTemplateName) return null;
  return (
    <Text size="xs" mt={2} style={{ overflowWrap: 'anywhere' }}>
      <Text span size="xs" fw={700}>
        Modelo de mensagem:
      </Text>{' '}
      {attempt.messageTemplateName}
    </Text>
  );
}

const phoneOf = (attempt: AttemptRecord) =>
  attempt.leadPhone ? formatBrazilianPhone(attempt.leadPhone) : '—';

/**
 * The calls, every column on a desktop; on a phone (an assessor's own calls, mostly) the lead
 * and the outcome first, stacked in two columns that fit the screen.
 */
export function AttemptsTable({ attempts }: AttemptsTableProps) {
  const narrow = useNarrowScreen();
  if (narrow) {
    return (
      <Table aria-label="Ligações" verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lead</Table.Th>
            <Table.Th w="45%">Resultado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((attempt) => (
            <Table.Tr key={attempt.id}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {attempt.leadName ?? '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {phoneOf(attempt)} · {formatDateTime(attempt.createdAt)}
                </Text>
                {attempt.note ? (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {attempt.note}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Outcome attempt={attempt} narrow />
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {attempt.assessorName} · {channelLabels[attempt.channel]}
                </Text>
                <MessageTemplateLine attempt={attempt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table aria-label="Ligações" miw={980} verticalSpacing="xs" highlightOnHover stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Assessor</Table.Th>
            <Table.Th>Lead</Table.Th>
            <Table.Th>Telefone</Table.Th>
            <Table.Th>Canal</Table.Th>
            <Table.Th>Resultado</Table.Th>
            <Table.Th>Observação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((attempt) => (
            <Table.Tr key={attempt.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(attempt.createdAt)}
              </Table.Td>
              <Table.Td>{attempt.assessorName}</Table.Td>
              <Table.Td>{attempt.leadName ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{phoneOf(attempt)}</Table.Td>
              <Table.Td>
                {channelLabels[attempt.channel]}
                <MessageTemplateLine attempt={attempt} />
              </Table.Td>
              <Table.Td>
                <Outcome attempt={attempt} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {attempt.note ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
