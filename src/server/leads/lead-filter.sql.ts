import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { contactRulesSettingKey, defaultContactRules } from '../../core/contact-rules.ts';
import type { LeadFilter } from '../../core/leads.ts';
import { callbackOutcomeKey } from '../../core/outcomes.ts';
import type { LocalTime } from '../db/local-time.ts';
import { escapeLike, parseLeadSearch } from './lead-search.ts';

/**
 * Names are searched in their own table (migration 0009), folded as the words typed are
 * (0021): each word anywhere in the name, in any order, by its trigram index.
 */
export function nameMatches(words: string[]): RawBuilder<SqlBool> {
  const each = words.map(
    (word) =>
      sql<SqlBool>`n.search_name like ${'%'} || cca_search_text(${escapeLike(word)}) || ${'%'}`,
  );
  return sql<SqlBool>`(${sql.join(each, sql` and `)})`;
}

/**
 * A filter narrowed, on the server, to the leads of some owners: a supervisor's assessors
 * (docs/decisions/041). A pool lead has no owner and is in no such list.
 */
export type ScopedLeadFilter = LeadFilter & { owners?: readonly string[] | undefined };

/**
 * The condition of a filter on `leads l`, or `true`; its days are the call centre's. With
 * `namesJoined`, the caller joins the matching names itself (the list page does, see there).
 */
export function leadFilterCondition(
  filter: ScopedLeadFilter,
  local: LocalTime,
  options: { namesJoined?: boolean } = {},
): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [];
  const search = filter.q ? parseLeadSearch(filter.q) : undefined;
  if (search) {
    // Erased leads have no personal data left to match; saying so keeps the plans simple.
    conditions.push(sql<SqlBool>`l.erased_at is null`);
    if (search.kind === 'email') {
      conditions.push(sql<SqlBool>`lower(l.email) = ${search.email}`);
    } else if (search.kind === 'name') {
      if (!options.namesJoined) {
        conditions.push(
          sql<SqlBool>`l.id in (select n.lead_id from lead_names n where ${nameMatches(search.words)})`,
        );
      }
    } else if (search.phone || search.cpf) {
      const exact: RawBuilder<SqlBool>[] = [];
      if (search.phone) {
        exact.push(sql<SqlBool>`l.phone = ${search.phone}`);
        // Any of a lead's several numbers (0028); an array, so both stay index scans.
        exact.push(
          sql<SqlBool>`l.id = any(array(select p.lead_id from lead_phones p where p.phone = ${search.phone}))`,
        );
      }
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
  if (filter.owners) conditions.push(sql<SqlBool>`l.owner_id = any(${filter.owners}::text[])`);
  if (filter.batch) conditions.push(sql<SqlBool>`l.batch_id = ${filter.batch}`);
  // Only imports set a batch; a lead sent by an API token has its token's name as source.
  if (filter.origin === 'import') conditions.push(sql<SqlBool>`l.batch_id is not null`);
  if (filter.origin === 'api') conditions.push(sql<SqlBool>`l.batch_id is null`);
  if (filter.uf) conditions.push(sql<SqlBool>`l.uf = ${filter.uf}`);
  // The expression the planner has statistics on (migration 0031): +55, then the DDD.
  if (filter.ddd) conditions.push(sql<SqlBool>`substring(l.phone from 4 for 2) = ${filter.ddd}`);
  if (filter.createdFrom) {
    conditions.push(sql<SqlBool>`l.created_at >= ${local.dayStart(filter.createdFrom)}`);
  }
  if (filter.createdTo) {
    conditions.push(sql<SqlBool>`l.created_at < ${local.dayEnd(filter.createdTo)}`);
  }
  if (filter.overdueCallbacks) conditions.push(callbackOverdue);
  return conditions.length > 0 ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : sql`true`;
}

/** Whether the filter is a search and nothing else: every lead it finds is on the list. */
export function isSearchAlone({ q: _search, ...others }: ScopedLeadFilter): boolean {
  return Object.values(others).every(
    (value) =>
      value === undefined || value === false || (Array.isArray(value) && value.length === 0),
  );
}

/**
 * A call-back its owner let pass by more than the contact rules' `overdueCallbacks.afterMinutes`,
 * read from the stored rules in the statement itself so every server uses the latest.
 */
const callbackOverdue = sql<SqlBool>`(l.status = ${sql.lit(callbackOutcomeKey)} and l.owner_id is not null
  and l.callback_at < now() - make_interval(mins => coalesce((
    select (value::jsonb -> 'overdueCallbacks' ->> 'afterMinutes')::int
    from app_settings where key = ${sql.lit(contactRulesSettingKey)}
  ), ${sql.lit(defaultContactRules.overdueCallbacks.afterMinutes)})))`;
