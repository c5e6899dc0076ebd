import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFile } from './file-inspection.ts';
import type { FileRow } from './file-row.ts';
import { excelLayoutXlsx } from './fixtures/excel-layout-xlsx.ts';
import { zipFile } from './fixtures/zip-file.ts';
import { readFileRowBatches } from './row-reader.ts';
import { readXlsxRows } from './xlsx-reader.ts';
import { XlsxReadError } from './xlsx-xml.ts';

const rowCount = 60_000;
const header = ['Nome', 'Celular', 'E-mail', 'Cidade'];
let workDir: string;
let bigXlsx: string;

function leadRow(n: number): string[] {
  return [`Cliente ${n}`, `(11) 9${80_000_000 + n}`, `c${n}@exemplo.com.br`, 'São Paulo'];
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'cca-xlsx-'));
  bigXlsx = path.join(workDir, 'grande.xlsx');
  // Megabytes of zip: the reader gets it in many chunks, not in one.
  const rows = [header, ...Array.from({ length: rowCount }, (_, index) => leadRow(index + 1))];
  await writeFile(bigXlsx, excelLayoutXlsx(rows));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function readAll(filePath: string, progress = { bytesRead: 0 }) {
  const rows: FileRow[] = [];
  for await (const row of readXlsxRows(filePath, progress)) rows.push(row);
  return rows;
}

// Issue 7: the file started flowing before the zip reader was attached to it, so the chunks
// read meanwhile were lost and the zip was read from the middle ("corrompido"); the first XLSX
// a server read, which loaded the reader, always failed.
describe('a big XLSX with the shared strings after the sheet, as Excel stores them', () => {
  it('is previewed by the first read in the process', async () => {
    const inspection = await inspectFile(bigXlsx);
    expect(inspection).toMatchObject({ format: 'xlsx', columns: header });
    expect(inspection.rows).toHaveLength(20);
    expect(inspection.rows[0]).toEqual(leadRow(1));
    expect(inspection.rows[19]).toEqual(leadRow(20));
  });

  it('is read whole, every row and every byte', async () => {
    const progress = { bytesRead: 0 };
    const rows = await readAll(bigXlsx, progress);
    expect(rows).toHaveLength(rowCount + 1);
    expect(rows[0]).toEqual({ rowNumber: 1, cells: header });
    expect(rows[12_345]).toEqual({ rowNumber: 12_346, cells: leadRow(12_345) });
    expect(rows.at(-1)).toEqual({ rowNumber: rowCount + 1, cells: leadRow(rowCount) });
    expect(progress.bytesRead).toBe((await stat(bigXlsx)).size);
  });
});

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const officeRelationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An XLSX from raw XML parts, to reach what spreadsheet writers seldom produce. */
async function rawXlsx(parts: { sheets: Record<string, string>; sharedStrings?: string }) {
  const names = Object.keys(parts.sheets);
  const filePath = path.join(workDir, `raw-${Math.random().toString(36).slice(2)}.xlsx`);
  const entries = [
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<workbook xmlns="${main}" xmlns:r="${officeRelationships}"><sheets>${names
          .map(
            (name, index) =>
              `<sheet name="${name}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
          )
          .join('')}</sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${names
          .map(
            (name, index) =>
              `<Relationship Id="rId${index + 1}" Type="${officeRelationships}/worksheet" Target="worksheets/${name}.xml"/>`,
          )
          .join(
            '',
          )}<Relationship Id="rIdS" Type="${officeRelationships}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    ...names.map((name) => ({
      name: `xl/worksheets/${name}.xml`,
      data: Buffer.from(parts.sheets[name] as string),
    })),
    ...(parts.sharedStrings
      ? [{ name: 'xl/sharedStrings.xml', data: Buffer.from(parts.sharedStrings) }]
      : []),
  ];
  await writeFile(filePath, zipFile(entries));
  return filePath;
}

describe('cells as spreadsheet writers store them', () => {
  it('reads shared, rich, inline, numeric, boolean and formula cells, gaps and prefixes', async () => {
    const filePath = await rawXlsx({
      sheets: {
        // The workbook lists this one first: it is the first tab, whatever its file name.
        sheet2: `<?xml version="1.0"?><x:worksheet xmlns:x="${main}"><x:sheetData>
          <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="s"><x:v>1</x:v></x:c></x:row>
          <x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:t>Ana &amp; Zé &lt;3&#x1F600;</x:t></x:is></x:c>
            <x:c r="B2"><x:v>5.1999990001E10</x:v></x:c><x:c r="C2" t="b"><x:v>1</x:v></x:c></x:row>
          <x:row r="4"><x:c r="B4" t="str"><x:f>A1&amp;"x"</x:f><x:v>calculado</x:v></x:c>
            <x:c r="C4" t="e"><x:v>#N/A</x:v></x:c></x:row>
          <x:row r="5"><x:c r="A5"/></x:row>
          <x:row><x:c><x:v>7</x:v></x:c><x:c t="s"><x:v>2</x:v></x:c></x:row>
          </x:sheetData></x:worksheet>`,
        sheet1: `<worksheet xmlns="${main}"><sheetData><row r="1"><c t="inlineStr"><is><t>outra aba</t></is></c></row></sheetData></worksheet>`,
      },
      sharedStrings: `<sst xmlns="${main}"><si><t>Nome</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">Tele</t></r><r><t>fone</t></r><rPh><t>フリガナ</t></rPh></si><si><t><![CDATA[a <b> c]]></t></si></sst>`,
    });
    expect(await readAll(filePath)).toEqual([
      { rowNumber: 1, cells: ['Nome', '', 'Telefone'] },
      { rowNumber: 2, cells: ['Ana & Zé <3😀', '51999990001', 'true'] },
      { rowNumber: 4, cells: ['', 'calculado', ''] },
      { rowNumber: 6, cells: ['7', 'a <b> c'] },
    ]);
    expect((await inspectFile(filePath)).columns).toEqual(['Nome', 'Coluna 2', 'Telefone']);
  });

  it('refuses a sheet with a DOCTYPE, cut XML or a column past XFD as corrupt', async () => {
    const sheets = [
      `<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><worksheet xmlns="${main}"><sheetData><row><c t="inlineStr"><is><t>&a;</t></is></c></row></sheetData></worksheet>`,
      `<worksheet xmlns="${main}"><sheetData><row r="1"><c t="inlineStr"><is><t>Nome</t></is></c></row><row r="2"><c`,
      `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="XFE1" t="inlineStr"><is><t>Nome</t></is></c></row></sheetData></worksheet>`,
    ];
    for (const sheet of sheets) {
      const filePath = await rawXlsx({ sheets: { sheet1: sheet } });
      await expect(readAll(filePath)).rejects.toBeInstanceOf(XlsxReadError);
      await expect(inspectFile(filePath)).rejects.toThrow(/XLSX está corrompido/);
    }
  });
});

