import { z } from 'zod';
import { normaliseCpf } from '../../core/cpf.ts';
import type { ColumnMapping, LeadField } from '../../core/imports.ts';
import { ufs } from '../../core/leads.ts';
import { normaliseBrazilianPhone } from '../../core/phone.ts';

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
  | { ok: true; lead: ImportedLead }
  | { ok: false; reason: string; raw: Record<string, string> };

// The same rules as the schemas, without a parse per cell: a file has a million of them.
const emailPattern = z.regexes.email;
const knownUfs = new Set<string>(ufs);
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

function clean(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, maxTextLength);
}

/** Checks and normalises one row; a row with any problem is rejected whole, with every reason. */
export function normaliseRow(cells: string[], layout: RowLayout): RowResult {
  const field = (name: LeadField) => {
    const index = layout.fieldIndex[name];
    return index === undefined ? '' : clean(cells[index]);
  };
  const reasons: string[] = [];
  const name = field('name');
  if (!name) reasons.push('Nome vazio.');
  const phoneRaw = field('phone');
  const phone = normaliseBrazilianPhone(phoneRaw);
  if (!phone.ok) reasons.push(phone.reason);
  const emailText = field('email').toLowerCase();
  if (emailText && !emailPattern.test(emailText)) reasons.push('E-mail inválido.');
  const cpfText = field('cpf');
  const cpf = cpfText ? normaliseCpf(cpfText) : undefined;
  if (cpfText && !cpf) reasons.push('CPF inválido.');
  const uf = field('uf').toUpperCase();
  if (uf && !knownUfs.has(uf)) reasons.push('UF inválida.');

  if (reasons.length > 0 || !phone.ok) {
    const raw: Record<string, string> = {};
    layout.columns.forEach((column, index) => {
      raw[column] = cells[index] ?? '';
    });
    return { ok: false, reason: reasons.join(' '), raw };
  }
  const extra: Record<string, string> = {};
  for (const index of layout.extraIndexes) {
    const value = clean(cells[index]);
    const column = layout.columns[index];
    if (value && column !== undefined) extra[column] = value;
  }
  return {
    ok: true,
    lead: {
      name,
      phone: phone.e164,
      phoneRaw,
      email: emailText || null,
      cpf: cpf ?? null,
      city: field('city') || null,
      uf: uf || null,
      notes: field('notes') || null,
      extra,
    },
  };
}
