import { describe, expect, it } from 'vitest';
import { formatBrazilianPhone, normaliseBrazilianPhone } from './phone.ts';

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
