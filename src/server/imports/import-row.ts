import { type ColumnMapping, type LeadField, phoneFields } from '../../core/imports.ts';
import { checkLeadFields, leadTextWithoutInvisible } from '../../core/lead-fields.ts';
import { normaliseBrazilianPhone } from '../../core/phone.ts';

/** One of a lead's numbers as the file gave it, normalised. */
export interface ImportedPhone {
  phone: string;
  raw: string;
  /** The column's name. */
  label: string;
  whatsapp: boolean;
}

export interface ImportedLead {
  name: string;
  phone: string;
  phoneRaw: string;
  /** Every number of the row, its main one (`phone`) first, when it has more than one. */
  phones: ImportedPhone[] | null;
  email: string | null;
  cpf: string | null;
  city: string | null;
  uf: string | null;
  notes: string | null;
  extra: Record<string, string>;
}

export type RowResult =
  /**
   * `warnings`: what was changed to import it (a wrong e-mail, CPF or UF left out, invisible
   * characters taken out); the import report counts and lists these rows.
   */
  | { ok: true; lead: ImportedLead; warnings: string[] }
  | { ok: false; reason: string; raw: Record<string, string> };

const maxTextLength = 500;

/**
 * Column positions of each mapped field, of the phone columns in the file's order and of the
 * free columns, computed once per file.
 */
export interface RowLayout {
  columns: string[];
  fieldIndex: Partial<Record<LeadField, number>>;
  phoneIndexes: { index: number; whatsapp: boolean }[];
  extraIndexes: number[];
}

export function rowLayout(columns: string[], mapping: ColumnMapping): RowLayout {
  const fieldIndex: Partial<Record<LeadField, number>> = {};
  const phoneIndexes: RowLayout['phoneIndexes'] = [];
  const extraIndexes: number[] = [];
  columns.forEach((column, index) => {
    const field = mapping[column];
    if (field && phoneFields.includes(field)) {
      phoneIndexes.push({ index, whatsapp: field === 'whatsapp' });
    } else if (field) fieldIndex[field] = index;
    else extraIndexes.push(index);
  });
  return { columns, fieldIndex, phoneIndexes, extraIndexes };
}

function clean(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, maxTextLength);
}

/**
 * Checks and normalises one row: refused with every reason, or accepted with what was changed.
 * Invisible characters are taken out before the checks, so a name made only of them is empty.
 */
export function normaliseRow(cells: string[], layout: RowLayout): RowResult {
  let warned = false;
  const text = (value: string | undefined, kind: LeadField | 'extra') => {
    const cell = value ?? '';
    const visible = leadTextWithoutInvisible(kind, cell);
    if (visible.length !== cell.length) warned = true;
    return clean(visible);
  };
  const field = (name: LeadField) => {
    const index = layout.fieldIndex[name];
    return index === undefined ? '' : text(cells[index], name);
  };
  const name = field('name');
  const phoneText = (cell: string | undefined) => text(cell, 'phone');
  // Most files have one phone column: its number is checked once, below, as it always was.
  const [onlyColumn, ...otherColumns] = layout.phoneIndexes;
  const numbers = otherColumns.length > 0 ? rowPhones(cells, layout, phoneText) : noOtherPhones;
  // The main number: the first valid one; with none, the first given, for its refusal's reason.
  const phoneRaw =
    otherColumns.length > 0
      ? (numbers.phones[0]?.raw ?? numbers.firstRefused ?? '')
      : phoneText(onlyColumn && cells[onlyColumn.index]);
  const checked = checkLeadFields({
    name,
    phone: phoneRaw,
    email: field('email'),
    cpf: field('cpf'),
    uf: field('uf'),
  });
  if (!checked.ok)
    return { ok: false, reason: checked.reasons.join(' '), raw: rawRow(cells, layout) };
  const extra: Record<string, string> = {};
  for (const index of layout.extraIndexes) {
    const value = text(cells[index], 'extra');
    const column = layout.columns[index];
    if (value && column !== undefined) extra[column] = value;
  }
  return {
    ok: true,
    lead: {
      name,
      phone: checked.phone,
      phoneRaw,
      phones: numbers.phones.length > 1 ? numbers.phones : null,
      email: checked.email,
      cpf: checked.cpf,
      city: field('city') || null,
      uf: checked.uf,
      notes: field('notes') || null,
      extra,
    },
    warnings: [
      ...checked.warnings,
      ...numbers.leftOut,
      ...(warned ? [invisibleCharactersRemoved] : []),
    ],
  };
}

const noOtherPhones = { phones: [], firstRefused: undefined, leftOut: [] };

/**
 * The row's numbers in column order, each once (a WhatsApp column marks the number it repeats),
 * and what was left out: a lead is imported with its valid numbers, its first valid one being
 * the main one, and a row only refused when none of them is valid.
 */
function rowPhones(cells: string[], layout: RowLayout, text: (cell: string | undefined) => string) {
  const phones: ImportedPhone[] = [];
  const leftOut: string[] = [];
  let firstRefused: string | undefined;
  for (const { index, whatsapp } of layout.phoneIndexes) {
    const raw = text(cells[index]);
    if (!raw) continue;
    const label = layout.columns[index] ?? '';
    const result = normaliseBrazilianPhone(raw);
    if (!result.ok) {
      firstRefused ??= raw;
      leftOut.push(`Telefone da coluna "${label}" inválido, deixado de fora: ${result.reason}`);
      continue;
    }
    const same = phones.find((phone) => phone.phone === result.e164);
    if (same) same.whatsapp ||= whatsapp;
    else phones.push({ phone: result.e164, raw, label, whatsapp });
  }
  // Without a valid number the row is refused with the reason: not also a warning.
  return { phones, firstRefused, leftOut: phones.length > 0 ? leftOut : [] };
}

const invisibleCharactersRemoved = 'Caracteres invisíveis removidos.';

/** The row as the file had it, by column, for the lists of refused and changed rows. */
export function rawRow(cells: string[], layout: RowLayout): Record<string, string> {
  const raw: Record<string, string> = {};
  layout.columns.forEach((column, index) => {
    raw[column] = cells[index] ?? '';
  });
  return raw;
}
