import { z } from 'zod';
import { passwordSchema } from './password-policy.ts';
import { emailSchema, meSchema } from './users.ts';

// Strict: a field the route does not read (a role, an id) is refused, not silently dropped.
export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'Informe a senha.' }).min(1, { error: 'Informe a senha.' }).max(128),
});
export type SignInBody = z.input<typeof signInBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  token: z.string().min(1, { error: 'Link inválido.' }).max(200),
  newPassword: passwordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** The answer to a forgotten password, the same whether the e-mail exists or not. */
export const forgotPasswordMessage =
  'Se houver uma conta com esse e-mail, enviamos um link para criar uma nova senha. Confira sua caixa de entrada.';

export const messageSchema = z.object({ message: z.string() });

export const signInResponseSchema = z.object({ user: meSchema });
