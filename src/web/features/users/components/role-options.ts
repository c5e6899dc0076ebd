import { type Role, roleLabels } from '../../../../core/roles.ts';

/** Assessor first: it is the role an admin creates almost every time. */
export const roleOptions: { value: Role; label: string }[] = [
  { value: 'assessor', label: roleLabels.assessor },
  { value: 'supervisor', label: roleLabels.supervisor },
  { value: 'admin', label: roleLabels.admin },
];

/** Only assessors receive leads: the daily quota means nothing for the other roles. */
export const takesDailyQuota = (role: Role): boolean => role === 'assessor';
