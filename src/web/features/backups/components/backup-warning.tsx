import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { backupStateLabels } from '../../../../core/backups.ts';
import { useBackups } from '../api/get-backups.ts';

/** Tells an admin, on their home page, that the base has no recent verified backup. */
export function BackupWarning() {
  const backups = useBackups();
  const state = backups.data?.state;
  if (!state || state === 'ok') return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={backupStateLabels[state]}>
      Sem um backup recente e verificado, um disco com defeito perde todos os leads.{' '}
      <Anchor component={Link} to={appRoutes.backups.path} c="inherit" fw={600} underline="always">
        Ver os backups
      </Anchor>
    </Alert>
  );
}
