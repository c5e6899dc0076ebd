import { describe, expect, it } from 'vitest';
import {
  dateTextError,
  localDateTime,
  parseBrazilianDate,
  pickerDateTime,
} from './pt-br-pickers.tsx';

describe('pt-BR date text', () => {
  it('reads dd/mm/aaaa as the day it names, not the month', () => {
    expect(parseBrazilianDate('05/03/2026')).toBe('2026-03-05');
    expect(parseBrazilianDate(' 5/3/2026 ')).toBe('2026-03-05');
    expect(parseBrazilianDate('29/02/2028')).toBe('2028-02-29');
  });

  it('refuses what is not a day: 31/02, month 13, two-digit years, ISO or US text', () => {
    for (const text of ['31/02/2026', '29/02/2026', '01/13/2026', '05/03/26', '2026-03-05', '']) {
      expect(parseBrazilianDate(text), text).toBeNull();
    }
  });

  it('says in Portuguese why a typed date is refused, and nothing for an empty field', () => {
    expect(dateTextError('')).toBeNull();
    expect(dateTextError('31/02/2026')).toBe('Data inválida: use dd/mm/aaaa.');
    expect(dateTextError('01/03/2026', '2026-03-05')).toBe(
      'A data deve ser a partir de 05/03/2026.',
    );
    expect(dateTextError('10/03/2026', undefined, '2026-03-05')).toBe(
      'A data deve ser até 05/03/2026.',
    );
    expect(dateTextError('05/03/2026', '2026-03-05', '2026-03-05')).toBeNull();
  });

  it("keeps a datetime-local input's shape through Mantine's", () => {
    expect(pickerDateTime('2026-03-05T14:07')).toBe('2026-03-05 14:07:00');
    expect(pickerDateTime('')).toBeNull();
    expect(localDateTime('2026-03-05 14:07:00')).toBe('2026-03-05T14:07');
    expect(localDateTime(null)).toBe('');
  });
});
