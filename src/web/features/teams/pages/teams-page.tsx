import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { appRoutes } from '../../../../core/app-routes.ts';
import { type Target, type TargetsInput, targetsInputOf } from '../../../../core/targets.ts';
import type { TeamInputBody, TeamList, TeamSaved, TeamView } from '../../../../core/teams.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSupervisorOptions } from '../../users/index.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useDeleteTeam } from '../api/delete-team.ts';
import { useTargets } from '../api/get-targets.ts';
import { useTeams } from '../api/get-teams.ts';
import { useSetAssessorTargets } from '../api/set-assessor-targets.ts';
import { useSetTeamTargets } from '../api/set-team-targets.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import {
  type AssessorTargetsRow,
  AssessorTargetsTable,
} from '../components/assessor-targets-table.tsx';
import { TargetsForm } from '../components/targets-form.tsx';
import { TeamCard } from '../components/team-card.tsx';
import { TeamForm } from '../components/team-form.tsx';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; team: TeamView }
  | { kind: 'delete'; team: TeamView }
  | { kind: 'teamTargets'; team: TeamView }
  | { kind: 'assessorTargets'; row: AssessorTargetsRow }
  | null;

const failed = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: error.message });

/** Says which assessors a save took from their old team. */
function announceSaved(saved: TeamSaved, verb: string) {
  notifications.show({ color: 'green', message: `Equipe "${saved.name}" ${verb}.` });
  for (const person of saved.moved) {
    notifications.show({
      color: 'blue',
      message: `${person.name} saiu da equipe "${person.fromTeam}" e entrou em "${saved.name}".`,
    });
  }
}

/** Every active assessor, labelled with its team when it is in another one than `teamId`. */
function assessorOptions(list: TeamList, teamId: number | null) {
  const inTeams = list.teams.flatMap((team) =>
    team.assessors.map((person) => ({
      value: person.id,
      label: team.id === teamId ? person.name : `${person.name} (${team.name})`,
    })),
  );
  const loose = list.assessorsWithoutTeam.map((person) => ({
    value: person.id,
    label: person.name,
  }));
  return [...inTeams, ...loose].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
}

