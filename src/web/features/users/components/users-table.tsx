import { Badge, Group, Table, Text } from '@mantine/core';
import { roleLabels } from '../../../../core/roles.ts';
import type { User } from '../../../../core/users.ts';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';
import { takesDailyQuota } from './role-options.ts';
import { UserActions } from './user-actions.tsx';

export interface UsersTableProps {
  users: User[];
  currentUserId: string | undefined;
}

const quotaFormatter = new Intl.NumberFormat('pt-BR');

/** "Assessor · Equipe Norte": an assessor's team beside its role. */
const roleText = (user: User) =>
  user.role === 'assessor' && user.teamName !== null
    ? `${roleLabels[user.role]} · ${user.teamName}`
    : roleLabels[user.role];

const quotaText = (user: User) =>
  takesDailyQuota(user.role) ? quotaFormatter.format(user.dailyQuota) : '—';

function UserName({ user, isCurrentUser }: { user: User; isCurrentUser: boolean }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {user.name}
        </Text>
        {isCurrentUser ? (
          <Badge size="xs" variant="outline" color="gray">
            Você
          </Badge>
        ) : null}
      </Group>
      {user.hasPassword ? null : (
        <Text size="xs" c="dimmed">
          Ainda não criou a senha
        </Text>
      )}
    </>
  );
}

function ActiveBadge({ user }: { user: User }) {
  return (
    <Badge variant="light" color={user.active ? 'green' : 'gray'}>
      {user.active ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}

/**
 * The users, every column on a desktop; on a phone the name, e-mail, profile, status and quota
 * stacked in one column beside the actions.
 */
export function UsersTable({ users, currentUserId }: UsersTableProps) {
  const narrow = useNarrowScreen();
  if (users.length === 0) {
    return <Text c="dimmed">Nenhum usuário cadastrado.</Text>;
  }
  if (narrow) {
    return (
      <Table aria-label="Usuários" striped verticalSpacing="sm" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Usuário</Table.Th>
            <Table.Th w={100}>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const isCurrentUser = user.id === currentUserId;
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <UserName user={user} isCurrentUser={isCurrentUser} />
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                  <Group gap={6} mt={4}>
                    <ActiveBadge user={user} />
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {roleText(user)}
                      {takesDailyQuota(user.role) ? ` · ${quotaText(user)} por dia` : ''}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <UserActions user={user} isCurrentUser={isCurrentUser} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    // A phone is narrower than the table: the table scrolls sideways instead of squeezing the columns.
    <Table.ScrollContainer minWidth={760} type="native">
      <Table aria-label="Usuários" striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Perfil</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Quantidade diária</Table.Th>
            <Table.Th>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const isCurrentUser = user.id === currentUserId;
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <UserName user={user} isCurrentUser={isCurrentUser} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{roleText(user)}</Table.Td>
                <Table.Td>
                  <ActiveBadge user={user} />
                </Table.Td>
                <Table.Td ta="right">{quotaText(user)}</Table.Td>
                <Table.Td>
                  <UserActions user={user} isCurrentUser={isCurrentUser} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
