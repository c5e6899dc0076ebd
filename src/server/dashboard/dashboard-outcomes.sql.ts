import { sql } from 'kysely';
import { acceptedOutcomeKey, answeredOutcomeKeys } from '../../core/outcomes.ts';

/** The outcomes of a contact (someone answered), as an SQL list read from the registry. */
export const contactOutcomeList = sql.join(answeredOutcomeKeys.map((key) => sql.lit(key)));

/** The accepted outcome, as an SQL literal. */
export const acceptedLiteral = sql.lit(acceptedOutcomeKey);
