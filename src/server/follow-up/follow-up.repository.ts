import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { followUpExportQuerySchema } from '../../core/attempts.ts';
import { acceptedOutcomeKey } from '../../core/outcomes.ts';
import { type LocalTime, localTime } from '../db/local-time.ts';
import type { Database } from '../db/schema.ts';

/** The list's filter; `owners` narrows it to a supervisor's assessors' leads (decision 041). */
export type FollowUpFilter = Omit<z.output<typeof followUpExportQuerySchema>, 'format'> & {
  owners?: readonly string[] | undefined;
};

export interface FollowUpRow {
  id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  cpf: string | null;
  city: string | null;
  uf: string | null;
  assessorId: string | null;
  assessorName: string | null;
  acceptedAt: Date;
  /** acceptedAt to the microsecond, as the page cursor carries it. */
  acceptedAtKey: string;
  lastNote: string | null;
  registrationConfirmedAt: Date | null;
}

export interface FollowUpExportRow extends FollowUpRow {
  /** Already dd/mm/aaaa HH:mm in the call centre's zone. */
  acceptedAtText: string;
  registrationConfirmedAtText: string | null;
}

/** The accepted outcome as a literal: a partial index serves only a literal predicate. */
const accepted = sql.lit(acceptedOutcomeKey);

/** The condition of a filter on the accepted leads `l`. */
function followUpCondition(filter: FollowUpFilter, local: LocalTime): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`l.status = ${accepted}`];
  if (filter.assessor) conditions.push(sql<SqlBool>`l.owner_id = ${filter.assessor}`);
  if (filter.owners) conditions.push(sql<SqlBool>`l.owner_id = any(${filter.owners}::text[])`);
  if (filter.from) {
    conditions.push(sql<SqlBool>`l.status_changed_at >= ${local.dayStart(filter.from)}`);
  }
  if (filter.to) {
    conditions.push(sql<SqlBool>`l.status_changed_at < ${local.dayEnd(filter.to)}`);
  }
  if (filter.confirmed === 'yes')
    conditions.push(sql<SqlBool>`l.registration_confirmed_at is not null`);
  if (filter.confirmed === 'no') conditions.push(sql<SqlBool>`l.registration_confirmed_at is null`);
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

export type FollowUpCursor = { at: string; id: number };

/** `timeZone`: the call centre's (TIME_ZONE), for the days of the filters and the times shown. */
export function createFollowUpRepository(db: Kysely<Database>, timeZone: string) {
  const local = localTime(timeZone);
  const selectFollowUp = (condition: RawBuilder<SqlBool>, after: FollowUpCursor | undefined) =>
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
        'l.owner_id as assessorId',
        'u.name as assessorName',
        'l.status_changed_at as acceptedAt',
        sql<string>`to_char(l.status_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
          'acceptedAtKey',
        ),
        'l.last_note as lastNote',
        'l.registration_confirmed_at as registrationConfirmedAt',
      ])
      .where(condition)
      .$if(after !== undefined, (query) =>
        query.where(
          sql<SqlBool>`(l.status_changed_at, l.id) < (${after?.at}::timestamptz, ${after?.id})`,
        ),
      )
      .orderBy('l.status_changed_at', 'desc')
      .orderBy('l.id', 'desc');

  return {
    /** One page of accepted leads, the most recently accepted first. */
    listPage(filter: FollowUpFilter, after: FollowUpCursor | undefined, limit: number) {
      return selectFollowUp(followUpCondition(filter, local), after)
        .limit(limit)
        .execute() as Promise<FollowUpRow[]>;
    },

    findGreen(id: number) {
      return selectFollowUp(
        sql<SqlBool>`l.status = ${accepted} and l.id = ${id}`,
        undefined,
      ).executeTakeFirst() as Promise<FollowUpRow | undefined>;
    },

    /**
     * Sets (keeping the first date) or clears the mark; false when the lead is not `green`,
     * or not owned by one of `owners` when given.
     */
    async setRegistrationConfirmed(
      trx: Kysely<Database>,
      id: number,
      confirmed: boolean,
      owners?: readonly string[],
    ): Promise<boolean> {
      const result = await trx
        .updateTable('leads')
        .set({
          registration_confirmed_at: confirmed
            ? sql<Date>`coalesce(registration_confirmed_at, now())`
            : null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', acceptedOutcomeKey)
        .$if(owners !== undefined, (query) => query.where('owner_id', 'in', owners ?? []))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The export rows, read by keyset in chunks so memory stays flat. */
    async *exportRows(filter: FollowUpFilter, chunkSize = 2000) {
      let after: FollowUpCursor | undefined;
      for (;;) {
        const rows = (await selectFollowUp(followUpCondition(filter, local), after)
          .select([
            local.dateTimeText(sql`l.status_changed_at`).as('acceptedAtText'),
            local.dateTimeText(sql`l.registration_confirmed_at`).as('registrationConfirmedAtText'),
          ])
          .limit(chunkSize)
          .execute()) as FollowUpExportRow[];
        if (rows.length === 0) return;
        yield rows;
        const last = rows[rows.length - 1];
        if (rows.length < chunkSize || !last) return;
        after = { at: last.acceptedAtKey, id: last.id };
      }
    },
  };
}
export type FollowUpRepository = ReturnType<typeof createFollowUpRepository>;
