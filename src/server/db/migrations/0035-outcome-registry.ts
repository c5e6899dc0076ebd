import { type Kysely, sql } from 'kysely';
import { outcomeConstraints } from '../outcome-constraints.ts';

/**
 * The constraints that name outcomes are written from the outcome registry
 * (src/core/outcomes.ts) from now on, and take its new outcome, "Não conhece o titular"
 * (`wrong_person`; the number it was dialled on becomes `not_owner`). The two constraints of
 * 0002 that named statuses had no names of their own (PostgreSQL called them leads_check2 and
 * leads_check3); they come back named, so that running the registry's constraints again finds
 * them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE leads DROP CONSTRAINT leads_check2, DROP CONSTRAINT leads_check3`.execute(
    db,
  );
  await outcomeConstraints().execute(db);
}
