import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { matchesField, useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { errorMessages } from '../../../../core/errors.ts';
import { passwordMinLength, passwordSchema } from '../../../../core/password-policy.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { fieldRule } from '../../../lib/field-rule.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

/** The confirmation exists only in the form; the API receives the password once. */
interface NewPasswordFormValues {
  newPassword: string;
  confirmation: string;
}

function RequestNewLink() {
  return (
    <Anchor component={Link} to={appRoutes.forgotPassword.path} size="sm">
      Pedir um novo link
    </Anchor>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  const form = useForm<NewPasswordFormValues>({
    initialValues: { newPassword: '', confirmation: '' },
    validate: {
      newPassword: fieldRule(passwordSchema),
      confirmation: matchesField('newPassword', 'As senhas não conferem.'),
    },
  });

  const handleSubmit = form.onSubmit(({ newPassword }) => {
    resetPassword.mutate({ token, newPassword });
  });

  if (token === '') {
    return (
      <AuthLayout title={appRoutes.resetPassword.title}>
        <Alert color="red" variant="light" role="alert">
          {errorMessages.INVALID_RESET_TOKEN}
        </Alert>
        <RequestNewLink />
      </AuthLayout>
    );
  }

  if (resetPassword.data) {
    return (
      <AuthLayout title={appRoutes.resetPassword.title}>
        <Alert color="green" variant="light" role="status">
          {resetPassword.data.message}
        </Alert>
        <Button component={Link} to={appRoutes.login.path} fullWidth>
          Ir para o login
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={appRoutes.resetPassword.title}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Escolha uma senha com pelo menos {passwordMinLength} caracteres que você não use em
            outros sites.
          </Text>
          {resetPassword.error ? (
            <Alert color="red" variant="light" role="alert">
              <Stack gap={4} align="flex-start">
                <span>{resetPassword.error.message}</span>
                {isApiError(resetPassword.error) &&
                resetPassword.error.code === 'INVALID_RESET_TOKEN' ? (
                  <RequestNewLink />
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <PasswordInput
            label="Nova senha"
            autoComplete="new-password"
            autoFocus
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirme a nova senha"
            autoComplete="new-password"
            {...form.getInputProps('confirmation')}
          />
          <Button type="submit" fullWidth loading={resetPassword.isPending}>
            Salvar nova senha
          </Button>
          <Anchor component={Link} to={appRoutes.login.path} ta="center" size="sm">
            Voltar para o login
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
