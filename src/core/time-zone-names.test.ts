import { describe, expect, it } from 'vitest';
import { timeZoneName } from './time-zone-names.ts';

describe('timeZoneName', () => {
  it('says Brazil’s times in words and falls back to the IANA name', () => {
    expect(timeZoneName('America/Sao_Paulo')).toBe('horário de Brasília');
    expect(timeZoneName('America/Recife')).toBe('horário de Brasília');
    expect(timeZoneName('America/Manaus')).toBe('horário do Amazonas');
    expect(timeZoneName('America/Rio_Branco')).toBe('horário do Acre');
    expect(timeZoneName('America/Noronha')).toBe('horário de Fernando de Noronha');
    expect(timeZoneName('Europe/Lisbon')).toBe('Europe/Lisbon');
  });
});
