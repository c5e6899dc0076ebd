import { ActionIcon, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconRecycle } from '@tabler/icons-react';
import { recycleDialogTexts } from '../../../../core/recycling.ts';
import { RecycleDialog } from './recycle-dialog.tsx';

/**
 * The header's `Reciclar Leads` button (admins only) and the dialog it opens. On a phone the
 * header has no room for the label, so the button shows its icon and keeps the name.
 */
/** Its label from 1408 px on; an icon below, where the header's links need the room. */
export function RecycleLeadsButton() {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button
        variant="light"
        color="violet"
        size="sm"
        px="sm"
        visibleFrom="xl"
        leftSection={<IconRecycle size={18} aria-hidden />}
        onClick={dialog.open}
      >
        {recycleDialogTexts.button}
      </Button>
      <ActionIcon
        variant="light"
        color="violet"
        size="lg"
        hiddenFrom="xl"
        aria-label={recycleDialogTexts.button}
        title={recycleDialogTexts.button}
        onClick={dialog.open}
      >
        <IconRecycle size={18} aria-hidden />
      </ActionIcon>
      <RecycleDialog opened={opened} onClose={dialog.close} />
    </>
  );
}
