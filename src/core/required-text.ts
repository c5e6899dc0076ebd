import { z } from 'zod';
import { stripFormatCharacters, stripFormatCharactersFromProse } from './invisible-characters.ts';

export interface RequiredTextOptions {
  /** The message when the field is missing or holds nothing visible. */
  empty: string;
  /** The message when it is not text at all; `empty` without one. */
  notText?: string;
  max: number;
  /** The message past `max`; "No máximo N caracteres." without one. */
  tooLong?: string;
  /** At least this many characters (1 without it), and the message below it. */
  min?: number;
  tooShort?: string;
  /**
   * Prose (a message, a reason) keeps the joiners emoji need (invisible-characters.ts); it is
   * still empty when nothing else is left.
   */
  prose?: boolean;
}

/**
 * Every free-text field that may not be empty (a name, a label, a reason, a message): the
 * format characters go before the text is trimmed and measured, so a text made only of
 * invisible characters is empty, and refused with `empty`.
 */
export function requiredText(options: RequiredTextOptions) {
  const { empty, max, min = 1, prose = false } = options;
  const text = z
    .string({ error: options.notText ?? empty })
    .overwrite(prose ? stripFormatCharactersFromProse : stripFormatCharacters)
    .trim()
    .min(min, { error: options.tooShort ?? empty })
    .max(max, { error: options.tooLong ?? `No máximo ${max} caracteres.` });
  if (!prose) return text;
  return text.refine((kept) => stripFormatCharacters(kept).trim() !== '', { error: empty });
}
