import { normaliseCpf } from '../../core/cpf.ts';
import { normaliseBrazilianPhone } from '../../core/phone.ts';

/** What the search box of /leads/list was understood to mean. */
export type LeadSearch =
  | { kind: 'email'; email: string }
  | { kind: 'number'; phone: string | undefined; cpf: string | undefined; digits: string }
  | { kind: 'name'; words: string[] };

/**
 * An e-mail has an @; text with letters is a name, searched word by word; anything else is a number: a whole phone
 * in any spelling (matched exactly on its E.164 form), a CPF with valid check digits, or
 * else a piece of a phone.
 */
export function parseLeadSearch(q: string): LeadSearch | undefined {
  const text = q.trim();
  if (text === '') return undefined;
  if (text.includes('@')) return { kind: 'email', email: text.toLowerCase() };
  const digits = text.replace(/\D/g, '');
  if (/\p{L}/u.test(text) || digits === '') return { kind: 'name', words: text.split(/\s+/) };
  const phone = digits.length >= 8 ? normaliseBrazilianPhone(text) : undefined;
  const cpf = digits.length === 11 ? normaliseCpf(digits) : undefined;
  return { kind: 'number', phone: phone?.ok ? phone.e164 : undefined, cpf, digits };
}

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
