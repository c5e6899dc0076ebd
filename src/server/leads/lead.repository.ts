import { type Kysely, type RawBuilder, type SqlBool, sql, type Updateable } from 'kysely';
import {
  canReassign,
  canReturnToPool,
  type LeadStatus,
  leadStatuses,
} from '../../core/lead-status.ts';
import type { LeadFilter } from '../../core/leads.ts';
import type { Database, LeadsTable } from '../db/schema.ts';
import { escapeLike, parseLeadSearch } from './lead-search.ts';

const saoPaulo = 'America/Sao_Paulo';

/** The rows of a bulk action: chosen ids, or every lead of a filter. */
export type LeadTarget = { ids: number[] } | { filter: LeadFilter };

export type BulkOperation =
  | { action: 'returnToPool' }
  | { action: 'reassign'; assessorId: string }
  | { action: 'doNotCall' }
  | { action: 'erase' };

export const bulkReasons = {
  returnToPool: 'Devolvido ao pool',
  reassign: 'Redistribuído',
  doNotCall: 'Marcado como não ligar',
  erase: 'Dados apagados (LGPD)',
} as const satisfies Record<BulkOperation['action'], string>;

/** The condition of a filter on `leads l`, or `true`. */
export function leadFilterCondition(filter: LeadFilter): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [];
  const search = filter.q ? parseLeadSearch(filter.q) : undefined;
  if (search) {
    // Erased leads have no personal data left to match; saying so keeps the plans simple.
    conditions.push(sql<SqlBool>`l.erased_at is null`);
    if (search.kind === 'email') {
      conditions.push(sql<SqlBool>`lower(l.email) = ${search.email}`);
    } else if (search.kind === 'name') {
      // Names are searched in their own table (migration 0009), by its trigram index.
      conditions.push(
        sql<SqlBool>`l.id in (select n.lead_id from lead_names n where n.name ilike ${`%${escapeLike(search.text)}%`})`,
      );
    } else if (search.phone || search.cpf) {
      const exact: RawBuilder<SqlBool>[] = [];
      if (search.phone) exact.push(sql<SqlBool>`l.phone = ${search.phone}`);
      if (search.cpf) exact.push(sql<SqlBool>`l.cpf = ${search.cpf}`);
      conditions.push(sql<SqlBool>`(${sql.join(exact, sql` or `)})`);
    } else {
      // A piece of a phone reads the table (about 40 ms per 100 000 leads): a trigram index
      // on phone would make it instant but nearly doubles the cost of every import insert.
      conditions.push(sql<SqlBool>`l.phone like ${`%${search.digits}%`}`);
    }
  }
  if (filter.status && filter.status.length > 0) {
    conditions.push(sql<SqlBool>`l.status = any(${filter.status}::text[])`);
  }
  if (filter.assessor) conditions.push(sql<SqlBool>`l.owner_id = ${filter.assessor}`);
  if (filter.batch) conditions.push(sql<SqlBool>`l.batch_id = ${filter.batch}`);
  if (filter.createdFrom) {
    conditions.push(
      sql<SqlBool>`l.created_at >= (${filter.createdFrom}::date::timestamp at time zone ${saoPaulo})`,
    );
  }
  if (filter.createdTo) {
    conditions.push(
      sql<SqlBool>`l.created_at < ((${filter.createdTo}::date + 1)::timestamp at time zone ${saoPaulo})`,
    );
  }
  return conditions.length > 0 ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : sql`true`;
}

function targetCondition(target: LeadTarget): RawBuilder<SqlBool> {
  return 'ids' in target
    ? sql<SqlBool>`l.id = any(${target.ids}::bigint[])`
    : leadFilterCondition(target.filter);
}

const statusesWhere = (rule: (status: LeadStatus) => boolean) => leadStatuses.filter(rule);

const lockedColumns = sql`l.id, l.status, l.owner_id, l.phone`;

