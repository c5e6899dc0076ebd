import { z } from 'zod';

/** How the latest backup stands: `none` and `stale` (over a day and a half) and `failed` warn. */
export const backupStates = ['ok', 'none', 'stale', 'failed'] as const;
export type BackupState = (typeof backupStates)[number];

export const backupStateLabels: Record<BackupState, string> = {
  ok: 'Último backup feito e verificado',
  none: 'Nenhum backup feito ainda',
  stale: 'O último backup tem mais de um dia e meio',
  failed: 'O último backup não passou na verificação',
};

export const backupSchema = z.object({
  name: z.string(),
  createdAt: z.string(),
  sizeBytes: z.number(),
  rows: z.number(),
  durationMs: z.number(),
  verification: z
    .object({
      at: z.string(),
      ok: z.boolean(),
      durationMs: z.number(),
      error: z.string().optional(),
    })
    .optional(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.object({
  state: z.enum(backupStates),
  /** The folder on the server's machine where backups are written. */
  dir: z.string(),
  /** HH:MM of the daily backup, or null when BACKUP_TIME is off. */
  time: z.string().nullable(),
  retention: z.object({ daily: z.number(), weekly: z.number() }),
  backups: z.array(backupSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;
