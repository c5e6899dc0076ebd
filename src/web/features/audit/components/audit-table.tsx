import { Box, Stack, Table, Text } from '@mantine/core';
import { type AuditEntry, auditActionLabels } from '../../../../core/audit.ts';
import { formatDateTime } from '../../../components/pt-br-format.ts';

const targetLabels: Record<string, string> = {
  user: 'Usuário',
  lead: 'Lead',
  import: 'Importação',
  distribution: 'Distribuição',
};

const detailLabels: Record<string, string> = {
  reason: 'Motivo',
  code: 'Código',
  method: 'Método',
  path: 'Endereço',
  origin: 'Site de origem',
  email: 'E-mail',
  name: 'Nome',
  role: 'Perfil',
  active: 'Ativo',
  dailyQuota: 'Quantidade diária',
  linkMailed: 'Link de senha por e-mail',
  changes: 'Alterações',
  fileName: 'Arquivo',
  fileSize: 'Tamanho (bytes)',
  format: 'Formato',
  source: 'Origem',
  inserted: 'Incluídos',
  requested: 'Pedidos',
  assigned: 'Distribuídos',
  shortfall: 'Faltaram',
  pool: 'Pool',
  kind: 'Tipo',
  assessors: 'Assessores',
  recycled: 'Reciclados',
  rules: 'Regras',
  minDaysSinceRefusal: 'Dias desde a recusa',
  maxRecyclesPerLead: 'Máximo de reciclagens',
  filter: 'Filtros',
  search: 'Busca',
  status: 'Status',
  assessor: 'Assessor',
  outcome: 'Resultado',
  channel: 'Canal',
  from: 'De',
  to: 'Até',
  confirmed: 'Cadastro confirmado',
  affected: 'Afetados',
  skipped: 'Ignorados',
  chosen: 'Escolhidos',
};

const reasonLabels: Record<string, string> = {
  invalid_credentials: 'e-mail ou senha incorretos',
  inactive: 'usuário desativado',
  throttled: 'muitas tentativas',
};

const refusals = new Set(['auth.sign_in_failed', 'access.denied']);

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/** A detail's value as a person reads it. */
function describeValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (key === 'reason' && typeof value === 'string') return reasonLabels[value] ?? value;
  if (Array.isArray(value)) return value.map((item) => describeValue(key, item)).join(', ');
  if (isChange(value)) return `${describeValue(key, value.from)} → ${describeValue(key, value.to)}`;
  if (typeof value === 'object') {
    const parts = Object.entries(value).map(
      ([inner, item]) => `${detailLabels[inner] ?? inner}: ${describeValue(inner, item)}`,
    );
    return parts.length > 0 ? parts.join('; ') : 'nenhum';
  }
  return String(value);
}

function targetOf(entry: AuditEntry): string {
  if (!entry.targetType) return '—';
  const label = targetLabels[entry.targetType] ?? entry.targetType;
  // A user's id is long and says little; the e-mail in the details says who.
  return entry.targetType === 'user' ? label : `${label} #${entry.targetId ?? ''}`;
}

export interface AuditTableProps {
  entries: AuditEntry[];
}

export function AuditTable({ entries }: AuditTableProps) {
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
                <Text size="sm">
                  {entry.actorName ?? (entry.actorId ? '—' : 'Não identificado')}
                </Text>
                {entry.actorEmail ? (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {/* Without a known actor, the e-mail is the one typed in a refused sign-in. */}
                    {entry.actorId ? entry.actorEmail : `e-mail usado: ${entry.actorEmail}`}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  fw={600}
                  c={refusals.has(entry.action) ? 'red.8' : undefined}
                  style={{ minWidth: 140 }}
                >
                  {auditActionLabels[entry.action]}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{targetOf(entry)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {Object.entries(entry.details).map(([key, value]) => (
                    <Text key={key} size="xs" style={{ overflowWrap: 'anywhere' }}>
                      <Text span size="xs" fw={600}>
                        {detailLabels[key] ?? key}:
                      </Text>{' '}
                      {describeValue(key, value)}
                    </Text>
                  ))}
                </Stack>
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
