import type { Kysely, Selectable } from 'kysely';
import { companyNameSettingKey } from '../../core/message-templates.ts';
import { readSetting, writeSetting } from '../config/app-settings.repository.ts';
import type { MessageTemplatesTable } from '../db/integration-tables.ts';
import type { Database } from '../db/schema.ts';

export type MessageTemplateRow = Selectable<MessageTemplatesTable>;

export interface MessageTemplateChange {
  name?: string | undefined;
  body?: string | undefined;
  active?: boolean | undefined;
}

export function createMessageTemplateRepository(db: Kysely<Database>) {
  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createMessageTemplateRepository(executor),

    /** Active ones first, then by name: the order the pickers show them in. */
    list(withArchived: boolean): Promise<MessageTemplateRow[]> {
      return db
        .selectFrom('message_templates')
        .selectAll()
        .$if(!withArchived, (query) => query.where('active', '=', true))
        .orderBy('active', 'desc')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /** The template locked for a change, so two admins editing it write one after the other. */
    lockedById(id: number): Promise<MessageTemplateRow | undefined> {
      return db
        .selectFrom('message_templates')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    create(name: string, body: string): Promise<MessageTemplateRow> {
      return db
        .insertInto('message_templates')
        .values({ name, body })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    update(id: number, change: MessageTemplateChange): Promise<MessageTemplateRow> {
      return db
        .updateTable('message_templates')
        .set({
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.body === undefined ? {} : { body: change.body }),
          ...(change.active === undefined ? {} : { active: change.active }),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The company's name, empty until an admin sets it. */
    companyName: async (): Promise<string> => (await readSetting(db, companyNameSettingKey)) ?? '',

    setCompanyName: (name: string) => writeSetting(db, companyNameSettingKey, name),
  };
}
export type MessageTemplateRepository = ReturnType<typeof createMessageTemplateRepository>;
