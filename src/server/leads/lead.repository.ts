import { type InferResult, type Kysely, type SqlBool, sql } from 'kysely';
import type { LeadPhone } from '../../core/lead-phones.ts';
import { localTime } from '../db/local-time.ts';
import type { Database } from '../db/schema.ts';
import { createLeadCorrectionRepository } from './lead-correction.repository.ts';
import { isSearchAlone, leadFilterCondition, type ScopedLeadFilter } from './lead-filter.sql.ts';
import { parseLeadSearch } from './lead-search.ts';
import {
  type NameOrder,
  type NameRows,
  type NameWindow,
  nameSearchPage,
} from './name-search-page.ts';

/**
 * The columns of the list's rows. The last call is looked up per row shown, backwards on
 * lead_attempts (lead_id, id): a page costs one index probe a row, and an undone call, deleted,
 * leaves the one before it as the last with nothing to keep in step.
 */
function selectLeadSummaries(db: Kysely<Database>) {
  return db
    .selectFrom('leads as l')
    .leftJoin('users as u', 'u.id', 'l.owner_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('lead_attempts as a')
          .select(['a.created_at as lastCallAt', 'a.outcome as lastCallOutcome'])
          .whereRef('a.lead_id', '=', 'l.id')
          .orderBy('a.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select([
      'last.lastCallAt',
      'last.lastCallOutcome',
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
      'l.external_id as externalId',
      'l.attempts',
      'l.recycles',
      'l.assigned_at as assignedAt',
      'l.callback_at as callbackAt',
      'l.created_at as createdAt',
      'l.updated_at as updatedAt',
      'l.erased_at as erasedAt',
    ]);
}
type SummaryRow = InferResult<ReturnType<typeof selectLeadSummaries>>[number];

