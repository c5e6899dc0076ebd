import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface ErrorPageContentProps {
  statusCode: number;
  statusMessage: string;
  message: string;
  description?: string;
}

/** The layout shared by the 404 page and the generic error page. */
export function ErrorPageContent({
  statusCode,
  statusMessage,
  message,
  description,
}: ErrorPageContentProps) {
  return (
    <Center mih="70dvh" p="md">
      <Stack align="center" gap="sm" maw={560} ta="center">
        <Text fw={700} fz={48} lh={1} c="dimmed">
          {statusCode}
        </Text>
        <Title order={1} size="h2">
          {statusMessage}
        </Title>
        <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        {description ? <Text c="dimmed">{description}</Text> : null}
        <Button component={Link} to="/" mt="md">
          Voltar para o início
        </Button>
      </Stack>
    </Center>
  );
}
