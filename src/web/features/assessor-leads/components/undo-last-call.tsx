import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { undoWindowSeconds } from '../../../../core/attempts.ts';
import { useUndoAttempt } from '../api/undo-attempt.ts';

/** The call that can still be undone. */
interface UndoableCall {
  attemptId: number;
  leadId: number;
  leadName: string;
  /** The outcome as its button says it ("Caixa postal", "Aceitou"…). */
  outcomeLabel: string;
}

const noticeId = (attemptId: number) => `undo-call-${attemptId}`;

/**
 * Offers "Desfazer" on the last call recorded, for as long as the server takes it back: a
 * notification with the button, and `undoLast` for the page's shortcut. A newer call replaces
 * the offer, so one key and one notice always mean the same call.
 */
export function useUndoLastCall({
  onUndone,
}: {
  /** Called with the lead and a sentence for screen readers once the call is undone. */
  onUndone: (leadId: number, announcement: string) => void;
}) {
  const undoAttempt = useUndoAttempt();
  const [undoable, setUndoable] = useState<UndoableCall | null>(null);
  const onUndoneRef = useRef(onUndone);
  onUndoneRef.current = onUndone;

  const undo = useCallback(
    (call: UndoableCall) => {
      notifications.hide(noticeId(call.attemptId));
      setUndoable(null);
      undoAttempt.mutate(call.attemptId, {
        onSuccess: () => {
          const message = `Ligação de ${call.leadName} desfeita: o lead voltou como estava.`;
          notifications.show({ color: 'green', message });
          onUndoneRef.current(call.leadId, message);
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Não foi possível desfazer',
            message: error.message,
          }),
      });
    },
    [undoAttempt.mutate],
  );

  const offer = useCallback(
    (call: UndoableCall) => {
      if (undoable) notifications.hide(noticeId(undoable.attemptId));
      setUndoable(call);
      notifications.show({
        id: noticeId(call.attemptId),
        autoClose: false,
        withCloseButton: true,
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            {/* On a phone the sentence wraps, long names inside their words if need be, and
                the button keeps its whole word. */}
            <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
              {call.leadName}: {call.outcomeLabel} registrado.
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              style={{ flexShrink: 0 }}
              onClick={() => undo(call)}
            >
              Desfazer
            </Button>
          </Group>
        ),
        onClose: () =>
          setUndoable((current) => (current?.attemptId === call.attemptId ? null : current)),
      });
    },
    [undo, undoable],
  );

  // The offer ends with the window, whether or not the pointer rests on it.
  useEffect(() => {
    if (!undoable) return;
    const timer = setTimeout(() => {
      notifications.hide(noticeId(undoable.attemptId));
      setUndoable(null);
    }, undoWindowSeconds * 1000);
    return () => clearTimeout(timer);
  }, [undoable]);

  const undoLast = useCallback(() => {
    if (undoable) undo(undoable);
  }, [undo, undoable]);

  return { offer, undoLast, canUndo: undoable !== null, undoing: undoAttempt.isPending };
}
