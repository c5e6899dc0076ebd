/**
 * exceljs weighs some 25 MB once loaded; a server that never reads or writes an XLSX
 * (most imports are CSV) does not pay for it.
 */
export function loadExcelJs() {
  return import('exceljs');
}
