import { z } from 'zod';
import { normaliseBrazilianPhone } from './phone.ts';
import { requiredText } from './required-text.ts';

/**
 * External do-not-call lists: the São Paulo Procon "Bloqueio de telemarketing" register,
 * other states' registers, the company's own file. Each is kept under its name with the date
 * of the list; loading a file under a name that exists replaces that list, applying the
 * difference.
 */
export const blockListSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `YYYY-MM-DD`. */
  listDate: z.iso.date(),
  phoneCount: z.number().int(),
  /** Leads taken out of circulation by this list's numbers, over all its loads. */
  leadsBlocked: z.number().int(),
  loadedByName: z.string().nullable(),
  loadedAt: z.iso.datetime(),
});
export type BlockListSource = z.infer<typeof blockListSourceSchema>;

export const blockListSourcesSchema = z.object({ sources: z.array(blockListSourceSchema) });

/** The form's fields beside the file (multipart). */
export const loadBlockListFieldsSchema = z.object({
  name: requiredText({
    empty: 'Informe o nome da lista.',
    max: 80,
    tooLong: 'Nome da lista com mais de 80 caracteres.',
  }),
  listDate: z.iso.date({ error: 'Informe a data da lista (dia, mês e ano).' }),
});
export type LoadBlockListFields = z.infer<typeof loadBlockListFieldsSchema>;

export const blockListLoadResultSchema = z.object({
  source: blockListSourceSchema,
  /** Whether a list of that name existed: its numbers were replaced by the file's. */
  replaced: z.boolean(),
  added: z.number().int(),
  removed: z.number().int(),
  /** Rows with no Brazilian phone in the columns read (a header is not counted). */
  ignoredRows: z.number().int(),
  /** The first few of those rows' numbers, as a spreadsheet counts them. */
  ignoredRowExamples: z.array(z.number().int()),
  leadsBlocked: z.number().int(),
});
export type BlockListLoadResult = z.infer<typeof blockListLoadResultSchema>;

export const blockListParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** A list's name as compared: case, accents' composition and spacing do not make another list. */
export function blockListNameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
}

/** A header cell naming a column of phones, or of their area codes. */
const phoneHeader = /telefone|fone|celular|cel\b|whats|n[uú]mero|^num|ddd|contato|linha/i;

/**
 * The columns a block list's rows are read from: with a header naming phone columns, only
 * those (a CPF or a date beside them is never taken for a phone); otherwise every column.
 */
export function phoneColumnsOf(header: string[]): number[] | undefined {
  const named = header.flatMap((cell, index) => (phoneHeader.test(cell.trim()) ? [index] : []));
  return named.length > 0 ? named : undefined;
}

const digitsOf = (cell: string) => cell.replace(/\D/g, '');

/**
 * The Brazilian phones of one row, in E.164: a cell holding a whole phone in any spelling, or
 * an area-code cell followed by the number's cell (`11;98765-4321`, as registers often come).
 */
export function phonesInRow(cells: string[], columns?: number[]): string[] {
  const read = columns ? columns.map((index) => cells[index] ?? '') : cells;
  const phones: string[] = [];
  for (let index = 0; index < read.length; index++) {
    const cell = read[index] as string;
    const digits = digitsOf(cell);
    if (digits.length < 2) continue;
    let candidate = cell;
    const next = digitsOf(read[index + 1] ?? '');
    const isAreaCode = digits.length === 2 || (digits.length === 3 && digits.startsWith('0'));
    if (isAreaCode && (next.length === 8 || next.length === 9)) {
      candidate = digits.slice(-2) + next;
      index++;
    } else if (digits.length < 10) {
      continue;
    }
    const phone = normaliseBrazilianPhone(candidate);
    if (phone.ok) phones.push(phone.e164);
  }
  return phones;
}
