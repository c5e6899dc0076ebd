import { Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { BlockListSource } from '../../../../core/block-lists.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { useRemoveBlockList } from '../api/remove-block-list.ts';
import { formatListDate } from './list-date.ts';

export function BlockListSourcesTable({ sources }: { sources: BlockListSource[] }) {
  const [removing, setRemoving] = useState<BlockListSource | null>(null);
  const removeBlockList = useRemoveBlockList();

  const confirmRemoval = () => {
    if (!removing) return;
    removeBlockList.mutate(removing.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Lista excluída',
          message: `Os números da lista "${removing.name}" não bloqueiam mais.`,
        });
        setRemoving(null);
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Não foi possível excluir a lista',
          message: error.message,
        }),
    });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={720} type="native">
        <Table striped verticalSpacing="sm" aria-label="Listas de bloqueio externas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lista</Table.Th>
              <Table.Th>Data da lista</Table.Th>
              <Table.Th ta="right">Números</Table.Th>
              <Table.Th ta="right">Leads bloqueados</Table.Th>
              <Table.Th>Carregada por</Table.Th>
              <Table.Th>Em</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.map((source) => (
              <Table.Tr key={source.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{source.name}</Table.Td>
                <Table.Td>{formatListDate(source.listDate)}</Table.Td>
                <Table.Td ta="right">{formatInteger(source.phoneCount)}</Table.Td>
                <Table.Td ta="right">{formatInteger(source.leadsBlocked)}</Table.Td>
                <Table.Td>{source.loadedByName ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(source.loadedAt)}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(source)}
                    aria-label={`Excluir a lista ${source.name}`}
                  >
                    Excluir
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir lista de bloqueio"
        message={
          <Text>
            Os {formatInteger(removing?.phoneCount ?? 0)} números da lista "{removing?.name}" deixam
            de bloquear importações e distribuições. Os leads que ela já bloqueou continuam como
            estão.
          </Text>
        }
        confirmLabel="Excluir lista"
        confirmColor="red"
        loading={removeBlockList.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
