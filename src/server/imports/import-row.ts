import type { ColumnMapping, LeadField } from '../../core/imports.ts';
import { checkLeadFields, leadTextWithoutInvisible } from '../../core/lead-fields.ts';

export interface ImportedLead {
  name: string;
  phone: string;
  phoneRaw: string;
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

/** Column positions of each mapped field and of the free columns, computed once per file. */
export interface RowLayout {
  columns: string[];
  fieldIndex: Partial<Record<LeadField, number>>;
  extraIndexes: number[];
}

export function rowLayout(columns: string[], mapping: ColumnMapping): RowLayout {
  const fieldIndex: Partial<Record<LeadField, number>> = {};
  const extraIndexes: number[] = [];
  columns.forEach((column, index) => {
    const field = mapping[column];
    if (field) fieldIndex[field] = index;
    else extraIndexes.push(index);
  });
  return { columns, fieldIndex, extraIndexes };
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
  const phoneRaw = field('phone');
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
      email: checked.email,
      cpf: checked.cpf,
      city: field('city') || null,
      uf: checked.uf,
      notes: field('notes') || null,
      extra,
    },
    warnings: warned ? [...checked.warnings, invisibleCharactersRemoved] : checked.warnings,
  };
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
