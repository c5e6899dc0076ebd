import { Textarea } from '@mantine/core';
import { useState } from 'react';
import type { MyLead, OutcomeChoice } from '../../../../core/attempts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isSendChord } from './shortcut-target.ts';

export interface OutOfHoursDialogProps {
  /** The call waiting for a reason, with its lead's calling status in words. */
  pending: { lead: MyLead; choice: OutcomeChoice; statusText: string } | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** A call outside the lead's calling hours is recorded only with a reason, which the records keep. */
export function OutOfHoursDialog({ pending, onConfirm, onClose }: OutOfHoursDialogProps) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const confirm = () => {
    onConfirm(reason.trim());
    setReason('');
  };
  return (
    <ConfirmDialog
      opened={pending !== null}
      title="Fora do horário de ligação"
      message={
        pending
          ? `${pending.lead.name}: ${pending.statusText}. Para registrar a ligação assim mesmo, diga o motivo; ela fica marcada nas ligações.`
          : ''
      }
      confirmLabel={`Registrar ${pending ? pending.choice.label.toLowerCase() : ''}`}
      confirmDisabled={reason.trim() === ''}
      onConfirm={confirm}
      onClose={close}
    >
      <Textarea
        label="Motivo"
        placeholder="Ex.: o cliente pediu para ligar neste horário"
        description="Ctrl+Enter registra."
        required
        data-autofocus
        maxLength={300}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (!isSendChord(event)) return;
          event.preventDefault();
          if (reason.trim() !== '') confirm();
        }}
      />
    </ConfirmDialog>
  );
}
