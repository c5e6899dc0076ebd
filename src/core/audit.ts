import { z } from 'zod';

/**
 * What the audit log records, as `area.event` codes: they are stored as text, so a new one
 * needs no migration, only a line here (and its label).
 */
export const auditActions = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'access.denied',
  'user.created',
  'user.updated',
  'user.deactivated',
  'user.reactivated',
  'user.password_link_sent',
  'user.sign_in_unlocked',
  'import.started',
  'import.undone',
  'distribution.created',
  'recycle.run',
  'export.leads',
  'export.attempts',
  'export.follow_up',
  'export.performance',
  'export.personal_data',
  'lead.erased',
  'lead.merged',
  'lead.updated',
  'do_not_call.added',
  'do_not_call.removed',
  'block_list.loaded',
  'block_list.removed',
  'calling_calendar.changed',
  'contact_rules.changed',
  'message_template.created',
  'message_template.updated',
  'message_template.archived',
  'message_template.restored',
  'company_name.changed',
  'database.restarted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.replayed',
  'webhook.tested',
  'webhook.settings_changed',
  'api_token.created',
  'api_token.revoked',
  'api_token.used',
  'lead.injected',
  'team.created',
  'team.updated',
  'team.deleted',
  'targets.changed',
  'pause_reason.created',
  'pause_reason.updated',
  'agent_state.pause_ended',
  'agent_state.signed_out',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  'auth.sign_in': 'Entrou no CCA',
  'auth.sign_in_failed': 'Tentativa de entrada recusada',
  'auth.sign_out': 'Saiu do CCA',
  'access.denied': 'Acesso negado',
  'user.created': 'Usuário criado',
  'user.updated': 'Usuário alterado',
  'user.deactivated': 'Usuário desativado',
  'user.reactivated': 'Usuário reativado',
  'user.password_link_sent': 'Link de senha enviado',
  'user.sign_in_unlocked': 'Entrada desbloqueada',
  'import.started': 'Importação iniciada',
  'import.undone': 'Importação desfeita',
  'distribution.created': 'Distribuição de leads',
  'recycle.run': 'Reciclagem de leads',
  'export.leads': 'Exportação de leads',
  'export.attempts': 'Exportação de ligações',
  'export.follow_up': 'Exportação de leads que aceitaram',
  'export.performance': 'Exportação do relatório de desempenho',
  'export.personal_data': 'Dados pessoais de um lead exportados (LGPD)',
  'lead.erased': 'Dados de leads apagados (LGPD)',
  'lead.merged': 'Leads mesclados',
  'lead.updated': 'Lead alterado',
  'do_not_call.added': 'Telefone bloqueado',
  'database.restarted': 'Banco de dados reiniciado após parar',
  'webhook.created': 'Webhook cadastrado',
  'webhook.updated': 'Webhook alterado',
  'webhook.deleted': 'Webhook excluído',
  'webhook.replayed': 'Entrega de webhook reenviada',
  'webhook.tested': 'Teste de webhook enviado',
  'webhook.settings_changed': 'Configuração de webhooks alterada',
  'api_token.created': 'Token de API criado',
  'api_token.revoked': 'Token de API revogado',
  'api_token.used': 'Uso de token de API',
  'lead.injected': 'Leads incluídos por API',
  'do_not_call.removed': 'Telefone desbloqueado',
  'block_list.loaded': 'Lista de bloqueio externa carregada',
  'block_list.removed': 'Lista de bloqueio externa excluída',
  'calling_calendar.changed': 'Horários de ligação alterados',
  'contact_rules.changed': 'Regras de nova tentativa alteradas',
  'message_template.created': 'Modelo de WhatsApp criado',
  'message_template.updated': 'Modelo de WhatsApp alterado',
  'message_template.archived': 'Modelo de WhatsApp arquivado',
  'message_template.restored': 'Modelo de WhatsApp reativado',
  'company_name.changed': 'Nome da empresa alterado',
  'team.created': 'Equipe criada',
  'team.updated': 'Equipe alterada',
  'team.deleted': 'Equipe excluída',
  'targets.changed': 'Metas alteradas',
  'pause_reason.created': 'Motivo de pausa criado',
  'pause_reason.updated': 'Motivo de pausa alterado',
  'agent_state.pause_ended': 'Pausa encerrada pelo supervisor',
  'agent_state.signed_out': 'Assessor desconectado pelo supervisor',
};

export const auditActionSchema = z.enum(auditActions, { error: 'Ação de auditoria desconhecida.' });

const isoDate = z.iso.date({ error: 'Data inválida (use AAAA-MM-DD).' });

const auditFilterFields = z.object({
  action: auditActionSchema.optional(),
  actor: z.string().min(1).max(64, { error: 'Usuário inválido.' }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

const periodInOrder = (filter: { from?: string | undefined; to?: string | undefined }) =>
  !filter.from || !filter.to || filter.from <= filter.to;
const periodOutOfOrder = {
  error: 'A data inicial deve ser anterior ou igual à data final.',
  path: ['from'],
};

/** The filters of `GET /api/audit`; the days are the call centre's (TIME_ZONE). */
export const auditFilterSchema = auditFilterFields.refine(periodInOrder, periodOutOfOrder);
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditPageSize = 100;

export const auditListQuerySchema = auditFilterFields
  .extend({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(auditPageSize),
  })
  .refine(periodInOrder, periodOutOfOrder);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actorId: z.string().nullable(),
  /** The actor's e-mail when it happened, or the e-mail tried in a refused sign-in. */
  actorEmail: z.string().nullable(),
  /** The actor's name today, when the user still exists. */
  actorName: z.string().nullable(),
  action: auditActionSchema,
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
