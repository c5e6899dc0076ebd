import { Badge } from '@mantine/core';
import { type LeadStatus, leadStatusColors, leadStatusLabels } from '../../core/lead-status.ts';

export interface StatusBadgeProps {
  status: LeadStatus;
}

/** A lead status or a call outcome, with its label and colour from src/core. */
export function StatusBadge({ status }: StatusBadgeProps) {
  return (
    <Badge variant="light" color={leadStatusColors[status]} style={{ minWidth: 'max-content' }}>
      {leadStatusLabels[status]}
    </Badge>
  );
}
