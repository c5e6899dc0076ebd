import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import type { SignInBody } from '../../../../core/auth.ts';
import { homePathOf } from '../../../lib/home-path.ts';
import { redirectParameter, safeRedirectPath } from '../../../lib/redirect-path.ts';
import { loadSignInSchemas, useSignIn } from '../api/sign-in.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const form = useForm<SignInBody>({
    initialValues: { email: '', password: '' },
    validate: (values) =>
      loadSignInSchemas().then(
        ({ signInBodySchema }) => schemaResolver(signInBodySchema, { sync: true })(values),
        // The server checks the same schema: a form whose rules could not load is sent as it is.
        () => ({}),
      ),
  });

  const handleSubmit = form.onSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: async ({ user }) => {
        const wanted = safeRedirectPath(searchParams.get(redirectParameter));
        await navigate(wanted ?? (await homePathOf(user.role)), { replace: true });
      },
    });
  });

  // Typing starts the schemas' download, so sending the form rarely waits for it.
  const preloadSchemas = () => {
    loadSignInSchemas().catch(() => undefined);
  };

  return (
    <AuthLayout title={appRoutes.login.title}>
      <form onSubmit={handleSubmit} onInput={preloadSchemas} noValidate>
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
