import { Box, Stack, Table, Text, useComputedColorScheme } from '@mantine/core';
import { type AuditEntry, auditActionLabels } from '../../../../core/audit.ts';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';
import { describeValue, labelOf, targetOf } from './audit-details.ts';

const refusals = new Set(['auth.sign_in_failed', 'access.denied']);

export interface AuditTableProps {
  entries: AuditEntry[];
}

function Actor({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Text size="sm">{entry.actorName ?? (entry.actorId ? '—' : 'Não identificado')}</Text>
      {entry.actorEmail ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {/* Without a known actor, the e-mail is the one typed in a refused sign-in. */}
          {entry.actorId ? entry.actorEmail : `e-mail usado: ${entry.actorEmail}`}
        </Text>
      ) : null}
    </>
  );
}

function Action({ entry }: { entry: AuditEntry }) {
  // A red dark enough to read on white is too dark to read on the dark theme's grey.
  const dark = useComputedColorScheme('light') === 'dark';
  const refusalColor = dark ? 'red.4' : 'red.8';
  return (
    <Text size="sm" fw={600} c={refusals.has(entry.action) ? refusalColor : undefined}>
      {auditActionLabels[entry.action]}
    </Text>
  );
}

function Details({ entry }: { entry: AuditEntry }) {
  return (
    <Stack gap={0}>
      {Object.entries(entry.details).map(([key, value]) => (
        <Text key={key} size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" fw={600}>
            {labelOf(key)}:
          </Text>{' '}
          {describeValue(key, value)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The log, every column on a desktop; on a phone when, who and what in the first column, the
 * target, details and address in the second.
 */
export function AuditTable({ entries }: AuditTableProps) {
  const narrow = useNarrowScreen();
  if (narrow) {
    return (
      <Table aria-label="Registro de auditoria" verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="45%">Quem e o quê</Table.Th>
            <Table.Th>Detalhes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at)}
                </Text>
                <Action entry={entry} />
                <Actor entry={entry} />
              </Table.Td>
              <Table.Td>
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {targetOf(entry)}
                </Text>
                <Details entry={entry} />
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {entry.ip ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    // A phone is narrower than the table: it scrolls sideways inside this box, the page does not.
    <Box style={{ overflowX: 'auto' }}>
      <Table
        aria-label="Registro de auditoria"
        miw={1100}
        verticalSpacing="xs"
        highlightOnHover
        stickyHeader
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Usuário</Table.Th>
            <Table.Th>Ação</Table.Th>
            <Table.Th>Alvo</Table.Th>
            <Table.Th>Detalhes</Table.Th>
            <Table.Th>De onde</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
              <Table.Td>
                <Actor entry={entry} />
              </Table.Td>
              <Table.Td style={{ minWidth: 140 }}>
                <Action entry={entry} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{targetOf(entry)}</Table.Td>
              <Table.Td>
                <Details entry={entry} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {entry.ip ?? '—'}
                </Text>
                {entry.userAgent ? (
                  <Text size="xs" c="dimmed" lineClamp={2} title={entry.userAgent}>
                    {entry.userAgent}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
