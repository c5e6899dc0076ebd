import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvQuoteError, CsvRecords } from './csv-records.ts';

/** The records of `text`, handed to the reader in pieces cut at `cuts`. */
function records(text: string, delimiter = ';', cuts: number[] = []): string[][] {
  const csv = new CsvRecords(delimiter);
  const read: string[][] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    read.push(...csv.push(text.slice(from, cut)));
    from = cut;
  }
  read.push(...csv.end());
  return read;
}

describe('the CSV reader', () => {
  it.each([
    [
      'plain fields',
      'a;b;c\r\nd;e;f\r\n',
      [
        ['a', 'b', 'c'],
        ['d', 'e', 'f'],
      ],
    ],
    [
      'no line break at the end',
      'a;b\nc;d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['line breaks of every kind mixed', 'a\rb\nc\r\nd', [['a'], ['b'], ['c'], ['d']]],
    ['rows of different lengths', 'a;b;c\nd\n', [['a', 'b', 'c'], ['d']]],
    ['empty fields, kept', 'a;;c;\n', [['a', '', 'c', '']]],
    ['blank rows, left out', '\r\na;b\r\n\r\n;;\r\n  ; \r\n""\r\nc\r\n', [['a', 'b'], ['c']]],
    ['the delimiter in quotes', '"Silva; Maria";1\n', [['Silva; Maria', '1']]],
    ['a line break in quotes', '"Rua A,\r\n10";1\n', [['Rua A,\r\n10', '1']]],
    ['doubled quotes in quotes', '"o ""Zé""";1\n', [['o "Zé"', '1']]],
    ['a quote inside a field, as text', 'Bar "do Zé";1\n', [['Bar "do Zé"', '1']]],
    ['a quote after a space, as text', ' "a;b"\n', [[' "a', 'b"']]],
    ['text after a closing quote, as written', '"a"b;c\n', [['"a"b', 'c']]],
    ['an empty quoted field', '"";x\n', [['', 'x']]],
  ])('reads %s', (_name, text, expected) => {
    expect(records(text)).toEqual(expected);
  });

  it('reads the same records whatever pieces the text comes in', () => {
    const text = 'nome;obs\r\n"Ana ""A"" Lima";"linha 1\r\nlinha 2"\r\nBia;x"y\r\n"C";\r\n';
    const whole = records(text);
    expect(whole).toHaveLength(4);
    for (let first = 0; first <= text.length; first++) {
      for (let second = first; second <= text.length; second += 3) {
        expect(records(text, ';', [first, second])).toEqual(whole);
      }
    }
  });

  it('answers which record opens a quote it never closes', () => {
    const read = () => records('nome;telefone\nAna;1\n"Bia;2\nCarla;3\n');
    expect(read).toThrow(CsvQuoteError);
    expect(read).toThrow(expect.objectContaining({ rowNumber: 3 }));
  });

  it('gives up on a quote left open past a megabyte, without waiting for the end', () => {
    const csv = new CsvRecords(';');
    expect(csv.push('a\n"b;')).toEqual([['a']]);
    const piece = `${'x'.repeat(1000)}\n`.repeat(64);
    const push = () => {
      for (let pieces = 0; pieces < 20; pieces++) csv.push(piece);
    };
    expect(push).toThrow(expect.objectContaining({ rowNumber: 2 }));
  });

  /** What csv-parse, the reader this one replaced, made of `text` with the import's options. */
  function csvParseRecords(text: string, delimiter: string): string[][] | 'quote not closed' {
    try {
      return parse(text, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
      });
    } catch {
      return 'quote not closed';
    }
  }

  it('reads what csv-parse, the reader it replaced, reads, on thousands of odd files', () => {
    const file = fc.constantFrom(';', ',', '\t').chain((delimiter) =>
      fc.record({
        delimiter: fc.constant(delimiter),
        // csv-parse keeps the first kind of line break it meets; each file keeps to one.
        lineBreak: fc.constantFrom('\r\n', '\n', '\r'),
        pieces: fc.array(fc.constantFrom('a', 'é', ' ', 'Zé', '"', '""', delimiter, 'BR', 'BR'), {
          maxLength: 40,
        }),
        cut: fc.nat({ max: 200 }),
      }),
    );
    fc.assert(
      fc.property(file, ({ delimiter, lineBreak, pieces, cut }) => {
        const text = pieces.join('').replaceAll('BR', lineBreak);
        let read: string[][] | 'quote not closed';
        try {
          read = records(text, delimiter, [Math.min(cut, text.length)]);
        } catch (error) {
          if (!(error instanceof CsvQuoteError)) throw error;
          read = 'quote not closed';
        }
        expect(read).toEqual(csvParseRecords(text, delimiter));
      }),
      { seed: 30, numRuns: 3000 },
    );
  });
});
