import { type Role, roleLabels } from '../../../../core/roles.ts';

/** Assessor first: it is the role an admin creates almost every time. */
export const roleOptions: { value: Role; label: string }[] = [
  { value: 'assessor', label: roleLabels.assessor },
  { value: 'admin', label: roleLabels.admin },
];
