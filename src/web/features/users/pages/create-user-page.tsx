import { Stack } from '@mantine/core';
import { appRoutes } from '../../../../core/app-routes.ts';
import { PageSection } from '../../../components/page-section.tsx';
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
        <PageSection id="novo-usuario" title="Novo usuário">
          <CreateUserForm />
        </PageSection>
        <PageSection id="usuarios" title="Usuários">
          <UsersSection />
        </PageSection>
      </Stack>
    </>
  );
}
