import type { Kysely } from 'kysely';
import {
  type ContactRules,
  contactRulesSettingKey,
  storedContactRules,
} from '../../core/contact-rules.ts';
import type { Database } from '../db/schema.ts';

/**
 * The contact rules in force, for their page and the overdue call-backs. A call reads them in
 * its own statement (attempt.repository.ts), so every server plans with the latest ones.
 */
export function createContactRulesRepository(db: Kysely<Database>) {
  return {
    async current(): Promise<ContactRules> {
      const row = await db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', contactRulesSettingKey)
        .executeTakeFirst();
      return storedContactRules(row?.value);
    },

    async replace(rules: ContactRules) {
      const value = JSON.stringify(rules);
      await db
        .insertInto('app_settings')
        .values({ key: contactRulesSettingKey, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
export type ContactRulesRepository = ReturnType<typeof createContactRulesRepository>;
