import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type AgentStatus, pauseIsLate } from '../../../../core/agent-states.ts';
import { elapsedText, useTicking } from './elapsed-time.ts';

export interface PauseBannerProps {
  status: AgentStatus;
  resuming: boolean;
  onResume: () => void;
}

/** "Em pausa: Almoço · 12:34", counting, in red past the reason's limit, and the way back. */
export function PauseBanner({ status, resuming, onResume }: PauseBannerProps) {
  const now = useTicking(true);
  const late = pauseIsLate(status, new Date(now));
  const limit = status.pauseReason?.limitMinutes;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg={late ? 'red.0' : 'yellow.0'}
      role="region"
      aria-label="Pausa"
    >
      <Group justify="space-between" gap="sm">
        <div>
          <Text fw={700} size="lg">
            Em pausa: {status.pauseReason?.name ?? ''} ·{' '}
            <Text span inherit c={late ? 'red.8' : undefined} ff="monospace">
              {elapsedText(new Date(status.since).getTime(), now)}
            </Text>
          </Text>
          {limit ? (
            <Text size="sm" c={late ? 'red.8' : 'dimmed'}>
              {late ? `Passou do limite de ${limit} min.` : `Limite: ${limit} min.`}
            </Text>
          ) : null}
        </div>
        <Button
          color="green"
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          loading={resuming}
          onClick={onResume}
        >
          Voltar ao trabalho
        </Button>
      </Group>
    </Paper>
  );
}
