import { Badge } from '@mantine/core';
import { type ImportStatus, importStatusLabels } from '../../../../core/imports.ts';

const importStatusColors: Record<ImportStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  undone: 'violet',
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge variant="light" color={importStatusColors[status]} style={{ minWidth: 'max-content' }}>
      {importStatusLabels[status]}
    </Badge>
  );
}
