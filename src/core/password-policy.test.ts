import { describe, expect, it } from 'vitest';
import { passwordSchema } from './password-policy.ts';

describe('password policy', () => {
  it.each([
    ['1234567', 'pelo menos 8'],
    ['x'.repeat(129), 'no máximo 128'],
    ['12345678', 'muito comum'],
    ['Senha123', 'muito comum'],
  ])('refuses %s', (password, message) => {
    const result = passwordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('accepts a long passphrase, spaces and accents included', () => {
    expect(passwordSchema.safeParse('café com pão às 7').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
  });
});
