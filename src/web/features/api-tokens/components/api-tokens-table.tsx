import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type ApiToken, apiScopeLabels } from '../../../../core/api-tokens.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';

export interface ApiTokensTableProps {
  tokens: ApiToken[];
}

function TokenState({ token }: { token: ApiToken }) {
  if (token.revokedAt) return <Badge color="gray">Revogado</Badge>;
  if (token.expiresAt && Date.parse(token.expiresAt) <= Date.now()) {
    return <Badge color="orange">Expirado</Badge>;
  }
  return <Badge color="green">Ativo</Badge>;
}

export function ApiTokensTable({ tokens }: ApiTokensTableProps) {
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revokeToken = useRevokeApiToken();

  const confirmRevoke = () => {
    if (!revoking) return;
    revokeToken.mutate(revoking.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Token revogado',
          message: `"${revoking.name}" deixou de funcionar.`,
        });
        setRevoking(null);
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Não foi possível revogar o token',
          message: error.message,
        }),
    });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Integração</Table.Th>
              <Table.Th>Permissões</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Criado</Table.Th>
              <Table.Th>Último uso</Table.Th>
              <Table.Th>Validade</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {token.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {token.prefix}_…
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {token.scopes.map((scope) => (
                      <Badge key={scope} variant="light" size="sm">
                        {apiScopeLabels[scope]}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <TokenState token={token} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(token.createdAt)}</Text>
                  <Text size="xs" c="dimmed">
                    {token.createdByName ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Nunca'}</Table.Td>
                <Table.Td>
                  {token.expiresAt ? formatDateTime(token.expiresAt) : 'Sem validade'}
                </Table.Td>
                <Table.Td>
                  {token.revokedAt ? null : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRevoking(token)}
                    >
                      Revogar
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revogar token"
        message={`O token "${revoking?.name ?? ''}" deixa de funcionar na hora, e isso não se desfaz: a integração precisará de um token novo.`}
        confirmLabel="Revogar"
        confirmColor="red"
        loading={revokeToken.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
