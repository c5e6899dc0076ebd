import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerNames, inspectFile } from './file-inspection.ts';
import { xlsxOfParts } from './fixtures/hostile-files.ts';

describe('headerNames', () => {
  it('numbers repeated names, names blank ones by position, and skips names already taken', () => {
    expect(
      headerNames([' Telefone ', 'telefone', 'Telefone', '', 'Telefone (3)', 'Telefone']),
    ).toEqual(['Telefone', 'telefone', 'Telefone (2)', 'Coluna 4', 'Telefone (3)', 'Telefone (4)']);
  });

  it('numbers 20,000 copies of a name in linear time', () => {
    const started = performance.now();
    const names = headerNames(Array.from({ length: 20_000 }, () => 'a'));
    const elapsed = performance.now() - started;
    expect(names[0]).toBe('a');
    expect(names[19_999]).toBe('a (20000)');
    expect(new Set(names).size).toBe(20_000);
    // Quadratic, the 20,000 copies took 15 to 35 s; linear, a few milliseconds.
    expect(elapsed).toBeLessThan(500);
  });
});

describe('inspectFile within the file limits', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'cca-inspection-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function inspect(bytes: Buffer) {
    const filePath = path.join(directory, `${Math.random().toString(36).slice(2)}.upload`);
    await writeFile(filePath, bytes);
    return inspectFile(filePath);
  }

  it('reads a header of 1,000 columns, and rows Excel padded with delimiters past them', async () => {
    const header = Array.from({ length: 1000 }, (_, index) => `c${index}`).join(';');
    const inspection = await inspect(
      Buffer.from(`${header}${';'.repeat(2000)}\r\nAna;11987650001${';'.repeat(5000)}\r\n`),
    );
    expect(inspection.columns).toHaveLength(1000);
    expect(inspection.rows[0]).toHaveLength(1000);
  });

  it('refuses a value in column 1,001, naming the row and the count', async () => {
    const header = Array.from({ length: 1000 }, (_, index) => `c${index}`).join(';');
    await expect(
      inspect(Buffer.from(`${header}\r\nAna;11987650001${';'.repeat(1000)}x\r\n`)),
    ).rejects.toThrow('A linha 2 tem 1.002 colunas; o limite é 1.000.');
  });

  it('reads a cell of 32,767 characters and refuses one of 32,768', async () => {
    const longest = 'x'.repeat(32_767);
    const inspection = await inspect(Buffer.from(`nome;obs\r\nAna;${longest}\r\n`));
    expect(inspection.rows[0]?.[1]).toHaveLength(32_767);
    await expect(inspect(Buffer.from(`nome;obs\r\nAna;${longest}x\r\n`))).rejects.toThrow(
      'A célula da linha 2, coluna 2, tem mais de 32.767 caracteres; o limite é 32.767.',
    );
  });

  it('reads an XLSX whose blank cells run to column XFD, and refuses a value past column 1,000', async () => {
    const sheet = (last: string) =>
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>telefone</t></is></c>${last}</row></sheetData></worksheet>`;
    const blank = await inspect(xlsxOfParts({ sheet: sheet('<c r="XFD1" s="1"/>') }));
    expect(blank.columns).toEqual(['telefone']);
    await expect(
      inspect(xlsxOfParts({ sheet: sheet('<c r="ALM1"><v>1</v></c>') })),
    ).rejects.toThrow('A linha 1 tem 1.001 colunas; o limite é 1.000.');
  });

  it('reads UTF-8 capitals with a stray byte as Windows-1252, and refuses bytes that are neither', async () => {
    const line = Buffer.from('ÁLVARO ÍCARO “ZÉ”;11987650001\r\n');
    const mixed = await inspect(
      Buffer.concat([
        Buffer.from('NOME;TELEFONE\r\n'),
        ...Array.from({ length: 100 }, () => line),
        Buffer.from([0xff, 0x0d, 0x0a]),
      ]),
    );
    expect(mixed.csv?.encoding).toBe('windows-1252');
    expect(mixed.rows).toHaveLength(20);
    const garbage = Buffer.from('Ana \x81\x8d\x8f\x90\x9d;11987650001\r\n', 'latin1');
    await expect(
      inspect(
        Buffer.concat([
          Buffer.from('nome;telefone\r\n'),
          ...Array.from({ length: 50 }, () => garbage),
        ]),
      ),
    ).rejects.toThrow('O arquivo não é uma planilha CSV nem XLSX.');
  });
});
