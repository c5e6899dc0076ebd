import { Button, Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconPhoneOff, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { canApply } from '../../../../core/lead-transitions.ts';
import type { BulkLeadsBody, LeadDetail } from '../../../../core/leads.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAssessors } from '../../users/index.ts';
import { useBulkUpdateLeads } from '../api/bulk-update-leads.ts';

type QuickAction = 'reassign' | 'returnToPool' | 'doNotCall';

const texts: Record<
  QuickAction,
  { button: string; title: string; confirm: string; note: string; done: string; color?: string }
> = {
  reassign: {
    button: 'Entregar a um assessor',
    title: 'Entregar a um assessor',
    confirm: 'Entregar',
    note: 'O lead passa para a lista do assessor escolhido, como distribuído hoje.',
    done: 'Lead entregue',
  },
  returnToPool: {
    button: 'Devolver ao pool',
    title: 'Devolver ao pool',
    confirm: 'Devolver ao pool',
    note: 'O lead sai da lista do assessor e volta a ser novo, pronto para outra distribuição.',
    done: 'Lead devolvido ao pool',
  },
  doNotCall: {
    button: 'Não ligar',
    title: 'Não ligar',
    confirm: 'Marcar como não ligar',
    note: 'O lead sai de circulação e seus telefones entram na lista de bloqueio; não serão importados de novo.',
    done: 'Lead marcado como não ligar',
    color: 'dark',
  },
};

/** The transition of each action (core/lead-transitions.ts): a button shows only what applies. */
const transitionOf = {
  reassign: 'reassign',
  returnToPool: 'returnToPool',
  doNotCall: 'block',
} as const;

/**
 * The bulk actions of the list, on this one lead: the same route, service and audit row, so a
 * lead's page adds no write path of its own.
 */
export function LeadQuickActions({ lead }: { lead: LeadDetail }) {
  // "Não ligar" fills the block list, an administrator's; a supervisor hands leads on only.
  const isAdmin = useCurrentUser().data?.role === 'admin';
  const offered = (each: QuickAction) => isAdmin || each !== 'doNotCall';
  const [action, setAction] = useState<QuickAction | null>(null);
  const [assessorId, setAssessorId] = useState<string | null>(null);
  const assessors = useAssessors();
  const bulkUpdate = useBulkUpdateLeads();
  const leadName = lead.name ?? 'O lead';

  function open(next: QuickAction) {
    setAssessorId(null);
    bulkUpdate.reset();
    setAction(next);
  }

  function successMessage(done: QuickAction): string {
    if (done === 'reassign') {
      const assessor = assessors.data?.find((user) => user.id === assessorId)?.name ?? 'o assessor';
      return `${leadName} passou para ${assessor}.`;
    }
    if (done === 'returnToPool') return `${leadName} voltou ao pool.`;
    return `${leadName} não será mais ligado; os telefones foram bloqueados.`;
  }

  function confirm() {
    if (!action) return;
    const done = action;
    const operation: BulkLeadsBody['operation'] =
      done === 'reassign' ? { action: done, assessorId: assessorId ?? '' } : { action: done };
    bulkUpdate.mutate(
      { target: { ids: [lead.id] }, operation },
      {
        onSuccess: ({ affected }) => {
          notifications.show(
            affected > 0
              ? { color: 'green', title: texts[done].done, message: successMessage(done) }
              : {
                  color: 'yellow',
                  title: 'Nada foi alterado',
                  message: 'O lead mudou de status enquanto a página estava aberta.',
                },
          );
          setAction(null);
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: 'Não foi possível aplicar a ação',
            message: error.message,
          });
        },
      },
    );
  }

  const icons = {
    reassign: <IconUserShare size={14} aria-hidden />,
    returnToPool: <IconArrowBackUp size={14} aria-hidden />,
    doNotCall: <IconPhoneOff size={14} aria-hidden />,
  };
  const current = action ? texts[action] : null;
  return (
    <>
      <Group gap="xs" role="group" aria-label="Ações do lead">
        {(Object.keys(texts) as QuickAction[]).filter(offered).map((each) => (
          <Button
            key={each}
            variant="default"
            size="xs"
            leftSection={icons[each]}
            disabled={lead.erased || !canApply(transitionOf[each], lead.status)}
            onClick={() => open(each)}
          >
            {texts[each].button}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={action !== null}
        title={current?.title ?? ''}
        message={
          current ? (
            <>
              <Text fw={600}>
                {current.confirm}: {leadName}.
              </Text>
              <Text size="sm">{current.note}</Text>
            </>
          ) : (
            ''
          )
        }
        confirmLabel={current?.confirm ?? ''}
        confirmColor={current?.color}
        confirmDisabled={action === 'reassign' && assessorId === null}
        loading={bulkUpdate.isPending}
        onConfirm={confirm}
        onClose={() => setAction(null)}
      >
        {action === 'reassign' ? (
          <Select
            label="Assessor"
            placeholder="Escolha o assessor"
            data={(assessors.data ?? [])
              .filter((user) => user.id !== lead.ownerId)
              .map((user) => ({ value: user.id, label: user.name }))}
            value={assessorId}
            onChange={setAssessorId}
            searchable
            comboboxProps={{ withinPortal: true }}
            nothingFoundMessage="Nenhum assessor ativo"
            error={assessors.isError ? assessors.error.message : undefined}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
