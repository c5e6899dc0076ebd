import { describe, expect, it } from 'vitest';
import { stagingLine } from './import-staging.repository.ts';

describe('staging lines', () => {
  it('write every column in the COPY order, a column left out as NULL', () => {
    expect(stagingLine({ row_number: 7, reason: 'Nome vazio.', raw: '{"Nome":""}' })).toBe(
      '7\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\tNome vazio.\t\\N\t{"Nome":""}\n',
    );
    expect(
      stagingLine({
        row_number: 2,
        name: 'Ana',
        phone: '+5511987654321',
        phone_raw: '(11) 98765-4321',
        email: null,
        cpf: '52998224725',
        city: 'São Paulo',
        uf: 'SP',
        notes: null,
        extra: '{}',
      }),
    ).toBe(
      '2\tAna\t+5511987654321\t(11) 98765-4321\t\\N\t52998224725\tSão Paulo\tSP\t\\N\t{}\t\\N\t\\N\t\\N\t\\N\t\\N\n',
    );
  });

  it('escape what COPY text would read as separators', () => {
    expect(stagingLine({ row_number: 1, notes: 'a\tb\nc\\d\re' })).toContain('a\\tb\\nc\\\\d\\re');
  });
});
