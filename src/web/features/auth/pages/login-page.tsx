import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { type SignInBody, signInBodySchema } from '../../../../core/auth.ts';
import { homePathByRole } from '../../../../core/roles.ts';
import { redirectParameter, safeRedirectPath } from '../../../lib/redirect-path.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const form = useForm<SignInBody>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInBodySchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    signIn.mutate(signInBodySchema.parse(values), {
      onSuccess: ({ user }) => {
        const wanted = safeRedirectPath(searchParams.get(redirectParameter));
        void navigate(wanted ?? homePathByRole[user.role], { replace: true });
      },
    });
  });

  return (
    <AuthLayout title={appRoutes.login.title}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {signIn.error ? (
            <Alert color="red" variant="light" role="alert">
              {signIn.error.message}
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={signIn.isPending}>
            Entrar
          </Button>
          <Anchor component={Link} to={appRoutes.forgotPassword.path} ta="center" size="sm">
            Esqueci minha senha
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