function assessorRows(list: TeamList, targets: readonly Target[]): AssessorTargetsRow[] {
  const targetsOf = (id: string) => targetsInputOf(targets.filter((t) => t.assessorId === id));
  return [
    ...list.teams.flatMap((team) =>
      team.assessors.map((person) => ({ ...person, teamName: team.name })),
    ),
    ...list.assessorsWithoutTeam.map((person) => ({ ...person, teamName: null })),
  ]
    .map((person) => ({ ...person, targets: targetsOf(person.id) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/**
 * /equipes: the teams of assessors, who supervises each, and the day's and month's targets of
 * every team and assessor. An administrator makes, changes and deletes teams.
 */
export function TeamsPage() {
  const { data: me } = useCurrentUser();
  const canManage = me?.role === 'admin';
  const teams = useTeams();
  const targets = useTargets();
  const supervisors = useSupervisorOptions(canManage);
  const createTeam = useCreateTeam();
  const updateTeam = useUpdateTeam();
  const deleteTeam = useDeleteTeam();
  const setTeamTargets = useSetTeamTargets();
  const setAssessorTargets = useSetAssessorTargets();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const list = teams.data;
  const allTargets = targets.data?.targets ?? [];
  const teamTargets = (id: number) =>
    targetsInputOf(allTargets.filter((target) => target.teamId === id));

  const saveTeam = (values: TeamInputBody) => {
    if (dialog?.kind === 'edit') {
      updateTeam.mutate(
        { id: dialog.team.id, changes: values },
        {
          onSuccess: (saved) => {
            announceSaved(saved, 'salva');
            close();
          },
          onError: failed('Não foi possível salvar a equipe'),
        },
      );
      return;
    }
    createTeam.mutate(values, {
      onSuccess: (saved) => {
        announceSaved(saved, 'criada');
        close();
      },
      onError: failed('Não foi possível criar a equipe'),
    });
  };

  const saveTargets = (values: TargetsInput) => {
    const done = (name: string) => () => {
      notifications.show({ color: 'green', message: `Metas de ${name} salvas.` });
      close();
    };
    const onError = failed('Não foi possível salvar as metas');
    if (dialog?.kind === 'teamTargets') {
      setTeamTargets.mutate(
        { teamId: dialog.team.id, targets: values },
        { onSuccess: done(`"${dialog.team.name}"`), onError },
      );
    } else if (dialog?.kind === 'assessorTargets') {
      setAssessorTargets.mutate(
        { assessorId: dialog.row.id, targets: values },
        { onSuccess: done(dialog.row.name), onError },
      );
    }
  };

  const confirmDelete = (team: TeamView) =>
    deleteTeam.mutate(team.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Equipe "${team.name}" excluída.` });
        close();
      },
      onError: failed('Não foi possível excluir a equipe'),
    });

  const editing = dialog?.kind === 'edit' ? dialog.team : null;

  return (
    <>
      <PageTitle>{appRoutes.teams.title}</PageTitle>
      <Text size="sm" mb="md">
        Cada assessor fica em uma equipe; cada equipe tem um ou mais supervisores, que a acompanham
        no painel e nos relatórios. As metas contam aceites ou ligações no dia e no mês.
      </Text>
      {teams.isPending || targets.isPending ? (
        <RowsSkeleton label="Carregando as equipes" rows={3} />
      ) : list === undefined || targets.isError ? (
        <QueryErrorAlert
          title="Não foi possível carregar as equipes"
          error={teams.error ?? targets.error ?? new Error('Erro de conexão com o servidor')}
          onRetry={() => Promise.all([teams.refetch(), targets.refetch()])}
        />
      ) : (
        <Stack gap="xl">
          <PageSection id="equipes" title="Equipes">
            {canManage ? (
              <Group mb="md">
                <Button
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setDialog({ kind: 'create' })}
                >
                  Nova equipe
                </Button>
              </Group>
            ) : null}
            {list.teams.length === 0 ? (
              <Text c="dimmed">Nenhuma equipe ainda.</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {list.teams.map((team) => (
                  <TeamCard
                    key={team.id}
                    team={team}
                    targets={teamTargets(team.id)}
                    canManage={canManage}
                    onEdit={() => setDialog({ kind: 'edit', team })}
                    onTargets={() => setDialog({ kind: 'teamTargets', team })}
                    onDelete={() => setDialog({ kind: 'delete', team })}
                  />
                ))}
              </SimpleGrid>
            )}
          </PageSection>
          <PageSection id="metas-assessores" title="Metas dos assessores">
            <AssessorTargetsTable
              rows={assessorRows(list, allTargets)}
              onEdit={(row) => setDialog({ kind: 'assessorTargets', row })}
            />
          </PageSection>
        </Stack>
      )}

      {/* Each form is mounted only while its dialog is open, so it starts from the saved values. */}
      <Modal
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onClose={close}
        title={editing ? `Editar equipe "${editing.name}"` : 'Nova equipe'}
        size="lg"
      >
        {list && (dialog?.kind === 'create' || dialog?.kind === 'edit') ? (
          <TeamForm
            initialValues={{
              name: editing?.name ?? '',
              assessorIds: editing?.assessors.map((person) => person.id) ?? [],
              supervisorIds: editing?.supervisors.map((person) => person.id) ?? [],
            }}
            assessorOptions={assessorOptions(list, editing?.id ?? null)}
            supervisorOptions={supervisors.data ?? []}
            supervisorsLoading={supervisors.isPending}
            submitLabel={editing ? 'Salvar equipe' : 'Criar equipe'}
            loading={createTeam.isPending || updateTeam.isPending}
            onSubmit={saveTeam}
            onCancel={close}
          />
        ) : null}
      </Modal>
      <Modal
        opened={dialog?.kind === 'teamTargets' || dialog?.kind === 'assessorTargets'}
        onClose={close}
        title={
          dialog?.kind === 'teamTargets'
            ? `Metas da equipe "${dialog.team.name}"`
            : dialog?.kind === 'assessorTargets'
              ? `Metas de ${dialog.row.name}`
              : ''
        }
      >
        {dialog?.kind === 'teamTargets' || dialog?.kind === 'assessorTargets' ? (
          <TargetsForm
            targets={
              dialog.kind === 'teamTargets' ? teamTargets(dialog.team.id) : dialog.row.targets
            }
            loading={setTeamTargets.isPending || setAssessorTargets.isPending}
            onSubmit={saveTargets}
            onCancel={close}
          />
        ) : null}
      </Modal>
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          opened
          title="Excluir equipe"
          message={`A equipe "${dialog.team.name}" será excluída: seus assessores ficam sem equipe e as metas dela são apagadas. As metas de cada assessor continuam.`}
          confirmLabel="Excluir equipe"
          confirmColor="red"
          loading={deleteTeam.isPending}
          onClose={close}
          onConfirm={() => confirmDelete(dialog.team)}
        />
      ) : null}
    </>
  );
}
