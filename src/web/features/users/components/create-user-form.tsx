import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Role } from '../../../../core/roles.ts';
import { createUserBodySchema, defaultDailyQuota } from '../../../../core/users.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateUser } from '../api/create-user.ts';
import { roleOptions, takesDailyQuota } from './role-options.ts';

interface CreateUserFormValues {
  name: string;
  email: string;
  role: Role;
  password: string;
  // NumberInput gives '' while the field is empty.
  dailyQuota: number | string;
}

const initialValues: CreateUserFormValues = {
  name: '',
  email: '',
  role: 'assessor',
  password: '',
  dailyQuota: defaultDailyQuota,
};

/**
 * An empty password field means "send the user a link", so it must not reach the API as '';
 * the daily quota goes only with an assessor, the one role that receives leads.
 */
function toRequestCandidate({ password, dailyQuota, ...values }: CreateUserFormValues) {
  const quota = takesDailyQuota(values.role) ? { dailyQuota } : {};
  return password === '' ? { ...values, ...quota } : { ...values, ...quota, password };
}

const validateCandidate = schemaResolver(createUserBodySchema, { sync: true });

export function CreateUserForm() {
  const createUser = useCreateUser();
  const form = useForm<CreateUserFormValues>({
    initialValues,
    validate: (values) => validateCandidate(toRequestCandidate(values)),
  });

  const handleSubmit = form.onSubmit((values) => {
    const body = createUserBodySchema.parse(toRequestCandidate(values));
    createUser.mutate(body, {
      onSuccess: (user) => {
        notifications.show({
          color: 'green',
          title: 'Usuário criado',
          message:
            body.password === undefined
              ? `Enviamos para ${user.email} um link para criar a senha.`
              : `${user.name} já pode entrar com a senha definida.`,
        });
        form.reset();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'MAIL_NOT_SENT') {
          // The user exists; only the mail with the link did not go.
          notifications.show({
            color: 'orange',
            title: 'Usuário criado, e-mail não enviado',
            message: error.message,
            autoClose: false,
          });
          form.reset();
          return;
        }
        if (isApiError(error) && error.status === 409) form.setFieldError('email', error.message);
        notifications.show({
          color: 'red',
          title: 'Não foi possível criar o usuário',
          message: error.message,
        });
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Nome" autoComplete="off" {...form.getInputProps('name')} />
          <TextInput
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <NativeSelect label="Perfil" data={roleOptions} {...form.getInputProps('role')} />
          {takesDailyQuota(form.values.role) ? (
            <NumberInput
              label="Quantidade diária"
              description="Quantos leads a pessoa recebe por dia na distribuição."
              min={0}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('dailyQuota')}
            />
          ) : null}
          <PasswordInput
            label="Senha (opcional)"
            description="Deixe em branco para que a pessoa receba por e-mail um link para criar a própria senha."
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={createUser.isPending}>
            Criar usuário
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
