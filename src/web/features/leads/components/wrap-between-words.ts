import type { CSSProperties } from 'react';

/**
 * Long texts in cells wrap at spaces and hyphens; a word is cut only when it alone is wider
 * than the whole line. `overflowWrap: 'anywhere'` let a table shrink a column below its
 * longest word, and "Demonstração" came out as "Demonstraç/ão".
 */
export const wrapBetweenWords: CSSProperties = {
  overflowWrap: 'break-word',
  wordBreak: 'normal',
  hyphens: 'none',
};
