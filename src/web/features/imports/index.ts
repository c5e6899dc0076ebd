/** What other features may use of the imports; the router loads its page directly. */
export { importKeys } from './api/import-query-keys.ts';
export { useUndoImport } from './api/undo-import.ts';
