import { type Kysely, sql } from 'kysely';
import type { PhoneState } from '../../core/lead-phones.ts';
import type { LeadStatus } from '../../core/lead-status.ts';
import { phoneIsBlocked } from '../db/blocked-phones.ts';
import type { Database } from '../db/schema.ts';

/** A lead's numbers as an admin corrects them (lead_phones, migration 0028). */
export function createLeadPhonesRepository(db: Kysely<Database>) {
  return {
    within: (executor: Kysely<Database>) => createLeadPhonesRepository(executor),

    /** The lead, locked, with its main number and how many numbers it keeps apart. */
    async lockLead(leadId: number) {
      const result = await sql<{
        phone: string | null;
        phoneRaw: string | null;
        status: LeadStatus;
        ownerId: string | null;
        erased: boolean;
        numbers: number;
      }>`
        select l.phone, l.phone_raw as "phoneRaw", l.status, l.owner_id as "ownerId",
          l.erased_at is not null as erased,
          (select count(*)::int from lead_phones n where n.lead_id = l.id) as numbers
        from leads l where l.id = ${leadId}
        for update
      `.execute(db);
      return result.rows[0];
    },

    /** Whether the number is on the company's list or an external one. */
    async isBlocked(phone: string): Promise<boolean> {
      const result = await sql<{ blocked: boolean }>`
        select ${sql.raw(phoneIsBlocked('p.phone'))} as blocked
        from (select ${phone}::text as phone) p
      `.execute(db);
      return result.rows[0]?.blocked === true;
    },

    /**
     * Adds a number after the lead's others; a lead that had one number gets its main one as
     * the first row.
     */
    async add(
      leadId: number,
      main: { phone: string; raw: string; state: PhoneState } | null,
      number: { phone: string; raw: string; label: string; whatsapp: boolean },
    ) {
      if (main) {
        await db
          .insertInto('lead_phones')
          .values({
            lead_id: leadId,
            position: 0,
            phone: main.phone,
            phone_raw: main.raw,
            label: 'Telefone',
            state: main.state,
          })
          .execute();
      }
      await sql`
        insert into lead_phones (lead_id, position, phone, phone_raw, label, whatsapp)
        select ${leadId}, coalesce(max(position) + 1, 0), ${number.phone}, ${number.raw},
          ${number.label}, ${number.whatsapp}
        from lead_phones where lead_id = ${leadId}
      `.execute(db);
    },

    async setState(leadId: number, phone: string, state: PhoneState) {
      await db
        .updateTable('lead_phones')
        .set({ state })
        .where('lead_id', '=', leadId)
        .where('phone', '=', phone)
        .execute();
    },

    /** One of the lead's several numbers, or undefined. */
    async findNumber(leadId: number, phone: string) {
      return db
        .selectFrom('lead_phones')
        .select(['phone', 'state'])
        .where('lead_id', '=', leadId)
        .where('phone', '=', phone)
        .executeTakeFirst();
    },

    /** Puts the number on the company's block list, as an admin's "Não ligar". */
    async block(phone: string, reason: string, adminId: string) {
      await db
        .insertInto('do_not_call')
        .values({ phone, reason, created_by: adminId })
        .onConflict((conflict) => conflict.column('phone').doNothing())
        .execute();
    },
  };
}
export type LeadPhonesRepository = ReturnType<typeof createLeadPhonesRepository>;
