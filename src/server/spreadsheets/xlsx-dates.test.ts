import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExcelJs } from '../export/index.ts';
import type { FileRow } from './file-row.ts';
import { isDateFormatCode, serialDateText } from './xlsx-dates.ts';
import { readXlsxPreview, readXlsxRows } from './xlsx-reader.ts';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'cca-xlsx-dates-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('dates in an XLSX', () => {
  it('reads date cells as dd/mm/aaaa, not as the serial number Excel stores', async () => {
    const { default: ExcelJS } = await loadExcelJs();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Leads');
    sheet.addRow(['Nome', 'Telefone', 'Nascimento', 'Cadastro', 'Pedidos']);
    const row = sheet.addRow([
      'Ana',
      '11987654321',
      new Date(Date.UTC(2023, 11, 31)),
      45_306.6041666667,
      45_291,
    ]);
    // Excel's own short date (a built-in format), a custom date-and-time, and a plain number.
    row.getCell(3).numFmt = 'mm-dd-yy';
    row.getCell(4).numFmt = 'dd/mm/yyyy hh:mm';
    const filePath = path.join(workDir, 'datas.xlsx');
    await workbook.xlsx.writeFile(filePath);

    const rows: FileRow[] = [];
    for await (const read of readXlsxRows(filePath)) rows.push(read);
    expect(rows[1]?.cells).toEqual([
      'Ana',
      '11987654321',
      '31/12/2023',
      '15/01/2024 14:30',
      '45291',
    ]);
    expect((await readXlsxPreview(filePath, 2))[1]).toEqual(rows[1]?.cells);
  });

  it('tells date formats from number formats', () => {
    for (const code of ['dd/mm/yyyy', 'd-mmm-yy', '[$-416]dddd, d "de" mmmm', 'hh:mm:ss', 'yyyy']) {
      expect(isDateFormatCode(code), code).toBe(true);
    }
    for (const code of ['0.00', '#,##0', 'General', '"dias" 0', '[Red]0', '@', '0\\d']) {
      expect(isDateFormatCode(code), code).toBe(false);
    }
  });

  it('writes serial days as Brazil does, with the time of day when there is one', () => {
    expect(serialDateText(45_291)).toBe('31/12/2023');
    expect(serialDateText(45_292)).toBe('01/01/2024');
    expect(serialDateText(45_306.6041666667)).toBe('15/01/2024 14:30');
    expect(serialDateText(0.75)).toBe('18:00');
    expect(serialDateText(-3)).toBe('-3');
  });
});
