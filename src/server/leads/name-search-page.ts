import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nameMatches } from './lead-filter.sql.ts';

/** A row of `lead_names`: a lead's folded name. */
export interface NameRow {
  lead_id: number;
  search_name: string;
}

/** Some names, as a subquery. */
export type NameRows = RawBuilder<NameRow>;

/** An order the names are read in, on `lead_names` unqualified. */
export interface NameOrder {
  /** The names after the page's cursor (`true` on the first page). */
  after: RawBuilder<SqlBool>;
  /** The names past one of them. */
  past(name: NameRow): RawBuilder<SqlBool>;
  /** The order itself, an index's. */
  by: RawBuilder<unknown>;
}

/** How many names a search reads in order before it asks the trigram index. */
export interface NameWindow {
  /** The names read first: a common name fills its page here. */
  probe: number;
  /** The names read in all, when the probe's matches say the rest would fill the page. */
  whole: number;
}

/**
 * A page of a name search, in an order of the names. A common name ("joão", 4 % of the leads)
 * fills a page within the next few thousand names read in order; a rare one ("beatriz nunes
 * moreira") is found among all the names by their trigram index. Each way is slow for the other
 * kind at 10M leads (750 ms for the index's 28,000 matches of "joao araujo"; over a second
 * reading names in order for the rare one), and the planner's estimates of `like '%word%'` cannot
 * tell the two apart. So the page reads names in order first, and asks the index for the names
 * past them only when they hold less than a page: the window's `probe` names, then the rest of
 * its `whole` only if the probe's matches, scaled to the whole window, would fill half the page
 * or more. A rare name pays for the probe alone before the index, not for the whole window.
 *
 * `page` joins the names it is given to the leads (as `n`), keeps the filter's other conditions,
 * and answers up to `rows` of them in the order. `searchAlone`: the filter has no other
 * conditions, so each name found is a lead of the page.
 */
export async function nameSearchPage<Row>(
  db: Kysely<Database>,
  search: { words: string[]; searchAlone: boolean },
  order: NameOrder,
  limit: number,
  window: NameWindow,
  page: (names: NameRows, rows: number) => Promise<Row[]>,
): Promise<Row[]> {
  const { words, searchAlone } = search;
  const found: Row[] = [];
  let after = order.after;
  const probe = Math.min(window.probe, window.whole);
  for (const [step, size] of [probe, window.whole - probe].entries()) {
    if (size === 0) continue;
    found.push(
      ...(await page(
        sql<NameRow>`(select n.lead_id, n.search_name from (
          select lead_id, search_name from lead_names where ${after}
          order by ${order.by} limit ${size}
        ) n where ${nameMatches(words)})`,
        limit - found.length,
      )),
    );
    if (found.length === limit) return found;
    const { rows } = await sql<NameRow>`
      select lead_id, search_name from lead_names where ${after}
      order by ${order.by} offset ${size - 1} limit 1
    `.execute(db);
    const edge = rows[0];
    if (edge === undefined) return found;
    after = order.past(edge);
    // Scaled to the whole window, the probe's matches would fill less than half the page: the
    // name is rare, and the index finds it sooner. Within a factor of two, either way is cheap.
    if (step === 0 && found.length * (window.whole / probe) < limit / 2) break;
  }
  // `offset 0` keeps the matches apart, planned for all their rows: the trigram index, never a
  // walk in the order's index. A search alone sorts its matches before they meet the leads, which
  // PostgreSQL would otherwise join in bulk (a hash join of all 10M leads for "otavio").
  const wanted = limit - found.length;
  const matches = sql<NameRow>`(select n.lead_id, n.search_name from lead_names n
    where ${nameMatches(words)} and ${after} offset 0)`;
  const beyond = await page(
    searchAlone
      ? sql<NameRow>`(select n.lead_id, n.search_name from ${matches} n
          order by ${order.by} limit ${wanted})`
      : matches,
    wanted,
  );
  return [...found, ...beyond];
}
