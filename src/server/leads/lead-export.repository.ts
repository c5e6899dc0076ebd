import { type Kysely, sql } from 'kysely';
import type { LeadPhone } from '../../core/lead-phones.ts';
import { localTime } from '../db/local-time.ts';
import type { Database } from '../db/schema.ts';
import type { ScopedLeadFilter } from './lead-filter.sql.ts';
import { leadFilterCondition } from './lead-filter.sql.ts';

/** The rows of the lead list's export (CSV or XLSX, lead-export.ts lays them out). */
/** `reads` answers where reports read: the replica in step, when there is one (db/replica.ts). */
export function createLeadExportRepository(reads: () => Kysely<Database>, timeZone: string) {
  const local = localTime(timeZone);
  return {
    /** The export rows, newest first, read by keyset in chunks so memory stays flat. */
    async *exportRows(filter: ScopedLeadFilter, chunkSize = 2000) {
      // One source for the whole export, so its chunks follow one another.
      const db = reads();
      let after: number | undefined;
      for (;;) {
        let query = db
          .selectFrom('leads as l')
          .leftJoin('users as u', 'u.id', 'l.owner_id')
          .leftJoin('import_batches as b', 'b.id', 'l.batch_id')
          .select([
            'l.id',
            'l.name',
            'l.phone',
            sql<Omit<LeadPhone, 'label'>[] | null>`(select json_agg(json_build_object(
                'phone', n.phone, 'whatsapp', n.whatsapp, 'state', n.state) order by n.position)
              from lead_phones n where n.lead_id = l.id and n.position > 0)`.as('otherPhones'),
            'l.email',
            'l.cpf',
            'l.city',
            'l.uf',
            'l.status',
            'u.name as ownerName',
            'b.file_name as batchName',
            'l.source',
            'l.attempts',
            'l.recycles',
            local.dateTimeText(sql`l.created_at`).as('createdAt'),
          ])
          .where(leadFilterCondition(filter, local))
          .where('l.erased_at', 'is', null);
        if (after !== undefined) query = query.where('l.id', '<', after);
        const rows = await query.orderBy('l.id', 'desc').limit(chunkSize).execute();
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < chunkSize) return;
        after = rows[rows.length - 1]?.id;
      }
    },
  };
}
export type LeadExportRepository = ReturnType<typeof createLeadExportRepository>;
