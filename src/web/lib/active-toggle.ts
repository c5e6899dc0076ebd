import { notifications } from '@mantine/notifications';
import { useState } from 'react';

interface Named {
  id: number;
  name: string;
  active: boolean;
}

/** What the notice says once a row is switched, by its new state. */
export interface ActiveToggleMessages {
  activated: (name: string) => string;
  deactivated: (name: string) => string;
}

/**
 * The active switch of a catalogue's rows (pause reasons, message templates): a row is never
 * deleted, it is retired and brought back. `save` sends the row's new state; `busyId` is the
 * row whose change is on its way, and the outcome is told in a notice.
 */
export function useActiveToggle<Row extends Named>(
  save: (row: Row, active: boolean) => Promise<Named>,
  messages: ActiveToggleMessages,
) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const toggle = (row: Row) => {
    setBusyId(row.id);
    save(row, !row.active)
      .then((saved) =>
        notifications.show({
          color: 'green',
          message: saved.active ? messages.activated(saved.name) : messages.deactivated(saved.name),
        }),
      )
      .catch((error: Error) =>
        notifications.show({
          color: 'red',
          title: 'Não foi possível mudar',
          message: error.message,
        }),
      )
      .finally(() => setBusyId(null));
  };
  return { busyId, toggle };
}
