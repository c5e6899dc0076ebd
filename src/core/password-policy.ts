import { z } from 'zod';
import { commonPasswords } from './common-passwords.ts';

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

/** The password rule of OWASP ASVS level 2: length 8–128 and not one of the most common. */
export const passwordSchema = z
  .string({ error: 'Informe a senha.' })
  .min(passwordMinLength, { error: `A senha deve ter pelo menos ${passwordMinLength} caracteres.` })
  .max(passwordMaxLength, { error: `A senha deve ter no máximo ${passwordMaxLength} caracteres.` })
  .refine((password) => !commonPasswords.has(password.toLowerCase()), {
    error: 'Essa senha é muito comum. Escolha outra.',
  });
