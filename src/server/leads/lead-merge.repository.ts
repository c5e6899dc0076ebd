import { type Kysely, type SqlBool, sql } from 'kysely';
import type { LeadPhone } from '../../core/lead-phones.ts';
import type { LeadStatus } from '../../core/lead-status.ts';
import { phoneIsBlocked } from '../db/blocked-phones.ts';
import type { Database } from '../db/schema.ts';
import { mergeHistory, startsFrom, transitionSteps } from '../lead-transitions/index.ts';

/** A lead as the merge lists it, before it becomes the API's MergeCandidate. */
export interface MergeCandidateRow {
  id: number;
  name: string | null;
  phone: string | null;
  status: LeadStatus;
  ownerName: string | null;
  source: string | null;
  attempts: number;
  createdAt: Date;
}

/** A lead as a merge reads it: what the merged lead takes from it. */
export interface MergeLeadRow {
  id: number;
  name: string | null;
  phone: string | null;
  phoneRaw: string | null;
  email: string | null;
  cpf: string | null;
  city: string | null;
  uf: string | null;
  notes: string | null;
  status: LeadStatus;
  ownerId: string | null;
  ownerName: string | null;
  source: string | null;
  attempts: number;
  createdAt: Date;
  erasedAt: Date | null;
  /** Whether its main number is on a block list. */
  phoneListed: boolean;
  /**
   * Its numbers when it has several (lead_phones), with how the file spelt them and whether
   * each is on a block list (whatever state the lead gives it).
   */
  phones: (LeadPhone & { raw: string; listed: boolean })[];
  calls: number;
}

/** A number of the merged lead, in its order. */
export type MergedPhone = LeadPhone & { raw: string };

/** The columns of a lead the merge fills from the other when the kept one has none. */
export interface MergedFields {
  email: string | null;
  cpf: string | null;
  city: string | null;
  uf: string | null;
  notes: string | null;
}

/**
 * Closes the merged lead as "Não ligar" (the `block` transition, when it was open) and puts
 * every number of it on the block list, as the table says the transition does: the numbers go
 * on the list even when the lead was closed already, as those of the other lead are new to it.
 */
async function blockMerged(
  db: Kysely<Database>,
  kept: MergeLeadRow,
  adminId: string,
  reason: string,
) {
  await sql`
    with ${transitionSteps('block', {
      where: sql<SqlBool>`l.id = ${kept.id} and ${startsFrom('block')}`,
      // Locked by the merge's pair: as it was read.
      before: { status: sql`${kept.status}::text`, ownerId: sql`${kept.ownerId}::text` },
      by: adminId,
      reason,
      blockNumbersOf: sql`select id, phone from leads where id = ${kept.id}`,
    })}
    select count(*) from changed
  `.execute(db);
}

export function createLeadMergeRepository(db: Kysely<Database>) {
  return {
    within: (executor: Kysely<Database>) => createLeadMergeRepository(executor),

    /**
     * The other leads, not erased, of the same CPF or with one of this lead's numbers (two
     * imports running at once can each take a number the other is taking).
     */
    async candidates(leadId: number) {
      const result = await sql<MergeCandidateRow>`
        with lead as (
          select id, cpf, phone from leads where id = ${leadId} and erased_at is null
        ), numbers as (
          select phone from lead where phone is not null
          union select n.phone from lead_phones n join lead on n.lead_id = lead.id
        )
        select o.id, o.name, o.phone, o.status, u.name as "ownerName", o.source, o.attempts,
          o.created_at as "createdAt"
        from leads o left join users u on u.id = o.owner_id
        where o.id <> ${leadId} and o.erased_at is null
          and (o.cpf = (select cpf from lead)
            or o.phone in (select phone from numbers)
            or o.id in (select n.lead_id from lead_phones n
                        where n.phone in (select phone from numbers)))
        order by o.id
        limit 20
      `.execute(db);
      return result.rows;
    },

    /** The two leads, locked in id order when `lock` (a merge's own transaction). */
    async pair(ids: [number, number], lock: boolean): Promise<MergeLeadRow[]> {
      const result = await sql<MergeLeadRow>`
        select l.id, l.name, l.phone, l.phone_raw as "phoneRaw", l.email, l.cpf, l.city, l.uf,
          l.notes, l.status, l.owner_id as "ownerId", u.name as "ownerName", l.source,
          l.attempts, l.created_at as "createdAt", l.erased_at as "erasedAt",
          coalesce(${sql.raw(phoneIsBlocked('l.phone'))}, false) as "phoneListed",
          coalesce((
            select json_agg(json_build_object('phone', n.phone, 'raw', n.phone_raw,
              'label', n.label, 'whatsapp', n.whatsapp, 'state', n.state,
              'listed', ${sql.raw(phoneIsBlocked('n.phone'))}) order by n.position)
            from lead_phones n where n.lead_id = l.id
          ), '[]') as phones,
          (select count(*)::int from lead_attempts a where a.lead_id = l.id) as calls
        from leads l left join users u on u.id = l.owner_id
        where l.id in (${ids[0]}, ${ids[1]})
        order by l.id
        ${lock ? sql`for update of l` : sql``}
      `.execute(db);
      return result.rows;
    },

    /**
     * Moves `removedId` into `keptId` in the caller's transaction: the kept lead takes the
     * numbers, the fields and the attempt count, the removed one's calls and history rows
     * follow it, and the removed lead is deleted; a history row on the kept one says so.
     * `closed` (the merged lead is closed as "Não ligar"): every number goes on the block list
     * and, when the kept lead was open, it is blocked as an admin's "Não ligar" blocks it.
     */
    async merge(
      kept: MergeLeadRow,
      removedId: number,
      change: {
        fields: MergedFields;
        phones: MergedPhone[];
        attempts: number;
        closed: { reason: string } | null;
      },
      adminId: string,
      reason: string,
    ) {
      await db.deleteFrom('lead_phones').where('lead_id', 'in', [kept.id, removedId]).execute();
      await db
        .updateTable('lead_attempts')
        .set({ lead_id: kept.id })
        .where('lead_id', '=', removedId)
        .execute();
      // What webhooks told of the other lead is about the same person: erasing the merged lead
      // must find those deliveries too (and a replay must not send what was erased).
      await db
        .updateTable('webhook_deliveries')
        .set({ lead_id: kept.id })
        .where('lead_id', '=', removedId)
        .execute();
      // The other lead's history reads as its own among the kept one's rows.
      const history = mergeHistory({ keptId: kept.id, removedId, by: adminId, reason });
      await history.moved.execute(db);
      await db.deleteFrom('outcome_undo').where('lead_id', '=', removedId).execute();
      await sql`
        update leads k set extra = r.extra || k.extra from leads r
        where k.id = ${kept.id} and r.id = ${removedId}
      `.execute(db);
      await db.deleteFrom('leads').where('id', '=', removedId).execute();
      await db
        .updateTable('leads')
        .set({ ...change.fields, attempts: change.attempts, updated_at: new Date() })
        .where('id', '=', kept.id)
        .execute();
      await db
        .insertInto('lead_phones')
        .values(
          change.phones.map((phone, position) => ({
            lead_id: kept.id,
            position,
            phone: phone.phone,
            phone_raw: phone.raw,
            label: phone.label,
            whatsapp: phone.whatsapp,
            state: phone.state,
          })),
        )
        .execute();
      await history.noted.execute(db);
      if (change.closed) await blockMerged(db, kept, adminId, change.closed.reason);
    },
  };
}
export type LeadMergeRepository = ReturnType<typeof createLeadMergeRepository>;
