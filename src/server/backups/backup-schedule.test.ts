import { describe, expect, it } from 'vitest';
import { backupDue } from './backup.job.ts';
import { backupsToKeep } from './backup-folder.ts';

const zone = 'America/Sao_Paulo';
// 05:00 UTC is 02:00 in São Paulo.
const at = (iso: string) => new Date(iso);

describe('the daily backup', () => {
  it('is due at once when there is none', () => {
    expect(backupDue(at('2026-11-29T15:00:00Z'), undefined, '02:00', zone)).toBe(true);
  });

  it('is due once the time of day has come in the centre’s zone, not before', () => {
    const yesterday = at('2026-11-28T05:00:30Z');
    expect(backupDue(at('2026-11-29T04:59:00Z'), yesterday, '02:00', zone)).toBe(false);
    expect(backupDue(at('2026-11-29T05:00:00Z'), yesterday, '02:00', zone)).toBe(true);
  });

  it('is not made twice in a day, and catches up on a machine that was off at that time', () => {
    const thisMorning = at('2026-11-29T05:00:30Z');
    expect(backupDue(at('2026-11-29T20:00:00Z'), thisMorning, '02:00', zone)).toBe(false);
    // Made at 10:00 when the PC was switched on: the next one comes the day after, at 02:00.
    const lateStart = at('2026-11-28T13:00:00Z');
    expect(backupDue(at('2026-11-29T04:00:00Z'), lateStart, '02:00', zone)).toBe(false);
    expect(backupDue(at('2026-11-29T05:00:00Z'), lateStart, '02:00', zone)).toBe(false);
    expect(backupDue(at('2026-11-29T09:00:00Z'), lateStart, '02:00', zone)).toBe(true);
    expect(backupDue(at('2026-11-30T15:00:01Z'), lateStart, '23:00', zone)).toBe(true);
  });
});

describe('the retention', () => {
  // Three backups a day, 05:00, 12:00 and 20:00 UTC, from 2026-10-01 to 2026-11-29.
  const backups: { name: string; createdAt: string }[] = [];
  for (let day = new Date('2026-10-01T00:00:00Z'); day < new Date('2026-11-30'); ) {
    for (const hour of ['05', '12', '20']) {
      const createdAt = `${day.toISOString().slice(0, 10)}T${hour}:00:00.000Z`;
      backups.push({ name: createdAt, createdAt });
    }
    day = new Date(day.getTime() + 86_400_000);
  }

  it('keeps the last backup of each of the latest days and weeks, in the centre’s zone', () => {
    const kept = [...backupsToKeep(backups, { daily: 3, weekly: 2 }, zone)].sort();
    expect(kept).toEqual([
      // The last of the week of 16–22 November (Sunday 22nd, 20:00 UTC is 17:00 local).
      '2026-11-22T20:00:00.000Z',
      // Latest days: 27th, 28th and the 29th; the week of 23–29 is the 29th's too.
      '2026-11-27T20:00:00.000Z',
      '2026-11-28T20:00:00.000Z',
      '2026-11-29T20:00:00.000Z',
    ]);
  });

  it('always keeps the newest, even told to keep no week', () => {
    expect([...backupsToKeep(backups, { daily: 1, weekly: 0 }, zone)]).toEqual([
      '2026-11-29T20:00:00.000Z',
    ]);
  });
});
