/**
 * exceljs weighs some 25 MB once loaded; a server that never writes an XLSX export does not
 * pay for it. (Imports read XLSX with their own streaming reader, see decision 012.)
 */
export function loadExcelJs() {
  return import('exceljs');
}
