import { Alert, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useWebhookSettings } from '../api/get-webhook-settings.ts';
import { useUpdateWebhookSettings } from '../api/update-webhook-settings.ts';

/** The switch that lets endpoints point inside the company's network, with what it risks. */
export function PrivateTargetsSetting() {
  const settings = useWebhookSettings();
  const update = useUpdateWebhookSettings();
  const allowed = settings.data?.allowPrivateTargets ?? false;

  const change = (allowPrivateTargets: boolean) =>
    update.mutate(
      { allowPrivateTargets },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: 'Configuração salva',
            message: allowPrivateTargets
              ? 'Destinos na rede interna agora são aceitos.'
              : 'Destinos na rede interna agora são recusados.',
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Não foi possível salvar',
            message: error.message,
          }),
      },
    );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Por segurança, o CCA recusa destinos em endereços da rede interna: loopback (127.0.0.1,
        localhost), redes privadas (10.x, 172.16–31.x, 192.168.x), link-local (169.254.x, o endereço
        de metadados da nuvem) e seus equivalentes IPv6. Assim um webhook não vira uma porta de
        entrada para os sistemas internos da empresa.
      </Text>
      {settings.isPending ? (
        <Skeleton height={24} width={320} />
      ) : (
        <Switch
          label="Permitir destinos na rede interna"
          checked={allowed}
          disabled={update.isPending || settings.data === undefined}
          onChange={(event) => change(event.currentTarget.checked)}
        />
      )}
      {allowed ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Destinos na rede interna permitidos"
        >
          Qualquer administrador pode agora apontar um webhook para um sistema interno. Deixe ligado
          só enquanto um destino interno for mesmo necessário.
        </Alert>
      ) : null}
    </Stack>
  );
}
