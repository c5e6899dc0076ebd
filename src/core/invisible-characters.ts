/**
 * Characters that draw nothing but change what a text shows or what it is: the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder what follows them,
 * so a list can show one name for another; zero-width characters (U+200B–U+200F, U+2060,
 * U+FEFF) and the soft hyphen (U+00AD) make two names that look alike different strings. Unicode
 * files them all, with a few more of the kind, as format characters (category Cf).
 */
const formatCharacters = /\p{Cf}/gu;

/**
 * The format characters that prose needs: the joiners that build emoji (👨‍👩‍👧) and join
 * letters in some scripts, and the tags of regional flags. None of them reorders text.
 */
const formatCharactersOutsideProse = /(?!\u200C|\u200D|[\u{E0020}-\u{E007F}])\p{Cf}/gu;

/** A name, or any short text that names or identifies: without any format character. */
export function stripFormatCharacters(text: string): string {
  return text.replace(formatCharacters, '');
}

/** Free prose (notes): without the format characters that reorder or hide text. */
export function stripFormatCharactersFromProse(text: string): string {
  return text.replace(formatCharactersOutsideProse, '');
}
