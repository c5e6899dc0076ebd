import type { Kysely } from 'kysely';
import {
  type ContactRules,
  contactRulesSettingKey,
  storedContactRules,
} from '../../core/contact-rules.ts';
import { readSetting, writeSetting } from '../config/app-settings.repository.ts';
import type { Database } from '../db/schema.ts';

/**
 * The contact rules in force, for their page and the overdue call-backs. A call reads them in
 * its own statement (attempt.repository.ts), so every server plans with the latest ones.
 */
export function createContactRulesRepository(db: Kysely<Database>) {
  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createContactRulesRepository(executor),
    current: async (): Promise<ContactRules> =>
      storedContactRules(await readSetting(db, contactRulesSettingKey)),
    replace: (rules: ContactRules) =>
      writeSetting(db, contactRulesSettingKey, JSON.stringify(rules)),
  };
}
export type ContactRulesRepository = ReturnType<typeof createContactRulesRepository>;
