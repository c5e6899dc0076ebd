import type { Kysely } from 'kysely';
import { callingCalendarSettingKey } from '../../core/calling-windows.ts';
import type { Database } from '../db/schema.ts';

export function createCallingCalendarRepository(db: Kysely<Database>) {
  return {
    /** The stored rules and holidays as written, or undefined when none were ever saved. */
    async read(): Promise<string | undefined> {
      const row = await db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', callingCalendarSettingKey)
        .executeTakeFirst();
      return row?.value;
    },

    async write(value: string) {
      await db
        .insertInto('app_settings')
        .values({ key: callingCalendarSettingKey, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
export type CallingCalendarRepository = ReturnType<typeof createCallingCalendarRepository>;
