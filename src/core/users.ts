import { z } from 'zod';
import { passwordSchema } from './password-policy.ts';
import { requiredText } from './required-text.ts';
import { roleSchema } from './roles.ts';

export const emailSchema = z
  .email({ error: 'Informe um e-mail válido.' })
  .max(254, { error: 'O e-mail deve ter no máximo 254 caracteres.' })
  .transform((email) => email.toLowerCase());

/** A name as lists show it: invisible characters that could make it pass for another's go. */
export const userNameSchema = requiredText({
  empty: 'Informe o nome.',
  min: 2,
  tooShort: 'O nome deve ter pelo menos 2 caracteres.',
  max: 120,
  tooLong: 'O nome deve ter no máximo 120 caracteres.',
});

export const dailyQuotaSchema = z
  .number({ error: 'Informe a quantidade diária.' })
  .int({ error: 'A quantidade diária deve ser um número inteiro.' })
  .min(0, { error: 'A quantidade diária não pode ser negativa.' })
  .max(1000, { error: 'A quantidade diária deve ser no máximo 1000.' });

export const defaultDailyQuota = 100;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  active: z.boolean(),
  dailyQuota: z.number().int(),
  hasPassword: z.boolean(),
  createdAt: z.iso.datetime(),
  /** An assessor's team (null: in none, and for everyone else). */
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userListSchema = z.object({ users: z.array(userSchema) });

export const createUserBodySchema = z.strictObject({
  name: userNameSchema,
  email: emailSchema,
  role: roleSchema,
  password: passwordSchema.optional(),
  dailyQuota: dailyQuotaSchema.optional(),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const updateUserBodySchema = z
  .strictObject({
    name: userNameSchema.optional(),
    role: roleSchema.optional(),
    active: z.boolean().optional(),
    dailyQuota: dailyQuotaSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Nada a alterar.' });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type Me = z.infer<typeof meSchema>;
