import type { DatabaseHandle } from '../db/database.ts';
import { startRepeatingTask } from '../repeating-task.ts';
import { BackupRunningError, type BackupSettings, backUpAndVerify } from './backup.service.ts';
import { listBackups, sweepPartials } from './backup-folder.ts';

/** A day's backup is due again after this, once the time of day has come. */
const sameDayMs = 20 * 60 * 60 * 1000;
/** …and whatever the time, after this: a PC switched off at night still gets its backup. */
const catchUpMs = 26 * 60 * 60 * 1000;

/**
 * Whether the daily backup is due at `now`: the time of day (in the centre's zone) has come and
 * the last backup is from an earlier run, or the last one is more than a day old, or there is none.
 */
export function backupDue(
  now: Date,
  latestAt: Date | undefined,
  time: string,
  timeZone: string,
): boolean {
  if (!latestAt) return true;
  const age = now.getTime() - latestAt.getTime();
  if (age >= catchUpMs) return true;
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return age >= sameDayMs && clock >= time;
}

export interface BackupScheduleOptions {
  database: DatabaseHandle;
  settings: BackupSettings;
  /** HH:MM in the settings' time zone. */
  time: string;
  log: (message: string) => void;
  checkEveryMs?: number;
  now?: () => Date;
}

/** Looks every minute whether the daily backup is due; makes, verifies and prunes it. */
export function startBackupSchedule({
  database,
  settings,
  time,
  log,
  checkEveryMs = 60_000,
  now = () => new Date(),
}: BackupScheduleOptions) {
  let swept = false;
  return startRepeatingTask(
    checkEveryMs,
    async () => {
      try {
        if (!swept) await sweepPartials(settings.dir);
        swept = true;
        const latest = (await listBackups(settings.dir))[0];
        const latestAt = latest ? new Date(latest.createdAt) : undefined;
        if (!backupDue(now(), latestAt, time, settings.timeZone)) return;
        const backup = await backUpAndVerify(database, settings);
        const verified = backup.verification.ok ? 'verificado' : 'NÃO verificado';
        log(`Backup ${backup.name} feito (${backup.sizeBytes} bytes), ${verified}.`);
        if (!backup.verification.ok) log(`Verificação do backup: ${backup.verification.error}`);
      } catch (error) {
        if (error instanceof BackupRunningError) return;
        log(`O backup falhou: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    { atStart: false },
  );
}
