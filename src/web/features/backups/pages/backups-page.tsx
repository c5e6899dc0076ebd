import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDatabaseExport } from '@tabler/icons-react';
import { appRoutes } from '../../../../core/app-routes.ts';
import { backupStateLabels } from '../../../../core/backups.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useCreateBackup } from '../api/create-backup.ts';
import { useBackups } from '../api/get-backups.ts';
import { BackupsTable } from '../components/backups-table.tsx';

function BackUpNow() {
  const create = useCreateBackup();
  const run = () =>
    create.mutate(undefined, {
      onSuccess: (backup) =>
        notifications.show({
          color: backup.verification?.ok ? 'green' : 'red',
          title: backup.verification?.ok
            ? 'Backup feito e verificado'
            : 'Backup feito, mas falhou na verificação',
          message: backup.verification?.error ?? backup.name,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'O backup não foi feito',
          message: error.message,
        }),
    });
  return (
    <Button
      leftSection={<IconDatabaseExport size={18} aria-hidden />}
      loading={create.isPending}
      onClick={run}
    >
      Fazer backup agora
    </Button>
  );
}

function BackupsSection() {
  const backups = useBackups();
  if (backups.isPending) return <RowsSkeleton label="Carregando backups" />;
  if (backups.data === undefined) {
    return (
      <QueryErrorAlert
        title="Não foi possível carregar os backups"
        error={backups.error ?? new Error('Erro de conexão com o servidor')}
        onRetry={() => backups.refetch()}
      />
    );
  }
  const { state, dir, time, retention } = backups.data;
  return (
    <Stack gap="md">
      <Alert color={state === 'ok' ? 'green' : 'orange'} title={backupStateLabels[state]}>
        {time ? `Backup diário às ${time}` : 'Backup diário desligado (BACKUP_TIME=off)'}; são
        guardados o último de cada um dos {retention.daily} dias e das {retention.weekly} semanas
        mais recentes, em <Code>{dir}</Code>.
      </Alert>
      {backups.data.backups.length === 0 ? (
        <Text c="dimmed">Nenhum backup feito ainda.</Text>
      ) : (
        <BackupsTable backups={backups.data.backups} />
      )}
    </Stack>
  );
}

export function BackupsPage() {
  return (
    <>
      <PageTitle>{appRoutes.backups.title}</PageTitle>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" gap="md">
          <Text size="sm" c="dimmed" maw={760}>
            Cada backup guarda o banco inteiro (leads, ligações, usuários, tokens, auditoria) e é
            verificado: o CCA o restaura num banco de rascunho e confere as linhas de cada tabela.
            Para restaurar, pare o CCA e rode <Code>npm run restore -- ARQUIVO</Code> no servidor.
          </Text>
          <BackUpNow />
        </Group>
        <PageSection id="backups" title="Backups guardados">
          <BackupsSection />
        </PageSection>
      </Stack>
    </>
  );
}
