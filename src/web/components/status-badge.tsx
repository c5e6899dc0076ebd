import { Badge } from '@mantine/core';
import { type LeadStatus, leadStatusColors, leadStatusLabels } from '../../core/lead-status.ts';
import { outcomeRegistry } from '../../core/outcomes.ts';

/** The outcomes' labels where space is short ("Não conhece" for "Não conhece o titular"). */
const shortLabels: Partial<Record<LeadStatus, string>> = Object.fromEntries(
  outcomeRegistry.map((outcome) => [outcome.key, outcome.shortLabel]),
);

export interface StatusBadgeProps {
  status: LeadStatus;
  /** In a narrow column: an outcome's short label, the whole one on hover. */
  short?: boolean;
}

/** A lead status or a call outcome, with its label and colour from src/core. */
export function StatusBadge({ status, short = false }: StatusBadgeProps) {
  const label = leadStatusLabels[status];
  const shown = short ? (shortLabels[status] ?? label) : label;
  return (
    <Badge
      variant="light"
      color={leadStatusColors[status]}
      style={{ minWidth: 'max-content' }}
      title={shown === label ? undefined : label}
    >
      {shown}
    </Badge>
  );
}
