import { Alert, Button, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  describeRecyclingRules,
  recycledMessage,
  recyclePreviewParts,
  recycleDialogTexts as texts,
} from '../../../../core/recycling.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useRecyclePreview } from '../api/get-recycle-preview.ts';
import { useRecyclingRules } from '../api/get-recycling-rules.ts';
import { useRecycleLeads } from '../api/recycle-leads.ts';
import { RecyclingRulesForm } from './recycling-rules-form.tsx';

export interface RecycleDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The seed's four views (§2 "Recycle dialog", §4). */
type View = 'confirm' | 'progress' | 'success' | 'nothingLeft';

const titles: Record<View, string> = {
  confirm: texts.confirmTitle,
  progress: texts.progressTitle,
  success: texts.successTitle,
  nothingLeft: texts.nothingLeftTitle,
};

/** Under the seed's words: how many leads would go, from which status, after what wait. */
function RecyclePreviewLine() {
  const preview = useRecyclePreview();
  const parts = preview.data ? recyclePreviewParts(preview.data) : null;
  // One live region through loading and answer, so a screen reader hears the count arrive.
  return (
    <Text aria-live="polite" c={parts ? undefined : 'dimmed'}>
      {parts ? (
        <>
          {parts.count}{' '}
          <Text span fw={700} inherit>
            {parts.status}
          </Text>{' '}
          {parts.rest}
        </>
      ) : preview.isPending ? (
        'Contando os leads a reciclar…'
      ) : (
        'Não foi possível contar os leads a reciclar agora.'
      )}
    </Text>
  );
}

function RulesSummary() {
  const rules = useRecyclingRules();
  const [editing, setEditing] = useState(false);
  if (!rules.data) return null;
  return (
    <Stack gap="xs">
      <Divider />
      <Group justify="space-between" gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {describeRecyclingRules(rules.data)}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          aria-expanded={editing}
          onClick={() => setEditing((current) => !current)}
        >
          {editing ? 'Ocultar regras' : 'Alterar regras'}
        </Button>
      </Group>
      {editing ? <RecyclingRulesForm rules={rules.data} onSaved={() => setEditing(false)} /> : null}
    </Stack>
  );
}

export function RecycleDialog({ opened, onClose }: RecycleDialogProps) {
  const recycle = useRecycleLeads();
  const [view, setView] = useState<View>('confirm');
  const [count, setCount] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (view === 'progress') return;
    setView('confirm');
    setCount(0);
    setError(null);
    onClose();
  };

  const confirm = () => {
    setError(null);
    setView('progress');
    recycle.mutate(undefined, {
      onSuccess: (result) => {
        setCount(result.updatedAlertCount);
        // A count of 0 (message `not`) selects the nothing-left view (seed §4).
        setView(result.updatedAlertCount > 0 ? 'success' : 'nothingLeft');
      },
      onError: (failure) => {
        setError(
          isApiError(failure) && failure.code === 'NETWORK_ERROR'
            ? texts.connectionError
            : texts.serverError,
        );
        setView('confirm');
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={titles[view]}
      centered
      withCloseButton={view !== 'progress'}
      closeOnClickOutside={view !== 'progress'}
      closeOnEscape={view !== 'progress'}
    >
      {view === 'confirm' ? (
        <Stack gap="lg">
          <Stack gap="xs">
            <Text>{texts.confirmText}</Text>
            <RecyclePreviewLine />
          </Stack>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <RulesSummary />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {texts.cancel}
            </Button>
            <Button color="violet" onClick={confirm} data-autofocus>
              {texts.confirm}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {view === 'progress' ? (
        <Group gap="md" wrap="nowrap" role="status">
          <Loader size="sm" color="violet" />
          <Text>{texts.progressText}</Text>
        </Group>
      ) : null}
      {view === 'success' ? (
        <Stack gap="lg">
          <Text role="status">{recycledMessage(count)}</Text>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {texts.successDone}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {view === 'nothingLeft' ? (
        <Stack gap="lg">
          <Text role="status">{texts.nothingLeftText}</Text>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {texts.nothingLeftDone}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
