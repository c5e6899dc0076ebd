import { describe, expect, it } from 'vitest';
import { phoneColumnsOf, phonesInRow } from './block-lists.ts';

describe('the phones of a block list row', () => {
  it('reads a phone in any Brazilian spelling', () => {
    for (const spelling of [
      '11987654321',
      '(11) 98765-4321',
      '+55 11 98765-4321',
      '011 98765 4321',
      '5511987654321',
    ]) {
      expect(phonesInRow([spelling]), spelling).toEqual(['+5511987654321']);
    }
    expect(phonesInRow(['(21) 2345-6789'])).toEqual(['+552123456789']);
  });

  it('joins an area code cell with the number cell after it', () => {
    expect(phonesInRow(['11', '98765-4321'])).toEqual(['+5511987654321']);
    expect(phonesInRow(['011', '23456789', '2024-05-01'])).toEqual(['+551123456789']);
  });

  it('reads several phones of one row, and nothing from cells that are not phones', () => {
    expect(phonesInRow(['Maria', '(11) 98765-4321', '21 99876-5432', 'x'])).toEqual([
      '+5511987654321',
      '+5521998765432',
    ]);
    expect(phonesInRow(['TELEFONE'])).toEqual([]);
    expect(phonesInRow(['12345'])).toEqual([]);
    expect(phonesInRow(['(00) 98765-4321'])).toEqual([]);
  });

  it('reads only the columns a header names as phones when it names some', () => {
    const header = ['Nome', 'CPF', 'DDD', 'Telefone', 'Data'];
    const columns = phoneColumnsOf(header);
    expect(columns).toEqual([2, 3]);
    // The CPF 119.876.543-21 would read as a phone if every column were read.
    expect(phonesInRow(['Ana', '11987654321', '21', '98765-4321', '01/02/2026'], columns)).toEqual([
      '+5521987654321',
    ]);
    expect(phoneColumnsOf(['coluna 1', 'coluna 2'])).toBeUndefined();
    expect(phoneColumnsOf(['Número', 'WhatsApp'])).toEqual([0, 1]);
  });
});
