import { Alert, Button, Stack } from '@mantine/core';

export interface QueryErrorAlertProps {
  title: string;
  error: Error;
  onRetry?: () => void;
}

/** A failed load: the server's pt-BR message as is, and a way to try again. */
export function QueryErrorAlert({ title, error, onRetry }: QueryErrorAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <span>{error.message}</span>
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry}>
            Tentar novamente
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
