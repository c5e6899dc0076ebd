import { describe, expect, it } from 'vitest';
import {
  formatBrazilianPhone,
  isValidByLibrary,
  isValidNational,
  normaliseBrazilianPhone,
} from './phone.ts';

describe('normaliseBrazilianPhone', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['+55 11 98765-4321', '+5511987654321'],
    ['011 98765 4321', '+5511987654321'],
    ['55011987654321', '+5511987654321'],
    ['0 21 11 98765-4321', '+5511987654321'],
    ['(21) 3456-7890', '+552134567890'],
    ['2134567890', '+552134567890'],
    ['+55 (31) 9 9123-4567', '+5531991234567'],
  ])('%s → %s', (input, e164) => {
    expect(normaliseBrazilianPhone(input)).toEqual({ ok: true, e164 });
  });

  it.each(['', '123', '98765-4321', '(00) 98765-4321', '+1 415 555 2671', '(11) 08765-4321'])(
    'rejects %j with a reason',
    (input) => {
      const result = normaliseBrazilianPhone(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/Telefone/);
    },
  );

  it('formats for display', () => {
    expect(formatBrazilianPhone('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatBrazilianPhone('+552134567890')).toBe('(21) 3456-7890');
  });
});

describe('the validity kept per length and prefix', () => {
  it("agrees with the library's answer for every prefix, whatever digits follow", () => {
    // Fixed suffixes of every shape, so the check fails the same way on every run.
    const suffixes = ['0000000', '9999999', '1234567', '7654321', '5050505', '2888888', '0101010'];
    let disagreements = 0;
    for (let prefix = 100; prefix <= 999; prefix++) {
      for (const length of [10, 11]) {
        const answers = suffixes.map((suffix) =>
          isValidByLibrary(`${prefix}${suffix}${'3'.repeat(length - 10)}`.slice(0, length)),
        );
        const national = `${prefix}${suffixes[0]}${'3'.repeat(length - 10)}`.slice(0, length);
        if (answers.some((answer) => answer !== isValidNational(national))) disagreements++;
      }
    }
    expect(disagreements).toBe(0);
  });
});
