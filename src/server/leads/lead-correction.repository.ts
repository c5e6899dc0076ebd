import { type Kysely, sql, type Updateable } from 'kysely';
import { phoneIsBlocked } from '../db/blocked-phones.ts';
import type { Database, LeadsTable } from '../db/schema.ts';

/**
 * An admin's correction of a lead's fields (`PATCH /api/leads/{id}`): the lead locked, its new
 * main number checked against the other leads and the block lists, the change written, all in
 * the caller's unit of work; and why a number is blocked, for the lead's page.
 */
export function createLeadCorrectionRepository(db: Kysely<Database>) {
  return {
    /** Whether the phone is another lead's, its main number or one of its others. */
    async phoneTakenByAnother(phone: string, leadId: number): Promise<boolean> {
      const taken = await sql`select 1 from leads where phone = ${phone} and id <> ${leadId}
        union all select 1 from lead_phones where phone = ${phone} and lead_id <> ${leadId}`.execute(
        db,
      );
      return taken.rows.length > 0;
    },

    /** The fields an admin corrects, and whose list shows the lead, the lead locked. */
    lockForEdit(id: number) {
      return db
        .selectFrom('leads')
        .select([
          'name',
          'phone',
          'phone_raw',
          'email',
          'cpf',
          'city',
          'uf',
          'notes',
          'owner_id as ownerId',
          'erased_at as erasedAt',
        ])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Whether the phone is on the company's block list or an external one. */
    async phoneIsBlocked(phone: string): Promise<boolean> {
      const result = await sql<{ blocked: boolean }>`
        select ${sql.raw(phoneIsBlocked('p.phone'))} as blocked
        from (select ${phone}::text as phone) p
      `.execute(db);
      return result.rows[0]?.blocked === true;
    },

    /**
     * In the caller's unit of work. A new main phone, checked free of every block list,
     * replaces the first of the lead's numbers when it has several: a number not yet dialled.
     */
    async update(id: number, values: Updateable<LeadsTable>): Promise<void> {
      await db
        .updateTable('leads')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      if (values.phone && values.phone_raw) {
        await db
          .updateTable('lead_phones')
          .set({ phone: values.phone, phone_raw: values.phone_raw, state: 'valid' })
          .where('lead_id', '=', id)
          .where('position', '=', 0)
          .execute();
      }
    },

    /** Why the phone is blocked: the company's list first, else the first external list. */
    async findBlockedPhone(phone: string) {
      const result = await sql<{ reason: string; createdAt: Date }>`
        (select reason, created_at as "createdAt", 0 as rank from do_not_call where phone = ${phone})
        union all
        (select 'Lista de bloqueio externa "' || s.name || '"', s.loaded_at, 1
          from block_list_phones p join block_list_sources s on s.id = p.source_id
          where p.phone = ${phone})
        order by rank, "createdAt"
        limit 1
      `.execute(db);
      return result.rows[0];
    },
  };
}
