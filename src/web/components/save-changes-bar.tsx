import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SaveChangesBarProps {
  saveLabel: string;
  /** Whether the draft differs from what is saved: nothing to save or discard otherwise. */
  changed: boolean;
  saving: boolean;
  /** The last save's error, shown above the buttons. */
  error: Error | null;
  onSave: () => void;
  onDiscard: () => void;
  /** More buttons after "Descartar alterações". */
  children?: ReactNode;
}

/** The foot of a settings page: why the last save failed, then save and discard. */
export function SaveChangesBar({
  saveLabel,
  changed,
  saving,
  error,
  onSave,
  onDiscard,
  children,
}: SaveChangesBarProps) {
  return (
    <>
      {error ? (
        <Alert color="red" title="Não foi possível salvar">
          {error.message}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={onSave} loading={saving} disabled={!changed}>
          {saveLabel}
        </Button>
        {changed ? (
          <Button variant="default" onClick={onDiscard}>
            Descartar alterações
          </Button>
        ) : null}
        {children}
      </Group>
    </>
  );
}
