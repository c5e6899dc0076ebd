import { Paper, Stack, Title } from '@mantine/core';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useUsers } from '../api/get-users.ts';
import { CreateUserForm } from '../components/create-user-form.tsx';
import { UsersTable } from '../components/users-table.tsx';

function UsersSection() {
  const users = useUsers();
  const { data: currentUser } = useCurrentUser();

  if (users.isPending) {
    return <RowsSkeleton label="Carregando usuários" />;
  }
  if (users.isError) {
    return (
      <QueryErrorAlert
        title="Não foi possível carregar os usuários"
        error={users.error}
        onRetry={() => users.refetch()}
      />
    );
  }
  return <UsersTable users={users.data} currentUserId={currentUser?.id} />;
}

export function CreateUserPage() {
  return (
    <>
      <PageTitle>{appRoutes.createUser.title}</PageTitle>
      <Stack gap="xl">
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="novo-usuario"
        >
          <Title order={2} size="h4" mb="md" id="novo-usuario">
            Novo usuário
          </Title>
          <CreateUserForm />
        </Paper>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="usuarios"
        >
          <Title order={2} size="h4" mb="md" id="usuarios">
            Usuários
          </Title>
          <UsersSection />
        </Paper>
      </Stack>
    </>
  );
}
