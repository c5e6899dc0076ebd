import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { retryKeyLabels } from '../../../../core/contact-rules.ts';
import { legalBasisLabels } from '../../../../core/imports.ts';
import { leadStatusLabels } from '../../../../core/lead-status.ts';
import { channelLabels, type LeadDetail, personalDataFileName } from '../../../../core/leads.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { personalDataUrl } from '../api/export-personal-data.ts';
import { useLead } from '../api/get-lead.ts';
import { Field, LeadDataSection } from './lead-data-section.tsx';
import { LeadMergeSection } from './lead-merge-section.tsx';
import { LeadPhonesEditor } from './lead-phones-editor.tsx';
import { LeadQuickActions } from './lead-quick-actions.tsx';
import { LeadStatusBadge } from './lead-status-badge.tsx';
import { erasedLeadLabel } from './leads-table.tsx';
import { wrapBetweenWords } from './wrap-between-words.ts';

export interface LeadDetailDrawerProps {
  leadId: number | null;
  onClose: () => void;
}

export function LeadDetailDrawer({ leadId, onClose }: LeadDetailDrawerProps) {
  const lead = useLead(leadId);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const title = lead.data ? (lead.data.erased ? erasedLeadLabel : (lead.data.name ?? '—')) : 'Lead';

  return (
    <Drawer
      opened={leadId !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      title={title}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {lead.isPending ? (
        <Stack gap="sm" aria-label="Carregando o lead">
          <Skeleton h={24} />
          <Skeleton h={120} />
          <Skeleton h={120} />
        </Stack>
      ) : lead.isError ? (
        <QueryErrorAlert
          title="Não foi possível carregar o lead"
          error={lead.error}
          onRetry={() => lead.refetch()}
        />
      ) : (
        <LeadDetailContent lead={lead.data} />
      )}
    </Drawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function LeadDetailContent({ lead }: { lead: LeadDetail }) {
  const extra = Object.entries(lead.extra);
  // A supervisor reads the lead and hands it on; its data, numbers, merges and the LGPD file
  // are an administrator's (the server refuses them too).
  const isAdmin = useCurrentUser().data?.role === 'admin';
  return (
    <Stack gap="lg">
      <Group gap="xs" justify="space-between">
        <Group gap="xs" role="group" aria-label="Status do lead">
          <LeadStatusBadge status={lead.status} />
          {lead.registrationConfirmedAt ? (
            <Badge variant="outline" color="green">
              Cadastro confirmado
            </Badge>
          ) : null}
        </Group>
        {isAdmin ? (
          <Button
            component="a"
            href={personalDataUrl(lead.id)}
            download={personalDataFileName(lead.id)}
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Exportar dados pessoais (LGPD)
          </Button>
        ) : null}
      </Group>
      {lead.erased ? (
        <Alert color="gray" variant="light" title={erasedLeadLabel}>
          Os dados pessoais deste lead foram apagados a pedido (LGPD). As contagens e o histórico
          continuam.
        </Alert>
      ) : (
        <LeadQuickActions lead={lead} />
      )}

      <LeadDataSection lead={lead} editable={isAdmin} />

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="Assessor">{lead.ownerName}</Field>
        <Field label="Lote / origem">
          {[
            lead.batchId === null ? null : `Lote ${lead.batchId}`,
            lead.source,
            lead.externalId === null ? null : `ID externo ${lead.externalId}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Field>
        <Field label="Base legal (LGPD)">
          {lead.legalBasis
            ? legalBasisLabels[lead.legalBasis]
            : lead.batchId === null
              ? null
              : 'Não registrada (importação anterior)'}
        </Field>
        <Field label="Ligações">{formatInteger(lead.attempts)}</Field>
        <Field label="Reciclagens">{formatInteger(lead.recycles)}</Field>
        <Field label="Distribuído em">
          {lead.assignedAt ? formatDateTime(lead.assignedAt) : null}
        </Field>
        <Field label="Retornar em">
          {lead.callbackAt ? formatDateTime(lead.callbackAt) : null}
        </Field>
        <Field label="Criado em">{formatDateTime(lead.createdAt)}</Field>
        <Field label="Atualizado em">{formatDateTime(lead.updatedAt)}</Field>
      </SimpleGrid>

      {extra.length > 0 ? (
        <Section title="Colunas extras do arquivo">
          <Table withTableBorder verticalSpacing={4} aria-label="Colunas extras">
            <Table.Tbody>
              {extra.map(([column, value]) => (
                <Table.Tr key={column}>
                  <Table.Th w="40%" style={wrapBetweenWords}>
                    {column}
                  </Table.Th>
                  <Table.Td style={wrapBetweenWords}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      ) : null}

      {isAdmin ? <LeadMergeSection lead={lead} /> : null}

      {lead.erased || !isAdmin ? null : (
        <Section title="Números">
          <LeadPhonesEditor lead={lead} />
        </Section>
      )}

      <Section title="Histórico">
        {lead.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma mudança registrada.
          </Text>
        ) : (
          <Timeline active={lead.history.length - 1} bulletSize={14} lineWidth={2}>
            {lead.history.map((entry) => (
              <Timeline.Item
                key={entry.id}
                title={
                  entry.fromStatus
                    ? `${leadStatusLabels[entry.fromStatus]} → ${leadStatusLabels[entry.toStatus]}`
                    : leadStatusLabels[entry.toStatus]
                }
              >
                {entry.fromOwnerName !== entry.toOwnerName ? (
                  <Text size="sm">
                    Assessor: {entry.fromOwnerName ?? 'ninguém'} → {entry.toOwnerName ?? 'ninguém'}
                  </Text>
                ) : null}
                {entry.reason ? <Text size="sm">{entry.reason}</Text> : null}
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.changedAt)} · {entry.changedByName ?? 'Sistema'}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Section>

      <Section title="Ligações">
        {lead.calls.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma ligação registrada.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={680} type="native">
            <Table striped verticalSpacing="xs" aria-label="Ligações">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Quando</Table.Th>
                  <Table.Th>Assessor</Table.Th>
                  <Table.Th>Telefone discado</Table.Th>
                  <Table.Th>Canal</Table.Th>
                  <Table.Th>Resultado</Table.Th>
                  <Table.Th>Observação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lead.calls.map((call) => (
                  <Table.Tr key={call.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(call.createdAt)}
                    </Table.Td>
                    <Table.Td>{call.assessorName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {call.leadPhone ? formatBrazilianPhone(call.leadPhone) : '—'}
                    </Table.Td>
                    <Table.Td>{channelLabels[call.channel]}</Table.Td>
                    <Table.Td>
                      <LeadStatusBadge status={call.outcome} />
                      {call.noAnswerKind ? (
                        <Text size="xs">{retryKeyLabels[call.noAnswerKind]}</Text>
                      ) : null}
                      {call.outsideWindowReason ? (
                        <Text size="xs">Fora do horário: {call.outsideWindowReason}</Text>
                      ) : null}
                      {call.callbackAt ? (
                        <Text size="xs" c="dimmed">
                          retornar em {formatDateTime(call.callbackAt)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={wrapBetweenWords}>{call.note ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  );
}
