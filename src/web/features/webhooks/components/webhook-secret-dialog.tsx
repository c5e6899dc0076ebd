import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

export interface WebhookSecretDialogProps {
  /** The endpoint just created and its secret; null when closed. */
  created: { name: string; secret: string } | null;
  onClose: () => void;
}

/** The only time the secret is shown: the server keeps it, but never answers it again. */
export function WebhookSecretDialog({ created, onClose }: WebhookSecretDialogProps) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Segredo da assinatura" centered>
      <Stack gap="md">
        <Text>
          Guarde o segredo do destino "{created?.name}" no sistema que recebe os webhooks: ele
          confere a assinatura de cada entrega com ele. Ele não será mostrado de novo.
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {created?.secret}
        </Code>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={created?.secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
                {copied ? 'Segredo copiado' : 'Copiar segredo'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Já guardei</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