/** `timeZone`: the call centre's (TIME_ZONE), for the days of the filters and the times shown. */
export function createLeadRepository(
  db: Kysely<Database>,
  timeZone: string,
  { nameWindow = { probe: 10_000, whole: 100_000 } }: { nameWindow?: NameWindow } = {},
) {
  const local = localTime(timeZone);
  const selectSummaries = () => selectLeadSummaries(db);
  /** The leads of the names given (as `n`), with the filter's other conditions. */
  const leadsNamed = (names: NameRows, filter: ScopedLeadFilter) =>
    selectSummaries()
      .innerJoin(names.as('n'), (join) => join.onRef('n.lead_id', '=', 'l.id'))
      .where(leadFilterCondition(filter, local, { namesJoined: true }));

  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) =>
      createLeadRepository(executor, timeZone, { nameWindow }),

    ...createLeadCorrectionRepository(db),

    /**
     * One page by id, newest first (or oldest first): `id < after` (`>`) keeps it an index
     * range at any depth.
     */
    listPage(
      filter: ScopedLeadFilter,
      after: number | undefined,
      limit: number,
      order: 'desc' | 'asc' = 'desc',
    ) {
      const search = filter.q ? parseLeadSearch(filter.q) : undefined;
      const beyond = order === 'desc' ? '<' : '>';
      if (search?.kind === 'name') {
        const byId: NameOrder = {
          after: after === undefined ? sql`true` : sql`lead_id ${sql.raw(beyond)} ${after}`,
          past: (name) => sql`lead_id ${sql.raw(beyond)} ${name.lead_id}`,
          by: sql`lead_id ${sql.raw(order)}`,
        };
        return nameSearchPage(
          db,
          { words: search.words, searchAlone: isSearchAlone(filter) },
          byId,
          limit,
          nameWindow,
          (names, rows) =>
            leadsNamed(names, filter).orderBy('n.lead_id', order).limit(rows).execute(),
        );
      }
      let query = selectSummaries().where(leadFilterCondition(filter, local));
      if (after !== undefined) query = query.where('l.id', beyond, after);
      return query.orderBy('l.id', order).limit(limit).execute();
    },

    /**
     * One page in name order (the folded name, then the id), from the names' own index
     * (migration 0023): `(name, id) > after` keeps it an index range at any depth. The leads
     * without a name, erased ones, follow by id once the names run out.
     */
    async listPageByName(
      filter: ScopedLeadFilter,
      after: { name: string | null; id: number } | undefined,
      limit: number,
    ): Promise<(SummaryRow & { sortName: string | null })[]> {
      const search = filter.q ? parseLeadSearch(filter.q) : undefined;
      if (search?.kind === 'name') {
        // A name search finds no lead without a name: a cursor among them is past the end.
        if (after?.name === null) return [];
        const byName: NameOrder = {
          after: after ? sql`(search_name, lead_id) > (${after.name}, ${after.id})` : sql`true`,
          past: (name) => sql`(search_name, lead_id) > (${name.search_name}, ${name.lead_id})`,
          by: sql`search_name, lead_id`,
        };
        return nameSearchPage(
          db,
          { words: search.words, searchAlone: isSearchAlone(filter) },
          byName,
          limit,
          nameWindow,
          (names, rows) =>
            leadsNamed(names, filter)
              .select('n.search_name as sortName')
              .orderBy('n.search_name')
              .orderBy('n.lead_id')
              .limit(rows)
              .execute(),
        );
      }
      const rows: (SummaryRow & { sortName: string | null })[] = [];
      if (after?.name !== null) {
        let named = selectSummaries()
          .innerJoin('lead_names as n', 'n.lead_id', 'l.id')
          .select('n.search_name as sortName')
          .where(leadFilterCondition(filter, local, { namesJoined: true }));
        if (after) {
          named = named.where(
            sql<SqlBool>`(n.search_name, n.lead_id) > (${after.name}, ${after.id})`,
          );
        }
        rows.push(
          ...(await named.orderBy('n.search_name').orderBy('n.lead_id').limit(limit).execute()),
        );
      }
      if (rows.length < limit) {
        let nameless = selectSummaries()
          .select(sql<string | null>`null::text`.as('sortName'))
          .where(leadFilterCondition(filter, local))
          .where('l.name', 'is', null);
        if (after?.name === null) nameless = nameless.where('l.id', '>', after.id);
        rows.push(
          ...(await nameless
            .orderBy('l.id')
            .limit(limit - rows.length)
            .execute()),
        );
      }
      return rows;
    },

    /** The leads matching, counted up to `upTo` (one more tells that there are more). */
    async countUpTo(filter: ScopedLeadFilter, upTo: number): Promise<number> {
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from (
          select 1 from leads l where ${leadFilterCondition(filter, local)} limit ${upTo + 1}
        ) matching
      `.execute(db);
      return rows[0]?.count ?? 0;
    },

    /** The planner's estimate of the leads matching: instant, close on large counts. */
    async estimateCount(filter: ScopedLeadFilter): Promise<number> {
      const { rows } = await sql<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>`
        explain (format json) select 1 from leads l where ${leadFilterCondition(filter, local)}
      `.execute(db);
      return Math.round(rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
    },

    findById(id: number) {
      return selectSummaries()
        .select([
          'l.phone_raw as phoneRaw',
          'l.notes',
          'l.extra',
          'l.registration_confirmed_at as registrationConfirmedAt',
          (eb) =>
            eb
              .selectFrom('import_batches as b')
              .select('b.legal_basis')
              .whereRef('b.id', '=', 'l.batch_id')
              .as('legalBasis'),
        ])
        .where('l.id', '=', id)
        .executeTakeFirst();
    },

    /** The lead's numbers when it has several, its main one first. */
    phones(leadId: number): Promise<LeadPhone[]> {
      return db
        .selectFrom('lead_phones')
        .select(['phone', 'label', 'whatsapp', 'state'])
        .where('lead_id', '=', leadId)
        .orderBy('position')
        .execute();
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
          // What the call dialled, as the lead was then (migration 0017).
          'a.lead_name as leadName',
          'a.lead_phone as leadPhone',
          'a.outcome',
          'a.channel',
          'a.note',
          'a.callback_at as callbackAt',
          'a.outside_window_reason as outsideWindowReason',
          'a.no_answer_kind as noAnswerKind',
        ])
        .where('a.lead_id', '=', leadId)
        .orderBy('a.id')
        .execute();
    },

    findUser(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'role', 'active'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The import batch a lead came in, as the personal-data export shows it. */
    findBatch(id: number) {
      return db
        .selectFrom('import_batches')
        .select([
          'id',
          'file_name as fileName',
          'source',
          'legal_basis as legalBasis',
          'created_at as createdAt',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
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
