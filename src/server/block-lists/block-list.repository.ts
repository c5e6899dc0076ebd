import { type Kysely, sql } from 'kysely';
import { blockListNameKey } from '../../core/block-lists.ts';
import type { Database } from '../db/schema.ts';
import { blockLeadsWithPhones } from '../lead-transitions/index.ts';

export interface BlockListSourceRow {
  id: number;
  name: string;
  listDate: string;
  phoneCount: number;
  leadsBlocked: number;
  loadedByName: string | null;
  loadedAt: Date;
}

/** What applying a loaded file to its source changed. */
export interface AppliedLoad {
  added: number;
  removed: number;
  leadsBlocked: number;
  formerOwnerIds: string[];
}

const sourceColumns = sql`s.id, s.name, to_char(s.list_date, 'YYYY-MM-DD') as "listDate",
  s.phone_count as "phoneCount", s.leads_blocked as "leadsBlocked",
  u.name as "loadedByName", s.loaded_at as "loadedAt"`;

/**
 * A load runs in one transaction: the file's numbers go to a temporary table chunk by chunk
 * (`stage`), then `apply` takes the difference with the source's numbers in set-based
 * statements and blocks the leads of the numbers it added. Nothing shows before the commit.
 */
export function createBlockListRepository(db: Kysely<Database>) {
  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createBlockListRepository(executor),

    async list(): Promise<BlockListSourceRow[]> {
      const result = await sql<BlockListSourceRow>`
        select ${sourceColumns}
        from block_list_sources s left join users u on u.id = s.loaded_by
        order by s.name_key
      `.execute(db);
      return result.rows;
    },

    async find(id: number): Promise<BlockListSourceRow | undefined> {
      const result = await sql<BlockListSourceRow>`
        select ${sourceColumns}
        from block_list_sources s left join users u on u.id = s.loaded_by
        where s.id = ${id}
      `.execute(db);
      return result.rows[0];
    },

    /**
     * The source of that name (any case), locked until the load commits so two loads of one
     * list wait for each other; created when there is none.
     */
    async lockOrCreate(name: string, listDate: string, adminId: string) {
      const key = blockListNameKey(name);
      const found = await sql<{ id: number }>`
        select id from block_list_sources where name_key = ${key} for update
      `.execute(db);
      const existing = found.rows[0];
      if (existing) return { id: existing.id, created: false };
      const created = await sql<{ id: number }>`
        insert into block_list_sources (name, name_key, list_date, loaded_by)
        values (${name}, ${key}, ${listDate}, ${adminId})
        returning id
      `.execute(db);
      return { id: (created.rows[0] as { id: number }).id, created: true };
    },

    async beginLoad() {
      // A register holds millions of numbers: its load runs longer than a page's request.
      await sql`set local statement_timeout = '10min'`.execute(db);
      // Room to sort and hash a million numbers in memory.
      await sql`set local work_mem = '128MB'`.execute(db);
      await sql`create temp table block_list_load (phone text not null) on commit drop`.execute(db);
    },

    /** Keeps one chunk of the file's numbers in the transaction's temporary table. */
    async stage(phones: string[]) {
      await sql`insert into block_list_load (phone) select unnest(${phones}::text[])`.execute(db);
    },

    /**
     * Makes the source's numbers those of the file: removes the ones it no longer has (when it
     * had some), adds the new ones in phone order (so the index grows at its right end) and
     * blocks, as the `blockByList` transition says, the leads with any of the file's numbers
     * (one imported while an earlier load of the list ran is caught here). The source's row
     * is locked (`lockOrCreate`), so no other load adds to it meanwhile.
     */
    async apply(
      sourceId: number,
      replacing: boolean,
      adminId: string,
      historyReason: string,
    ): Promise<AppliedLoad> {
      // A temporary table has no statistics until it is analysed: the joins below need them.
      await sql`analyze block_list_load`.execute(db);
      let removed = 0;
      if (replacing) {
        const deleted = await sql`
          delete from block_list_phones p
          where p.source_id = ${sourceId}
            and not exists (select 1 from block_list_load f where f.phone = p.phone)
        `.execute(db);
        removed = Number(deleted.numAffectedRows ?? 0n);
      }
      const notYetListed = replacing
        ? sql`where not exists (select 1 from block_list_phones p
            where p.phone = f.phone and p.source_id = ${sourceId})`
        : sql``;
      const inserted = await sql`
        insert into block_list_phones (phone, source_id)
        select distinct f.phone, ${sourceId}::int from block_list_load f ${notYetListed}
        order by f.phone
      `.execute(db);
      const result = await sql<{ leadsBlocked: number; formerOwnerIds: string[] | null }>`
        with ${blockLeadsWithPhones(
          'blockByList',
          sql`select phone from block_list_load`,
          adminId,
          historyReason,
        )}
        select (select count(*) from changed)::int as "leadsBlocked",
          (select array_agg(distinct from_owner_id) from changed
            where from_owner_id is not null) as "formerOwnerIds"
      `.execute(db);
      const row = result.rows[0];
      return {
        added: Number(inserted.numAffectedRows ?? 0n),
        removed,
        leadsBlocked: row?.leadsBlocked ?? 0,
        formerOwnerIds: row?.formerOwnerIds ?? [],
      };
    },

    /** The source after a load: its date, who loaded it, its counts. */
    async finishLoad(
      sourceId: number,
      load: { listDate: string; adminId: string; phoneDelta: number; leadsBlocked: number },
    ) {
      await sql`
        update block_list_sources set list_date = ${load.listDate},
          loaded_by = ${load.adminId}, loaded_at = now(),
          phone_count = phone_count + ${load.phoneDelta},
          leads_blocked = leads_blocked + ${load.leadsBlocked}
        where id = ${sourceId}
      `.execute(db);
    },

    /** Deletes the source and its numbers; its name and count when it existed. */
    async remove(id: number) {
      const removed = await db
        .deleteFrom('block_list_sources')
        .where('id', '=', id)
        .returning(['name', 'phone_count as phoneCount'])
        .executeTakeFirst();
      if (removed) await db.deleteFrom('block_list_phones').where('source_id', '=', id).execute();
      return removed;
    },
  };
}
export type BlockListRepository = ReturnType<typeof createBlockListRepository>;