const leaveOwner = sql`owner_id = null, last_owner_id = coalesce(l.owner_id, l.last_owner_id),
  callback_at = null, status_changed_at = now(), updated_at = now()`;

/** What an erasure (LGPD) leaves of a lead: no personal data, out of every list. */
const erasure = sql`name = null, phone = null, phone_raw = null, email = null, cpf = null,
  city = null, notes = null, last_note = null, extra = '{}', erased_at = now(),
  status = 'do_not_call', ${leaveOwner}`;

/** The notes of an erased lead's calls are about the person too. */
const eraseCallNotes = sql`, call_notes as (
  update lead_attempts set note = null
  where lead_id in (select id from locked) and note is not null
)`;

/**
 * The common head of a lead change: `locked` (the rows, locked), `changed` (the update) and
 * its history rows, then the extra steps. The caller adds the final select.
 */
function changeLocked(
  lockedRows: RawBuilder<unknown>,
  changes: RawBuilder<unknown>,
  extraSteps: RawBuilder<unknown>,
  changedBy: string | null,
  reason: string,
): RawBuilder<unknown> {
  return sql`
    with locked as (
      ${lockedRows}
    ), changed as (
      update leads l set ${changes}
      from locked where l.id = locked.id
      returning l.id, locked.status as from_status, locked.owner_id as from_owner_id,
        l.status as to_status, l.owner_id as to_owner_id
    ), history as (
      insert into lead_history
        (lead_id, changed_by, from_status, to_status, from_owner_id, to_owner_id, reason)
      select id, ${changedBy}, from_status, to_status, from_owner_id, to_owner_id, ${reason}
      from changed
    )${extraSteps}`;
}

/** The key of the transaction-level advisory lock of the retention job: one server at a time. */
const retentionLockKey = sql`hashtext('cca.lead-retention')`;

