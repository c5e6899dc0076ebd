import { describe, expect, it } from 'vitest';
import { callbackPresets } from './callback-presets.ts';

const at = (presets: ReturnType<typeof callbackPresets>) =>
  Object.fromEntries(presets.map((preset) => [preset.label, preset.at.toISOString()]));

describe('the call-back presets', () => {
  it("read the call centre's clock, not the computer's", () => {
    // Wednesday 4 March 2026, 22:30 in São Paulo (UTC−3): already Thursday in UTC.
    const now = new Date('2026-03-05T01:30:20Z');
    expect(at(callbackPresets(now, 'America/Sao_Paulo'))).toEqual({
      '+1 h': '2026-03-05T02:31:00.000Z',
      '+2 h': '2026-03-05T03:31:00.000Z',
      'Amanhã 9h': '2026-03-05T12:00:00.000Z',
      'Próxima seg 9h': '2026-03-09T12:00:00.000Z',
    });
    // The same instant in Manaus (UTC−4) is 21:30 on the Wednesday too; in Lisbon, Thursday.
    expect(at(callbackPresets(now, 'America/Manaus'))['Amanhã 9h']).toBe(
      '2026-03-05T13:00:00.000Z',
    );
    expect(at(callbackPresets(now, 'Europe/Lisbon'))['Amanhã 9h']).toBe('2026-03-06T09:00:00.000Z');
  });

  it('take next Monday a week on when today is a Monday, and the next day when it is Sunday', () => {
    const monday = new Date('2026-03-09T13:00:00Z');
    expect(at(callbackPresets(monday, 'America/Sao_Paulo'))['Próxima seg 9h']).toBe(
      '2026-03-16T12:00:00.000Z',
    );
    const sunday = new Date('2026-03-08T13:00:00Z');
    expect(at(callbackPresets(sunday, 'America/Sao_Paulo'))['Próxima seg 9h']).toBe(
      '2026-03-09T12:00:00.000Z',
    );
  });

  it('follow a change of offset between today and the preset', () => {
    // Lisbon moves to summer time (UTC+1) on Sunday 29 March 2026.
    const saturday = new Date('2026-03-28T12:00:00Z');
    expect(at(callbackPresets(saturday, 'Europe/Lisbon'))['Amanhã 9h']).toBe(
      '2026-03-29T08:00:00.000Z',
    );
  });
});
