import { z } from 'zod';
import { requiredText } from './required-text.ts';

/**
 * What a token may do. A route names the scope it needs (`config.tokenScope`); a route that
 * names none refuses every token, whatever its scopes.
 */
export const apiScopes = ['leads:write', 'leads:read', 'attempts:read', 'metrics:read'] as const;
export type ApiScope = (typeof apiScopes)[number];
export const apiScopeSchema = z.enum(apiScopes, { error: 'Permissão desconhecida.' });

export const apiScopeLabels: Record<ApiScope, string> = {
  'leads:write': 'Incluir leads',
  'leads:read': 'Ler leads',
  'attempts:read': 'Ler ligações',
  'metrics:read': 'Ler métricas',
};

/** How a token is written: `cca_<public id>_<secret>`; the public id finds it, the secret proves it. */
export const apiTokenPattern = /^cca_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters, enough to tell it apart in a log; never the secret. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });

export const createApiTokenBodySchema = z.strictObject({
  name: requiredText({
    empty: 'Dê um nome ao token (a integração que vai usá-lo).',
    max: 80,
    tooLong: 'O nome deve ter no máximo 80 caracteres.',
  }),
  scopes: z
    .array(apiScopeSchema, { error: 'Escolha o que o token pode fazer.' })
    .min(1, { error: 'Escolha ao menos uma permissão.' })
    .max(apiScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, {
      error: 'Permissão repetida.',
    }),
  /** When it stops working; without one it works until revoked. */
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Data de validade inválida.' })
    .refine((value) => Date.parse(value) > Date.now(), {
      error: 'A validade deve ser uma data futura.',
    })
    .optional(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;

/** The answer to a token's creation: the only time its secret is shown. */
export const createdApiTokenSchema = z.object({
  token: apiTokenSchema,
  secret: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenParamsSchema = z.object({
  id: z.coerce.number({ error: 'Token inválido.' }).int({ error: 'Token inválido.' }).positive(),
});

/** The message of a route for the server's own machine, refused to a caller from elsewhere. */
export function localOnlyMessage(scope: ApiScope): string {
  return `Esta rota só responde no próprio servidor (localhost) ou a um token de API com a permissão "${apiScopeLabels[scope]}" (${scope}).`;
}

/** The message of a token refused by a route that needs a scope it lacks. */
export function missingScopeMessage(scope: ApiScope): string {
  return `Este token de API não tem a permissão "${apiScopeLabels[scope]}" (${scope}).`;
}