describe('rows read in batches', () => {
  it('gives every row of a big Windows-1252 CSV and of an XLSX, in order, in batches no bigger than asked', async () => {
    const csvPath = path.join(workDir, 'grande.csv');
    const lines = [header, ...Array.from({ length: rowCount }, (_, index) => leadRow(index + 1))];
    await writeFile(
      csvPath,
      Buffer.from(`${lines.map((row) => row.join(';')).join('\r\n')}\r\n`, 'latin1'),
    );
    for (const filePath of [csvPath, bigXlsx]) {
      const inspection = await inspectFile(filePath);
      const rows: FileRow[] = [];
      let largest = 0;
      for await (const batch of readFileRowBatches(filePath, inspection, { bytesRead: 0 }, 500)) {
        largest = Math.max(largest, batch.length);
        rows.push(...batch);
      }
      expect(rows, filePath).toHaveLength(rowCount + 1);
      expect(rows[0]?.cells, filePath).toEqual(header);
      expect(rows.every((row, index) => row.rowNumber === index + 1)).toBe(true);
      expect(rows[rowCount]?.cells, filePath).toEqual(leadRow(rowCount));
      expect(rows.filter((row, index) => index > 0 && row.cells[1] !== leadRow(index)[1])).toEqual(
        [],
      );
      expect(largest).toBeLessThanOrEqual(500);
      expect(largest).toBeGreaterThan(1);
    }
  });

  it('hands each batch over on a turn of the event loop of its own, so the server answers between two', async () => {
    // 2,000 short rows: one read of the file, which the parser holds all at once.
    const csvPath = path.join(workDir, 'curto.csv');
    const lines = [header, ...Array.from({ length: 2_000 }, (_, index) => leadRow(index + 1))];
    await writeFile(csvPath, `${lines.map((row) => row.join(';')).join('\n')}\n`);
    for (const filePath of [csvPath, bigXlsx]) {
      const inspection = await inspectFile(filePath);
      // What the server would have done meanwhile: one callback queued with each batch.
      let turns = 0;
      const turnsSeen: number[] = [];
      for await (const _ of readFileRowBatches(filePath, inspection, { bytesRead: 0 }, 100)) {
        turnsSeen.push(turns);
        setImmediate(() => turns++);
      }
      expect(turnsSeen.length, filePath).toBeGreaterThan(10);
      expect(turnsSeen, filePath).toEqual(turnsSeen.map((_, batch) => batch));
    }
  });

  it('fails with the file, not after it, when the CSV cannot be read', async () => {
    const inspection = await inspectFile(path.join(workDir, 'grande.csv'));
    const read = async () => {
      for await (const _ of readFileRowBatches(path.join(workDir, 'sumiu.csv'), inspection, {
        bytesRead: 0,
      })) {
        // nothing: the file is gone
      }
    };
    await expect(read()).rejects.toThrow(/ENOENT/);
  });
});
