import { notifications } from '@mantine/notifications';
import type { WallboardAssessor } from '../../../../core/wallboard.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useEndPause } from '../api/end-pause.ts';
import { useSignOutAssessor } from '../api/sign-out-assessor.ts';
import type { AssessorAction } from './assessor-rows.tsx';

export interface PendingAction {
  action: AssessorAction;
  assessor: WallboardAssessor;
}

const texts: Record<
  AssessorAction,
  { title: string; confirm: string; message: (name: string) => string; done: string }
> = {
  endPause: {
    title: 'Encerrar pausa',
    confirm: 'Encerrar pausa',
    message: (name) => `${name} volta a ficar disponível para ligar.`,
    done: 'Pausa encerrada',
  },
  signOut: {
    title: 'Desconectar assessor',
    confirm: 'Desconectar',
    message: (name) =>
      `${name} sai do CCA em todos os aparelhos e precisa entrar de novo para trabalhar.`,
    done: 'Assessor desconectado',
  },
};

/** Asks before a supervisor's action on an assessor, and runs it. */
export function ActionDialog({
  pending,
  onClose,
}: {
  pending: PendingAction | null;
  onClose: () => void;
}) {
  const endPause = useEndPause();
  const signOut = useSignOutAssessor();
  const mutation = pending?.action === 'signOut' ? signOut : endPause;
  const text = texts[pending?.action ?? 'endPause'];

  const confirm = () => {
    if (!pending) return;
    mutation.mutate(pending.assessor.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: text.done, message: pending.assessor.name });
        onClose();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: `Não foi possível: ${text.title.toLowerCase()}`,
          message: error.message,
        });
      },
    });
  };

  return (
    <ConfirmDialog
      opened={pending !== null}
      title={text.title}
      message={text.message(pending?.assessor.name ?? '')}
      confirmLabel={text.confirm}
      confirmColor={pending?.action === 'signOut' ? 'red' : undefined}
      loading={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
