import type { Kysely } from 'kysely';
import { callingCalendarSettingKey } from '../../core/calling-windows.ts';
import { readSetting, writeSetting } from '../config/app-settings.repository.ts';
import type { Database } from '../db/schema.ts';

export function createCallingCalendarRepository(db: Kysely<Database>) {
  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createCallingCalendarRepository(executor),
    /** The stored rules and holidays as written, or undefined when none were ever saved. */
    read: () => readSetting(db, callingCalendarSettingKey),
    write: (value: string) => writeSetting(db, callingCalendarSettingKey, value),
  };
}
export type CallingCalendarRepository = ReturnType<typeof createCallingCalendarRepository>;
