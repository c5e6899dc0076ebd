import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { backupRoutes } from './backup.routes.ts';
import type { BackupSettings } from './backup.service.ts';

export { startBackupSchedule } from './backup.job.ts';
export {
  type BackupSettings,
  backupAgeSeconds,
  backupState,
  restoreBackupFile,
} from './backup.service.ts';

/** Backups of the whole database, made daily and on request: /api/backups. */
export const backupsFeature: FastifyPluginAsync<
  FeatureOptions & { settings: BackupSettings; time: string | undefined }
> = async (app, { database, settings, time }) => {
  await app.register(backupRoutes, { database, settings, time });
};
