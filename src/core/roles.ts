import { z } from 'zod';

/**
 * Who uses CCA: an administrator runs it all; a supervisor runs the floor for the teams it
 * leads (their assessors, leads, calls, distribution and reports), never users, settings,
 * imports or integrations; an assessor works its own list.
 */
export const roleSchema = z.enum(['admin', 'supervisor', 'assessor']);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = {
  admin: 'Administrador',
  supervisor: 'Supervisor',
  assessor: 'Assessor',
};

export const homePathByRole: Record<Role, string> = {
  admin: '/',
  supervisor: '/painel',
  assessor: '/colaborador',
};

/** Whether a role runs the floor: sees its assessors' work and acts on it (admin: every team). */
export const runsTheFloor = (role: Role): boolean => role === 'admin' || role === 'supervisor';
