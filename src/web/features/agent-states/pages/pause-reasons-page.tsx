import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { PauseReason } from '../../../../core/agent-states.ts';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useActiveToggle } from '../../../lib/active-toggle.ts';
import { useCreatePauseReason } from '../api/create-pause-reason.ts';
import { usePauseReasons } from '../api/get-pause-reasons.ts';
import { useUpdatePauseReason } from '../api/update-pause-reason.ts';
import { PauseReasonForm } from '../components/pause-reason-form.tsx';
import { PauseReasonsList } from '../components/pause-reasons-list.tsx';

/**
 * /pausas: the reasons an assessor may pause for, each with an optional limit past which the
 * wallboard shows the pause in red. A reason is never deleted (the state history names it):
 * it is deactivated, and the pause menu no longer offers it.
 */
export function PauseReasonsPage() {
  const reasons = usePauseReasons(true);
  const create = useCreatePauseReason();
  const update = useUpdatePauseReason();
  const [editing, setEditing] = useState<PauseReason | null>(null);
  const activeSwitch = useActiveToggle<PauseReason>(
    (row, active) => update.mutateAsync({ id: row.id, body: { active } }),
    {
      activated: (name) => `"${name}" voltou ao menu de pausa.`,
      deactivated: (name) => `"${name}" foi desativado: os assessores não o veem mais.`,
    },
  );

  const data = reasons.data;
  return (
    <>
      <PageTitle>{appRoutes.pauseReasons.title}</PageTitle>
      <Text size="sm" mb="md">
        Os motivos que o assessor escolhe ao entrar em pausa. Passado o limite, a pausa aparece em
        vermelho para o assessor e no painel.
      </Text>
      {reasons.isPending ? (
        <RowsSkeleton label="Carregando os motivos de pausa" rows={4} />
      ) : data === undefined ? (
        <QueryErrorAlert
          title="Não foi possível carregar os motivos de pausa"
          error={reasons.error ?? new Error('Erro de conexão com o servidor')}
          onRetry={() => reasons.refetch()}
        />
      ) : (
        <Stack gap="xl">
          <PageSection id="novo-motivo" title="Novo motivo">
            <PauseReasonForm
              idPrefix="novo-motivo"
              submitLabel="Criar motivo"
              loading={create.isPending}
              onSubmit={(values) =>
                create.mutateAsync(values).then((saved) =>
                  notifications.show({
                    color: 'green',
                    message: `Motivo "${saved.name}" criado.`,
                  }),
                )
              }
            />
          </PageSection>
          <PageSection id="motivos" title="Motivos">
            <PauseReasonsList
              reasons={data.reasons}
              busyId={activeSwitch.busyId}
              onEdit={setEditing}
              onToggleActive={activeSwitch.toggle}
            />
          </PageSection>
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Editar "${editing.name}"` : ''}
      >
        {editing ? (
          <PauseReasonForm
            idPrefix="editar-motivo"
            initialValues={{ name: editing.name, limitMinutes: editing.limitMinutes }}
            submitLabel="Salvar motivo"
            loading={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values) =>
              update
                .mutateAsync({
                  id: editing.id,
                  body: { name: values.name, limitMinutes: values.limitMinutes },
                })
                .then((saved) => {
                  notifications.show({ color: 'green', message: `Motivo "${saved.name}" salvo.` });
                  setEditing(null);
                })
            }
          />
        ) : null}
      </Modal>
    </>
  );
}
