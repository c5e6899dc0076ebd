import { z } from 'zod';

/**
 * A backup file: gzip around a text made of PostgreSQL's own COPY output (decision 037).
 *
 *     CCA-BACKUP 1
 *     {"createdAt": …, "migrations": […], "tables": […], "sequences": […]}
 *     COPY "leads" ("id", "name", …) FROM stdin;
 *     …rows in COPY's text format…
 *     \.
 *     COPY "lead_phones" …
 *
 * The sections after the manifest are what pg_dump writes for a table's data, so the file reads
 * as plain SQL data too. COPY's text format escapes every newline and backslash inside a value,
 * so a line holding only `\.` can only end a section.
 */
export const archiveSignature = 'CCA-BACKUP 1';

export const sectionEnd = '\\.\n';

const tableSchema = z.object({
  name: z.string(),
  columns: z.array(z.string()).min(1),
  /** Rows the table had in the backup's snapshot: what the verification must find again. */
  rows: z.number().int().min(0),
});

export const manifestSchema = z.object({
  createdAt: z.iso.datetime({ offset: true }),
  /** CCA's package version that wrote it. */
  appVersion: z.string(),
  serverVersion: z.string(),
  /** The migrations applied to the database backed up, in order: the schema the rows fit. */
  migrations: z.array(z.string()).min(1),
  /** In the order a restore loads them: a table after every table its foreign keys name. */
  tables: z.array(tableSchema),
  sequences: z.array(z.object({ name: z.string(), value: z.string(), isCalled: z.boolean() })),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupTable = z.infer<typeof tableSchema>;

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function copyStatement(
  table: Pick<BackupTable, 'name' | 'columns'>,
  direction: 'TO' | 'FROM',
) {
  const columns = table.columns.map(quoteIdentifier).join(', ');
  const target = direction === 'TO' ? 'STDOUT' : 'STDIN';
  return `COPY ${quoteIdentifier(table.name)} (${columns}) ${direction} ${target}`;
}

/** The line that opens a table's section. */
export const sectionHeader = (table: Pick<BackupTable, 'name' | 'columns'>) =>
  `${copyStatement(table, 'FROM')};\n`;

export class InvalidBackupError extends Error {
  constructor(reason: string) {
    super(`O arquivo não é um backup do CCA válido: ${reason}.`);
  }
}
