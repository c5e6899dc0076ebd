import { Badge } from '@mantine/core';
import {
  type LeadStatus,
  leadStatusColors,
  leadStatusLabels,
} from '../../../../core/lead-status.ts';

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant="light" color={leadStatusColors[status]} style={{ minWidth: 'max-content' }}>
      {leadStatusLabels[status]}
    </Badge>
  );
}
