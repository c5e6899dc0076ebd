import { Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { BlockedPhone } from '../../../../core/do-not-call.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { useRemoveBlockedPhone } from '../api/remove-blocked-phone.ts';

export interface BlockedPhonesTableProps {
  phones: BlockedPhone[];
}

export function BlockedPhonesTable({ phones }: BlockedPhonesTableProps) {
  const [removing, setRemoving] = useState<BlockedPhone | null>(null);
  const removeBlockedPhone = useRemoveBlockedPhone();

  const confirmRemoval = () => {
    if (!removing) return;
    removeBlockedPhone.mutate(removing.phone, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Telefone desbloqueado',
          message: `${formatBrazilianPhone(removing.phone)} saiu da lista de bloqueio.`,
        });
        setRemoving(null);
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Não foi possível desbloquear o telefone',
          message: error.message,
        }),
    });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Telefones bloqueados">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Telefone</Table.Th>
              <Table.Th>Motivo</Table.Th>
              <Table.Th>Bloqueado por</Table.Th>
              <Table.Th>Em</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {phones.map((entry) => (
              <Table.Tr key={entry.phone}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatBrazilianPhone(entry.phone)}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.reason}</Table.Td>
                <Table.Td>{entry.createdByName ?? 'Sistema'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.createdAt)}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(entry)}
                    aria-label={`Desbloquear ${formatBrazilianPhone(entry.phone)}`}
                  >
                    Desbloquear
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={removing !== null}
        title="Desbloquear telefone"
        message={
          <Text>
            {removing ? formatBrazilianPhone(removing.phone) : ''} poderá voltar a ser importado e
            ligado. Os leads que já saíram de circulação continuam como estão.
          </Text>
        }
        confirmLabel="Desbloquear"
        confirmColor="red"
        loading={removeBlockedPhone.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
