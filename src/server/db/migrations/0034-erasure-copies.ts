import { type Kysely, sql } from 'kysely';

/**
 * An erasure (LGPD art. 18) reaches the copies of a person that are not on their lead.
 *
 * - The rows of a file kept for the import's lists (`import_rejections.raw`: refused rows and
 *   rows imported with a warning, duplicates included) do not say which lead they made or
 *   matched; a duplicate may sit in any batch. The erasure finds them by what identifies the
 *   person: each row is indexed by `cca_import_row_keys`, the lower-cased e-mails and the
 *   digits (8 to 14 of them: phones in every spelling, CPFs) of its cells, and the erasure
 *   looks up the same keys made from the lead (import-rows-erasure.sql.ts). The index is written
 *   for each refused or warned row an import stores: the digits are kept by `translate`
 *   rather than a regular expression, and nothing is sorted, the cheapest form measured
 *   (200,000 rows of 8 cells: 0.3 s to insert without the index, about 8 s with it).
 * - A merge used to delete the other lead and leave its webhook deliveries naming a lead that
 *   no longer exists, out of reach of the merged lead's erasure. Those deliveries now follow
 *   the lead they were merged into (found by the history row the merge wrote, which follows
 *   each later merge too), and the ones whose lead was since erased lose the person's data,
 *   as the erasure takes it out of a lead's own deliveries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION cca_import_row_keys(raw jsonb) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$
        SELECT array(SELECT key FROM (
          SELECT CASE WHEN strpos(value, '@') > 0 THEN lower(btrim(value))
                      ELSE translate(value, translate(value, '0123456789', ''), '') END AS key
            FROM jsonb_each_text(CASE jsonb_typeof(raw) WHEN 'object' THEN raw ELSE '{}' END)
        ) keys WHERE strpos(key, '@') > 0 OR length(key) BETWEEN 8 AND 14)
      $$;
    CREATE INDEX import_rejections_keys_idx ON import_rejections
      USING gin (cca_import_row_keys(raw));

    WITH merged AS (
      SELECT lead_id AS into_id,
             substring(reason FROM '^Mesclado com outro lead: lead #([0-9]+) juntou-se a este')::bigint
               AS merged_id
        FROM lead_history
       WHERE reason LIKE 'Mesclado com outro lead: lead #%'
    )
    UPDATE webhook_deliveries d SET lead_id = merged.into_id
      FROM merged
     WHERE d.lead_id = merged.merged_id
       AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = d.lead_id);

    UPDATE webhook_deliveries d
       SET payload = jsonb_set(
         jsonb_set(d.payload, '{data,lead}', jsonb_build_object(
           'id', coalesce(d.payload #> '{data,lead,id}', to_jsonb(d.lead_id)),
           'externalId', d.payload #> '{data,lead,externalId}', 'erased', true)),
         '{data,attempt,note}', 'null', false)
      FROM leads l
     WHERE l.id = d.lead_id AND l.erased_at IS NOT NULL AND d.event <> 'lead.erased'
       AND d.payload #> '{data,lead,erased}' IS NULL;
  `.execute(db);
}
