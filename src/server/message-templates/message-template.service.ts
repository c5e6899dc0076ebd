import type { z } from 'zod';
import type {
  CompanyNameBody,
  MessageTemplate,
  MessageTemplateList,
  updateMessageTemplateBodySchema,
} from '../../core/message-templates.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import type {
  MessageTemplateChange,
  MessageTemplateRepository,
  MessageTemplateRow,
} from './message-template.repository.ts';

function toMessageTemplate(row: MessageTemplateRow): MessageTemplate {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const templateTarget = (id: number) => ({ type: 'message_template', id });

/** What an update really changes, each field as it was and as it becomes. */
function changedFields(row: MessageTemplateRow, change: MessageTemplateChange) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (change.name !== undefined && change.name !== row.name) {
    changes.name = { from: row.name, to: change.name };
  }
  // The text is kept whole: the log then says what assessors were given to send, and when.
  if (change.body !== undefined && change.body !== row.body) {
    changes.messageText = { from: row.body, to: change.body };
  }
  if (change.active !== undefined && change.active !== row.active) {
    changes.active = { from: row.active, to: change.active };
  }
  return changes;
}

export function createMessageTemplateService({
  templates,
  unitOfWork,
}: {
  templates: MessageTemplateRepository;
  unitOfWork: RunUnitOfWork;
}) {
  return {
    async list(withArchived: boolean): Promise<MessageTemplateList> {
      const [rows, companyName] = await Promise.all([
        templates.list(withArchived),
        templates.companyName(),
      ]);
      return { templates: rows.map(toMessageTemplate), companyName };
    },

    create(body: { name: string; body: string }, audit: AuditTrail): Promise<MessageTemplate> {
      return unitOfWork(audit, async (unit) => {
        const row = await templates.within(unit.trx).create(body.name, body.body);
        await unit.audit({
          action: 'message_template.created',
          target: templateTarget(row.id),
          details: { name: row.name, messageText: row.body },
        });
        return toMessageTemplate(row);
      });
    },

    update(
      id: number,
      change: z.output<typeof updateMessageTemplateBodySchema>,
      audit: AuditTrail,
    ): Promise<MessageTemplate> {
      return unitOfWork(audit, async (unit) => {
        const repository = templates.within(unit.trx);
        const row = await repository.lockedById(id);
        if (!row) throw new AppError('NOT_FOUND', 'Modelo de mensagem não encontrado.');
        const changes = changedFields(row, change);
        const fields = Object.keys(changes);
        if (fields.length === 0) return toMessageTemplate(row);
        const updated = await repository.update(id, change);
        // Archiving or bringing one back is an event of its own; anything else is an edit.
        const onlyActive = fields.length === 1 && fields[0] === 'active';
        await unit.audit({
          action: onlyActive
            ? updated.active
              ? 'message_template.restored'
              : 'message_template.archived'
            : 'message_template.updated',
          target: templateTarget(id),
          details: onlyActive ? { name: updated.name } : { name: updated.name, changes },
        });
        return toMessageTemplate(updated);
      });
    },

    companyName: async () => ({ companyName: await templates.companyName() }),

    setCompanyName({ companyName }: CompanyNameBody, audit: AuditTrail) {
      return unitOfWork(audit, async (unit) => {
        const repository = templates.within(unit.trx);
        const before = await repository.companyName();
        if (before !== companyName) {
          await repository.setCompanyName(companyName);
          await unit.audit({
            action: 'company_name.changed',
            details: { companyName: { from: before || null, to: companyName } },
          });
        }
        return { companyName };
      });
    },
  };
}
export type MessageTemplateService = ReturnType<typeof createMessageTemplateService>;
