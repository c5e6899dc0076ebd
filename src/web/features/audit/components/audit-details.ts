import { apiScopeLabels } from '../../../../core/api-tokens.ts';
import { contactFilterLabels } from '../../../../core/attempts.ts';
import type { AuditEntry } from '../../../../core/audit.ts';
import { retryKeyLabels } from '../../../../core/contact-rules.ts';
import { poolKindLabels } from '../../../../core/distribution.ts';
import { errorMessages } from '../../../../core/errors.ts';
import { legalBasisLabels } from '../../../../core/imports.ts';
import { leadStatusLabels } from '../../../../core/lead-status.ts';
import { channelLabels } from '../../../../core/leads.ts';
import { roleLabels } from '../../../../core/roles.ts';
import {
  targetMetricLabels,
  targetMetricSchema,
  targetPeriodLabels,
  targetPeriodSchema,
} from '../../../../core/targets.ts';
import {
  webhookEventLabels,
  webhookPingEvent,
  webhookPingLabel,
} from '../../../../core/webhooks.ts';
import { formatDateTime } from '../../../components/pt-br-format.ts';

const targetLabels: Record<string, string> = {
  user: 'Usuário',
  lead: 'Lead',
  import: 'Importação',
  distribution: 'Distribuição',
  block_list: 'Lista de bloqueio',
  webhook: 'Webhook',
  message_template: 'Modelo de mensagem',
  api_token: 'Token de API',
  team: 'Equipe',
  pause_reason: 'Motivo de pausa',
};

/** A target's change, as the teams service names it: `day.accepted` is "Meta do dia (Aceites)". */
const targetChangeLabels = Object.fromEntries(
  targetPeriodSchema.options.flatMap((period) =>
    targetMetricSchema.options.map((metric) => [
      `${period}.${metric}`,
      `${targetPeriodLabels[period]} (${targetMetricLabels[metric]})`,
    ]),
  ),
);

/** Every field the server writes in an audit row's details, as the page names it. */
const detailLabels: Record<string, string> = {
  reason: 'Motivo',
  code: 'Código',
  repeated: 'Repetições',
  since: 'Desde',
  method: 'Método',
  path: 'Endereço',
  origin: 'Site de origem',
  email: 'E-mail',
  name: 'Nome',
  role: 'Perfil',
  active: 'Ativo',
  dailyQuota: 'Quantidade diária',
  limitMinutes: 'Limite (minutos)',
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
  pool: 'Leads de',
  kind: 'Tipo',
  assessors: 'Assessores',
  recycled: 'Reciclados',
  rules: 'Regras',
  minDaysSinceRefusal: 'Dias desde a recusa',
  maxRecyclesPerLead: 'Máximo de reciclagens',
  filter: 'Filtros',
  search: 'Busca',
  q: 'Busca',
  status: 'Status',
  assessor: 'Assessor',
  batch: 'Importação',
  createdFrom: 'Criados de',
  createdTo: 'Criados até',
  outcome: 'Resultado',
  contact: 'Contato',
  channel: 'Canal',
  from: 'De',
  to: 'Até',
  confirmed: 'Cadastro confirmado',
  affected: 'Afetados',
  skipped: 'Ignorados',
  chosen: 'Escolhidos',
  erased: 'Apagados',
  retentionMonths: 'Meses de retenção',
  leadsTakenOut: 'Leads retirados das listas',
  rulesByUf: 'UFs com regra própria',
  holidays: 'Feriados acrescentados',
  legalBasis: 'Base legal (LGPD)',
  perDay: 'Ligações por dia',
  perWeek: 'Ligações em 7 dias',
  overdueAfterMinutes: 'Retorno atrasado após (minutos)',
  overdueReturnToPool: 'Retornos atrasados voltam ao pool',
  maxTries: 'Máximo de tentativas',
  preferCallableToday: 'Primeiro os que podem ser ligados hoje',
  listDate: 'Data da lista',
  phones: 'Números na lista',
  added: 'Números novos',
  removed: 'Números retirados',
  ignoredRows: 'Linhas sem telefone',
  leadsBlocked: 'Leads bloqueados',
  mergedLeadId: 'Lead mesclado a este',
  numbersAdded: 'Números acrescentados',
  callsMoved: 'Ligações trazidas',
  closedAsDoNotCall: 'Lead mesclado fechado como "Não ligar"',
  phone: 'Telefone',
  cpf: 'CPF',
  city: 'Cidade',
  uf: 'UF',
  notes: 'Observações',
  phoneAdded: 'Número acrescentado',
  url: 'URL de destino',
  events: 'Eventos',
  event: 'Evento',
  delivery: 'Entrega',
  allowPrivateTargets: 'Permitir destinos na rede interna',
  messageText: 'Texto da mensagem',
  companyName: 'Nome da empresa',
  scopes: 'Permissões',
  expiresAt: 'Validade',
  answer: 'Resposta HTTP',
  sent: 'Enviados',
  existing: 'Já incluídos antes',
  duplicates: 'Duplicados',
  blocked: 'Bloqueados',
  rejected: 'Recusados',
  team: 'Equipe',
  supervisors: 'Supervisores',
  joined: 'Entraram',
  left: 'Saíram',
  moved: 'Vieram de outra equipe',
  leftTeam: 'Saiu da equipe',
  ...targetChangeLabels,
  ...retryKeyLabels,
};

const reasonLabels: Record<string, string> = {
  invalid_credentials: 'e-mail ou senha incorretos',
  inactive: 'usuário desativado',
  throttled: 'muitas tentativas',
};

const formatLabels: Record<string, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)' };

/** The words of each field whose values are codes. */
const valueLabels: Record<string, Record<string, string>> = {
  reason: reasonLabels,
  role: roleLabels,
  status: leadStatusLabels,
  outcome: leadStatusLabels,
  contact: contactFilterLabels,
  kind: poolKindLabels,
  channel: channelLabels,
  format: formatLabels,
  code: errorMessages,
  legalBasis: legalBasisLabels,
  events: webhookEventLabels,
  event: { ...webhookEventLabels, [webhookPingEvent]: webhookPingLabel },
  scopes: apiScopeLabels,
};

const instants = new Set(['since', 'createdFrom', 'createdTo', 'expiresAt']);

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/** A detail's value as a person reads it: words for codes, dates as dates. */
export function describeValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    if (instants.has(key) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return valueLabels[key]?.[value] ?? value;
  }
  if (Array.isArray(value)) return value.map((item) => describeValue(key, item)).join(', ');
  if (isChange(value)) return `${describeValue(key, value.from)} → ${describeValue(key, value.to)}`;
  if (typeof value === 'object') {
    const parts = Object.entries(value).map(
      ([inner, item]) => `${labelOf(inner)}: ${describeValue(inner, item)}`,
    );
    return parts.length > 0 ? parts.join('; ') : 'nenhum';
  }
  return String(value);
}

export const labelOf = (key: string) => detailLabels[key] ?? key;

export function targetOf(entry: AuditEntry): string {
  if (!entry.targetType) return '—';
  const label = targetLabels[entry.targetType] ?? entry.targetType;
  // A user's id is long and says little; the e-mail in the details says who.
  return entry.targetType === 'user' ? label : `${label} #${entry.targetId ?? ''}`;
}
