import { z } from 'zod';
import { normaliseCpf } from './cpf.ts';
import type { LeadField } from './imports.ts';
import { stripFormatCharacters, stripFormatCharactersFromProse } from './invisible-characters.ts';
import { normaliseBrazilianPhone } from './phone.ts';
import { requiredText } from './required-text.ts';

/**
 * The rules a lead's own fields obey, wherever a lead is written: the import (a row of a file),
 * the API (the correction of a lead) and the form that sends that correction.
 */

/** The 27 federative units of Brazil. */
export const ufs = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof ufs)[number];
const knownUfs = new Set<string>(ufs);

export const leadFieldMessages = {
  /** A form asks for the name; an import report states what the row lacks. */
  nameRequired: 'Informe o nome.',
  nameMissing: 'Nome vazio.',
  phoneRequired: 'Informe o telefone.',
  emailInvalid: 'E-mail inválido.',
  cpfInvalid: 'CPF inválido.',
  ufInvalid: 'UF inválida.',
  /** An import keeps a callable row whose optional field is wrong, without that field. */
  emailLeftOut: 'E-mail inválido: importado sem o e-mail.',
  cpfLeftOut: 'CPF inválido: importado sem o CPF.',
  ufLeftOut: 'UF inválida: importado sem a UF.',
} as const;

export const leadFieldMaxLengths = {
  name: 200,
  phone: 40,
  email: 254,
  cpf: 20,
  city: 120,
  notes: 4000,
} as const;

/**
 * An e-mail as stored (lower case), or undefined when it is not one. Zod's own pattern without
 * a parse per value: an import checks a million of them.
 */
export function normaliseEmail(text: string): string | undefined {
  const email = text.toLowerCase();
  return z.regexes.email.test(email) ? email : undefined;
}

/** A federative unit as stored (upper case), or undefined when it is not one of the 27. */
export function normaliseUf(text: string): string | undefined {
  const uf = text.toUpperCase();
  return knownUfs.has(uf) ? uf : undefined;
}

/**
 * A lead's text without the invisible characters that can make it show something else (see
 * invisible-characters.ts). Notes and a file's free columns are prose and keep the joiners
 * emoji need; every other field loses every format character. The import applies it to each
 * cell, the schemas below to each field.
 */
export function leadTextWithoutInvisible(field: LeadField | 'extra', text: string): string {
  return field === 'notes' || field === 'extra'
    ? stripFormatCharactersFromProse(text)
    : stripFormatCharacters(text);
}

/** A lead's checked fields as read from a file: trimmed text, '' where the file has none. */
export interface LeadFieldTexts {
  name: string;
  phone: string;
  email: string;
  cpf: string;
  uf: string;
}

export type LeadFieldsCheck =
  | {
      ok: true;
      phone: string;
      email: string | null;
      cpf: string | null;
      uf: string | null;
      /** What was wrong with the optional fields left out. */
      warnings: string[];
    }
  | { ok: false; reasons: string[] };

/**
 * An imported row's rules. A lead is someone to call: a row without a name or a callable phone
 * is refused, with every reason at once; a wrong e-mail, CPF or UF is left out and said.
 */
export function checkLeadFields(fields: LeadFieldTexts): LeadFieldsCheck {
  const reasons: string[] = [];
  if (!fields.name) reasons.push(leadFieldMessages.nameMissing);
  const phone = normaliseBrazilianPhone(fields.phone);
  if (!phone.ok) reasons.push(phone.reason);
  if (reasons.length > 0 || !phone.ok) return { ok: false, reasons };
  const warnings: string[] = [];
  const optional = (
    text: string,
    normalise: (text: string) => string | undefined,
    left: string,
  ) => {
    if (!text) return null;
    const value = normalise(text);
    if (value !== undefined) return value;
    warnings.push(left);
    return null;
  };
  return {
    ok: true,
    phone: phone.e164,
    email: optional(fields.email, normaliseEmail, leadFieldMessages.emailLeftOut),
    cpf: optional(fields.cpf, normaliseCpf, leadFieldMessages.cpfLeftOut),
    uf: optional(fields.uf, normaliseUf, leadFieldMessages.ufLeftOut),
    warnings,
  };
}

/** Optional free text: stripped of invisible characters, trimmed; an emptied field is null. */
const optionalLeadText = (field: 'city' | 'notes') =>
  z
    .string()
    .overwrite((text) => leadTextWithoutInvisible(field, text))
    .trim()
    .max(leadFieldMaxLengths[field], {
      error: `No máximo ${leadFieldMaxLengths[field]} caracteres.`,
    })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const leadCitySchema = optionalLeadText('city');
export const leadNotesSchema = optionalLeadText('notes');

/** Optional text that, when given, must pass `normalise`; it is stored as normalised. */
const optionalNormalisedText = (
  max: number,
  normalise: (text: string) => string | undefined,
  message: string,
) =>
  z
    .string()
    .overwrite(stripFormatCharacters)
    .trim()
    .max(max, { error: `No máximo ${max} caracteres.` })
    .transform((text, context) => {
      if (text === '') return null;
      const value = normalise(text);
      if (value === undefined) {
        context.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return value;
    })
    .nullable()
    .optional();

/** A name: one made only of invisible characters is no name. */
export const leadNameSchema = requiredText({
  empty: leadFieldMessages.nameRequired,
  max: leadFieldMaxLengths.name,
});

/**
 * A phone as typed: checked here, but kept as typed, because the lead keeps the text it was
 * given beside the E.164 number the server derives from it.
 */
export const leadPhoneSchema = z
  .string()
  .overwrite(stripFormatCharacters)
  .trim()
  .min(1, { error: leadFieldMessages.phoneRequired, abort: true })
  .max(leadFieldMaxLengths.phone, { abort: true })
  .superRefine((text, context) => {
    const phone = normaliseBrazilianPhone(text);
    if (!phone.ok) context.addIssue({ code: 'custom', message: phone.reason });
  });

export const leadEmailSchema = optionalNormalisedText(
  leadFieldMaxLengths.email,
  normaliseEmail,
  leadFieldMessages.emailInvalid,
);

export const leadCpfSchema = optionalNormalisedText(
  leadFieldMaxLengths.cpf,
  normaliseCpf,
  leadFieldMessages.cpfInvalid,
);

/** A state's two letters exactly, as stored (and as the keys of per-state settings). */
export const ufCodeSchema = z.enum(ufs, { error: leadFieldMessages.ufInvalid });

/** A state as people type it: spaces and case aside. */
export const ufSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(ufCodeSchema);