export function createLeadRepository(db: Kysely<Database>) {
  const selectSummaries = () =>
    db
      .selectFrom('leads as l')
      .leftJoin('users as u', 'u.id', 'l.owner_id')
      .select([
        'l.id',
        'l.name',
        'l.phone',
        'l.email',
        'l.cpf',
        'l.city',
        'l.uf',
        'l.status',
        'l.owner_id as ownerId',
        'u.name as ownerName',
        'l.batch_id as batchId',
        'l.source',
        'l.attempts',
        'l.recycles',
        'l.assigned_at as assignedAt',
        'l.callback_at as callbackAt',
        'l.created_at as createdAt',
        'l.updated_at as updatedAt',
        'l.erased_at as erasedAt',
      ]);

  return {
    /** One page by id, newest first: `id < after` keeps it an index range at any depth. */
    listPage(filter: LeadFilter, after: number | undefined, limit: number) {
      let query = selectSummaries().where(leadFilterCondition(filter));
      if (after !== undefined) query = query.where('l.id', '<', after);
      return query.orderBy('l.id', 'desc').limit(limit).execute();
    },

    findById(id: number) {
      return selectSummaries()
        .select([
          'l.phone_raw as phoneRaw',
          'l.notes',
          'l.extra',
          'l.registration_confirmed_at as registrationConfirmedAt',
        ])
        .where('l.id', '=', id)
        .executeTakeFirst();
    },

    history(leadId: number) {
      return db
        .selectFrom('lead_history as h')
        .leftJoin('users as by', 'by.id', 'h.changed_by')
        .leftJoin('users as fo', 'fo.id', 'h.from_owner_id')
        .leftJoin('users as tw', 'tw.id', 'h.to_owner_id')
        .select([
          'h.id',
          'h.changed_at as changedAt',
          'h.changed_by as changedById',
          'by.name as changedByName',
          'h.from_status as fromStatus',
          'h.to_status as toStatus',
          'fo.name as fromOwnerName',
          'tw.name as toOwnerName',
          'h.reason',
        ])
        .where('h.lead_id', '=', leadId)
        .orderBy('h.id')
        .execute();
    },

    calls(leadId: number) {
      return db
        .selectFrom('lead_attempts as a')
        .innerJoin('users as u', 'u.id', 'a.assessor_id')
        .select([
          'a.id',
          'a.created_at as createdAt',
          'a.assessor_id as assessorId',
          'u.name as assessorName',
          'a.outcome',
          'a.channel',
          'a.note',
          'a.callback_at as callbackAt',
        ])
        .where('a.lead_id', '=', leadId)
        .orderBy('a.id')
        .execute();
    },

    async phoneTakenByAnother(phone: string, leadId: number): Promise<boolean> {
      const row = await db
        .selectFrom('leads')
        .select('id')
        .where('phone', '=', phone)
        .where('id', '<>', leadId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async update(id: number, values: Updateable<LeadsTable>): Promise<void> {
      await db
        .updateTable('leads')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    findUser(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'role', 'active'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * One statement per action: lock the leads it applies to, change them, write their
     * history (and the block list) from the same rows. Answers how many leads the target
     * matched and how many changed.
     */
    async bulk(
      target: LeadTarget,
      operation: BulkOperation,
      adminId: string,
    ): Promise<{ matched: number; affected: number }> {
      const reason = bulkReasons[operation.action];
      let applicable: RawBuilder<SqlBool>;
      let changes: RawBuilder<unknown>;
      let extraSteps = sql``;
      switch (operation.action) {
        case 'returnToPool':
          applicable = sql<SqlBool>`l.status = any(${statusesWhere(canReturnToPool)}::text[])`;
          changes = sql`status = 'new', assigned_at = null, ${leaveOwner}`;
          break;
        case 'reassign':
          applicable = sql<SqlBool>`l.status = any(${statusesWhere(canReassign)}::text[])
            and (l.owner_id is distinct from ${operation.assessorId} or l.status <> 'assigned')`;
          changes = sql`status = 'assigned', owner_id = ${operation.assessorId},
            last_owner_id = coalesce(l.owner_id, l.last_owner_id), assigned_at = now(),
            callback_at = null, status_changed_at = now(), updated_at = now()`;
          break;
        // Do-not-call and erase take the lead out of every assessor's list: the owner is
        // cleared (kept in last_owner_id and in the history row) so no list shows a lead
        // that must not be called. An erased lead also becomes do_not_call, for the same reason.
        case 'doNotCall':
          applicable = sql<SqlBool>`l.status <> 'do_not_call'`;
          changes = sql`status = 'do_not_call', ${leaveOwner}`;
          extraSteps = sql`, blocked as (
            insert into do_not_call (phone, reason, created_by)
            select phone, ${reason}, ${adminId} from locked where phone is not null
            on conflict (phone) do nothing
          )`;
          break;
        // An erasure does not add the phone to the block list: the list would then hold the
        // very personal data being erased. A phone already there stays, as it was asked for.
        case 'erase':
          applicable = sql<SqlBool>`l.erased_at is null`;
          changes = erasure;
          extraSteps = eraseCallNotes;
          break;
      }
      const condition = targetCondition(target);
      return db.transaction().execute(async (trx) => {
        const result = await sql<{ matched: number; affected: number }>`
          ${changeLocked(
            sql`select ${lockedColumns} from leads l
              where ${condition} and ${applicable}
              order by l.id
              for update`,
            changes,
            extraSteps,
            adminId,
            reason,
          )}
          select
            (select count(*) from leads l where ${condition})::int as matched,
            (select count(*) from changed)::int as affected
        `.execute(trx);
        const row = result.rows[0];
        return { matched: row?.matched ?? 0, affected: row?.affected ?? 0 };
      });
    },

    /**
     * Erases, in one transaction, up to `limit` leads (from id `after` on) with no change, call
     * or status change since `cutoff`. Only one server at a time: when another holds the
     * retention lock this answers `locked: false` and changes nothing.
     */
    async eraseUntouchedSince(
      cutoff: Date,
      after: number,
      limit: number,
      reason: string,
    ): Promise<{ locked: boolean; erased: number; lastId: number | null }> {
      return db.transaction().execute(async (trx) => {
        const lock = await sql<{ locked: boolean }>`
          select pg_try_advisory_xact_lock(${retentionLockKey}) as locked
        `.execute(trx);
        if (!lock.rows[0]?.locked) return { locked: false, erased: 0, lastId: null };
        const result = await sql<{ erased: number; lastId: string | null }>`
          ${changeLocked(
            sql`select ${lockedColumns} from leads l
              where l.id > ${after} and l.erased_at is null
                and l.updated_at < ${cutoff} and l.status_changed_at < ${cutoff}
                and l.created_at < ${cutoff}
                and not exists (
                  select 1 from lead_attempts a
                  where a.lead_id = l.id and a.created_at >= ${cutoff}
                )
              order by l.id
              limit ${limit}
              for update skip locked`,
            erasure,
            eraseCallNotes,
            null,
            reason,
          )}
          select (select count(*) from changed)::int as erased,
            (select max(id) from locked)::text as "lastId"
        `.execute(trx);
        const row = result.rows[0];
        return {
          locked: true,
          erased: row?.erased ?? 0,
          lastId: row?.lastId ? Number(row.lastId) : null,
        };
      });
    },

    /** The import batch a lead came in, as the personal-data export shows it. */
    findBatch(id: number) {
      return db
        .selectFrom('import_batches')
        .select(['id', 'file_name as fileName', 'source', 'created_at as createdAt'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findBlockedPhone(phone: string) {
      return db
        .selectFrom('do_not_call')
        .select(['reason', 'created_at as createdAt'])
        .where('phone', '=', phone)
        .executeTakeFirst();
    },

    /** The export rows, newest first, read by keyset in chunks so memory stays flat. */
    async *exportRows(filter: LeadFilter, chunkSize = 2000) {
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
            sql<string>`to_char(l.created_at at time zone ${saoPaulo}, 'DD/MM/YYYY HH24:MI')`.as(
              'createdAt',
            ),
          ])
          .where(leadFilterCondition(filter))
          .where('l.erased_at', 'is', null);
        if (after !== undefined) query = query.where('l.id', '<', after);
        const rows = await query.orderBy('l.id', 'desc').limit(chunkSize).execute();
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < chunkSize) return;
        after = rows[rows.length - 1]?.id;
      }
    },

    /** The `new` leads counted per batch and source, and whether each batch is all `new`. */
    async newSummary() {
      const counts = await db
        .selectFrom('leads')
        .select(['batch_id as batchId', 'source', (eb) => eb.fn.countAll<number>().as('count')])
        .where('status', '=', 'new')
        .groupBy(['batch_id', 'source'])
        .execute();
      const batchIds = [...new Set(counts.map((row) => row.batchId))].filter(
        (id): id is number => id !== null,
      );
      if (batchIds.length === 0) return { counts, batches: [], notAllNew: new Set<number>() };
      const batches = await db
        .selectFrom('import_batches')
        .select(['id', 'file_name as fileName', 'source', 'created_at as createdAt'])
        .where('id', 'in', batchIds)
        .orderBy('id', 'desc')
        .execute();
      const touched = await db
        .selectFrom('import_batches as b')
        .select('b.id')
        .where('b.id', 'in', batchIds)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('leads as l')
              .select('l.id')
              .whereRef('l.batch_id', '=', 'b.id')
              .where('l.status', '<>', 'new'),
          ),
        )
        .execute();
      return { counts, batches, notAllNew: new Set(touched.map((row) => row.id)) };
    },
  };
}
export type LeadRepository = ReturnType<typeof createLeadRepository>;
