import { Badge } from '@mantine/core';
import { type LiveConnection, useLiveConnection } from '../../../lib/live-connection.ts';

const labels: Record<LiveConnection, { label: string; color: string }> = {
  open: { label: 'Ao vivo', color: 'green' },
  connecting: { label: 'Conectando…', color: 'gray' },
  reconnecting: { label: 'Reconectando…', color: 'orange' },
};

/** Whether the wallboard hears the floor now: after a server restart it says it is reconnecting. */
export function LiveStatus() {
  const connection = useLiveConnection();
  const { label, color } = labels[connection];
  return (
    <Badge
      role="status"
      color={color}
      variant="dot"
      size="lg"
      tt="none"
      data-connection={connection}
    >
      {label}
    </Badge>
  );
}
