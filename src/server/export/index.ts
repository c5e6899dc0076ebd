/** Spreadsheet and CSV answers shared by the features that export lists. */
export { csvBom, csvLines } from './csv.ts';
export { loadExcelJs } from './load-exceljs.ts';
export {
  type Cell,
  neutraliseCell,
  type SpreadsheetLayout,
  sendSpreadsheet,
  textCell,
} from './spreadsheet-export.ts';
