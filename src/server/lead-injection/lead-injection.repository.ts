import { type Kysely, sql } from 'kysely';
import { phoneIsBlocked, phoneIsFree } from '../db/blocked-phones.ts';
import type { Database } from '../db/schema.ts';
import { insertNumbers } from '../imports/index.ts';

/** A lead sent by API once normalised, as the staging table of a file import holds a row. */
export interface InjectionRow {
  index: number;
  external_id: string | null;
  name: string;
  phone: string;
  phone_raw: string;
  email: string | null;
  cpf: string | null;
  city: string | null;
  uf: string | null;
  notes: string | null;
  extra: Record<string, string>;
  /** Every number of a lead that has several, its main one first; else null. */
  phones: unknown[] | null;
  other_phones: string[] | null;
}

/** Why a lead sent was not made: found by its external id, blocked, or a number taken. */
export interface NotInserted {
  index: number;
  existingId: number | null;
  blocked: boolean;
  duplicateOf: number | null;
}

/** How long an `Idempotency-Key` and the answer stored with it are kept (decision 023). */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;

const rowColumns = sql`
  index int, external_id text, name text, phone text, phone_raw text, email text, cpf text,
  city text, uf text, notes text, extra jsonb, phones jsonb, other_phones text[]`;

/**
 * The same checks as the file import's staging statements (import-chunk.sql.ts): a
 * blocked main number is refused, a lead none of whose numbers is a lead's already is made,
 * its numbers kept as an imported one's are. The unique indexes on a lead's phone and on its
 * source's external id settle two requests racing for the same lead.
 */
export function createLeadInjectionRepository() {
  return {
    async insert(
      trx: Kysely<Database>,
      rows: InjectionRow[],
      source: string,
    ): Promise<Map<number, number>> {
      const made = await sql<{ id: number; phone: string }>`
        WITH first AS MATERIALIZED (
          SELECT i.* FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i (${rowColumns})
           WHERE ${sql.raw(phoneIsFree('i.phone'))}
             AND NOT EXISTS (SELECT 1 FROM lead_phones p WHERE p.phone = i.phone)
             AND (i.other_phones IS NULL OR (
                   NOT EXISTS (SELECT 1 FROM leads l WHERE l.phone = ANY (i.other_phones))
               AND NOT EXISTS (SELECT 1 FROM lead_phones p WHERE p.phone = ANY (i.other_phones))))
        )
        INSERT INTO leads (name, phone, phone_raw, email, cpf, city, uf, notes, extra,
                           source, external_id)
        SELECT name, phone, phone_raw, email, cpf, city, uf, notes, extra, ${source}, external_id
          FROM first
        ON CONFLICT DO NOTHING
        RETURNING id::int, phone`.execute(trx);
      // Each row's main number is its own within the batch: it tells which row a lead is.
      const indexOf = new Map(rows.map((row) => [row.phone, row.index]));
      const ids = new Map(made.rows.map((lead) => [indexOf.get(lead.phone) as number, lead.id]));
      const withNumbers = rows.filter((row) => row.phones !== null && ids.has(row.index));
      if (withNumbers.length > 0) {
        // The import's own statement, over the leads just made and their rows ("made").
        await sql`
          WITH made AS (
            SELECT l.id, i.phones
              FROM jsonb_to_recordset(${JSON.stringify(withNumbers)}::jsonb) AS i (${rowColumns})
              JOIN leads l ON l.phone = i.phone
             WHERE l.id = ANY (${withNumbers.map((row) => ids.get(row.index))}::bigint[]))
          ${sql.raw(insertNumbers)}`.execute(trx);
      }
      return ids;
    },

    /** What stopped each of `rows` from being made. */
    async explain(
      trx: Kysely<Database>,
      rows: InjectionRow[],
      source: string,
    ): Promise<NotInserted[]> {
      if (rows.length === 0) return [];
      const input = JSON.stringify(rows);
      const result = await sql<NotInserted>`
        SELECT i.index,
               (SELECT l.id::int FROM leads l
                 WHERE l.source = ${source} AND l.external_id = i.external_id) AS "existingId",
               ${sql.raw(phoneIsBlocked('i.phone'))} AS blocked,
               coalesce(
                 (SELECT l.id FROM leads l WHERE l.phone = i.phone),
                 (SELECT p.lead_id FROM lead_phones p WHERE p.phone = i.phone),
                 (SELECT min(l.id) FROM leads l WHERE l.phone = ANY (i.other_phones)),
                 (SELECT min(p.lead_id) FROM lead_phones p WHERE p.phone = ANY (i.other_phones))
               )::int AS "duplicateOf"
          FROM jsonb_to_recordset(${input}::jsonb) AS i (${rowColumns})`.execute(trx);
      return result.rows;
    },

    /**
     * Takes `key` for this request, or answers the request that took it: a second request with
     * the same key waits here until the first commits (or rolls back and frees it). A key is
     * kept a day; after that it may be used again.
     */
    async claimKey(
      trx: Kysely<Database>,
      tokenId: number,
      key: string,
      requestHash: string,
    ): Promise<{ requestHash: string; statusCode: number; response: unknown } | 'claimed'> {
      await trx
        .deleteFrom('api_idempotency_keys')
        .where('api_token_id', '=', tokenId)
        .where('key', '=', key)
        .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
      const claimed = await trx
        .insertInto('api_idempotency_keys')
        .values({ api_token_id: tokenId, key, request_hash: requestHash })
        .onConflict((conflict) => conflict.doNothing())
        .returning('key')
        .executeTakeFirst();
      if (claimed) return 'claimed';
      const earlier = await trx
        .selectFrom('api_idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('api_token_id', '=', tokenId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return {
        requestHash: earlier.request_hash,
        statusCode: earlier.status_code ?? 200,
        response: earlier.response,
      };
    },

    /** Deletes up to `limit` keys taken before `before`, with their answers; answers how many. */
    async purgeKeys(db: Kysely<Database>, before: Date, limit = 5000): Promise<number> {
      const result = await sql`
        delete from api_idempotency_keys where (api_token_id, key) in (
          select api_token_id, key from api_idempotency_keys
          where created_at < ${before}
          limit ${limit}
        )
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    async storeAnswer(
      trx: Kysely<Database>,
      tokenId: number,
      key: string,
      statusCode: number,
      response: unknown,
    ): Promise<void> {
      await trx
        .updateTable('api_idempotency_keys')
        .set({ status_code: statusCode, response: JSON.stringify(response) })
        .where('api_token_id', '=', tokenId)
        .where('key', '=', key)
        .execute();
    },
  };
}
export type LeadInjectionRepository = ReturnType<typeof createLeadInjectionRepository>;
