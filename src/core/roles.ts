import { z } from 'zod';

export const roleSchema = z.enum(['admin', 'assessor']);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = {
  admin: 'Administrador',
  assessor: 'Assessor',
};

export const homePathByRole: Record<Role, string> = {
  admin: '/',
  assessor: '/colaborador',
};
