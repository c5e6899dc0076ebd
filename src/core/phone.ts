import { type E164Number, type MetadataJson, PhoneNumber } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/metadata.max.json';

export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: string };

/**
 * A Brazilian phone in any common spelling — `(11) 98765-4321`, `11987654321`,
 * `+55 11 98765-4321`, `011 98765 4321`, `55011987654321`, 8-digit landlines — to E.164.
 */
export function normaliseBrazilianPhone(input: string): PhoneResult {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 0) return { ok: false, reason: 'Telefone vazio.' };
  let national = digits;
  if (input.trim().startsWith('+') || (digits.startsWith('55') && digits.length >= 12)) {
    if (!digits.startsWith('55')) return { ok: false, reason: 'Telefone de fora do Brasil.' };
    national = digits.slice(2);
  }
  // The trunk prefix 0 (and a carrier code after it, as in 0 21 11 …) is dialled, not stored.
  if (national.startsWith('0')) {
    national = national.slice(1);
    if (national.length === 12 || national.length === 13) national = national.slice(2);
  }
  if (national.length !== 10 && national.length !== 11) {
    return { ok: false, reason: 'Telefone deve ter DDD e 8 ou 9 dígitos.' };
  }
  const e164 = `+55${national}`;
  if (!isValidNational(national)) return { ok: false, reason: 'Telefone inválido.' };
  return { ok: true, e164 };
}

/**
 * Whether the library (with its full metadata) takes a national number of 10 or 11 digits as
 * valid. For Brazil its patterns read only the length and the first three digits (the area
 * code and the kind of line: landline, mobile, 300, 800…), so the answer is kept per length
 * and prefix: a list of a million phones asks the library a few hundred times, not a million.
 * `phone.test.ts` checks that claim against the metadata installed.
 */
const validByPrefix = new Map<string, boolean>();

export function isValidNational(national: string): boolean {
  const key = `${national.length}:${national.slice(0, 3)}`;
  let valid = validByPrefix.get(key);
  if (valid === undefined) {
    valid = isValidByLibrary(national);
    validByPrefix.set(key, valid);
  }
  return valid;
}

/** The library's own answer for one national number. */
export function isValidByLibrary(national: string): boolean {
  return new PhoneNumber(`+55${national}` as E164Number, metadata as MetadataJson).isValid();
}

/** `+5511987654321` → `(11) 98765-4321`. */
export function formatBrazilianPhone(e164: string): string {
  const national = e164.replace(/^\+55/, '');
  const area = national.slice(0, 2);
  const number = national.slice(2);
  const split = number.length - 4;
  return `(${area}) ${number.slice(0, split)}-${number.slice(split)}`;
}
