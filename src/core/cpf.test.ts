import { describe, expect, it } from 'vitest';
import { formatCpf, normaliseCpf } from './cpf.ts';

describe('CPF', () => {
  it('accepts valid check digits in any spelling', () => {
    expect(normaliseCpf('529.982.247-25')).toBe('52998224725');
    expect(normaliseCpf('52998224725')).toBe('52998224725');
    expect(normaliseCpf('111.444.777-35')).toBe('11144477735');
  });

  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(normaliseCpf('529.982.247-24')).toBeUndefined();
    expect(normaliseCpf('111.111.111-11')).toBeUndefined();
    expect(normaliseCpf('123456789012')).toBeUndefined();
  });

  it('formats', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});
