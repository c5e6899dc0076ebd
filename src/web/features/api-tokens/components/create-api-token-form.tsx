import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type ApiScope,
  apiScopeLabels,
  apiScopes,
  type CreatedApiToken,
} from '../../../../core/api-tokens.ts';
import { DateField } from '../../../components/pt-br-pickers.tsx';
import { useCreateApiToken } from '../api/create-api-token.ts';

/** Today in this browser's zone: a token may end tonight, not before. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The end of the chosen day in this browser's zone: a token works through its last day. */
function endOfDay(date: string): string | undefined {
  return date === '' ? undefined : new Date(`${date}T23:59:59`).toISOString();
}

function NewSecret({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <Alert color="yellow" title={`Token "${created.token.name}" criado`} icon={<IconKey />}>
      <Stack gap="sm">
        <Text size="sm">
          Copie o token agora e guarde-o no sistema que vai usá-lo: ele não será mostrado de novo.
          Quem tiver o token age com as permissões dele.
        </Text>
        <Code
          block
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          data-testid="novo-token"
        >
          {created.secret}
        </Code>
        <Group gap="sm">
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copiado' : 'Copiar token'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            Já guardei
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function CreateApiTokenForm() {
  const createToken = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['leads:write']);
  const [expiresOn, setExpiresOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    createToken.mutate(
      { name, scopes, expiresAt: endOfDay(expiresOn) },
      {
        onSuccess: (result) => {
          setCreated(result);
          setName('');
          setExpiresOn('');
        },
        onError: (failure) => {
          setError(failure.message);
          notifications.show({
            color: 'red',
            title: 'Não foi possível criar o token',
            message: failure.message,
          });
        },
      },
    );
  };

  if (created) return <NewSecret created={created} onDone={() => setCreated(null)} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label="Nome da integração"
            description="Vira a origem dos leads que o token incluir."
            placeholder="Formulário do site"
            autoComplete="off"
            miw={240}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
          />
          <DateField
            label="Válido até (opcional)"
            description="Sem data, vale até ser revogado."
            value={expiresOn}
            min={today()}
            onChange={setExpiresOn}
          />
        </Group>
        <Checkbox.Group
          label="Permissões"
          value={scopes}
          onChange={(value) => setScopes(value as ApiScope[])}
        >
          <Group gap="lg" mt="xs" wrap="wrap">
            {apiScopes.map((scope) => (
              <Checkbox key={scope} value={scope} label={`${apiScopeLabels[scope]} (${scope})`} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={createToken.isPending}>
            Criar token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
