import { Alert, Button, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useUsers } from '../api/get-users.ts';
import { CreateUserForm } from '../components/create-user-form.tsx';
import { UsersTable } from '../components/users-table.tsx';

function UsersSection() {
  const users = useUsers();
  const { data: currentUser } = useCurrentUser();

  if (users.isPending) {
    return (
      <Stack gap="xs" aria-label="Carregando usuários">
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (users.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Não foi possível carregar os usuários">
        <Stack gap="xs" align="flex-start">
          <span>{users.error.message}</span>
          <Button size="xs" variant="default" onClick={() => users.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
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
