import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { type ForgotPasswordBody, forgotPasswordBodySchema } from '../../../../core/auth.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordBody>({
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordBodySchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    requestReset.mutate(forgotPasswordBodySchema.parse(values));
  });

  return (
    <AuthLayout title={appRoutes.forgotPassword.title}>
      {requestReset.data ? (
        <Alert color="green" variant="light" role="status">
          {requestReset.data.message}
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Informe o e-mail da sua conta. Se ele estiver cadastrado, você receberá um link para
              criar uma nova senha.
            </Text>
            {requestReset.error ? (
              <Alert color="red" variant="light" role="alert">
                {requestReset.error.message}
              </Alert>
            ) : null}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              inputMode="email"
              autoFocus
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={requestReset.isPending}>
              Enviar link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={appRoutes.login.path} ta="center" size="sm">
        Voltar para o login
      </Anchor>
    </AuthLayout>
  );
}
