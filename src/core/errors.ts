import { z } from 'zod';

/** The body of every error answer of the API. */
export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorMessages = {
  BAD_REQUEST: 'Dados inválidos.',
  UNAUTHENTICATED: 'Você precisa entrar no CCA para continuar.',
  FORBIDDEN: 'Você não tem permissão para fazer isso.',
  NOT_FOUND: 'Não encontrado.',
  CONFLICT: 'Conflito com dados existentes.',
  PAYLOAD_TOO_LARGE: 'O envio é grande demais.',
  UNSUPPORTED_MEDIA_TYPE: 'Formato de envio não aceito.',
  TOO_MANY_REQUESTS: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  CROSS_SITE_REQUEST: 'Requisição de outro site recusada.',
  INVALID_CREDENTIALS: 'E-mail ou senha incorretos.',
  ACCOUNT_DEACTIVATED:
    'Sua conta no CCA foi desativada. Peça a um administrador do CCA que a reative.',
  INVALID_RESET_TOKEN: 'Este link é inválido ou já expirou. Peça um novo.',
  INVALID_API_TOKEN: 'Token de API inválido, revogado ou expirado.',
  TOKEN_NOT_ALLOWED: 'Este token de API não dá acesso a esta rota.',
  IDEMPOTENCY_KEY_REUSED:
    'Esta Idempotency-Key já foi usada com outro pedido. Use uma chave nova para cada pedido.',
  DATABASE_UNAVAILABLE:
    'O banco de dados está indisponível no momento. Tente novamente em instantes.',
  SHUTTING_DOWN: 'Este servidor está reiniciando. Tente novamente em instantes.',
  MAIL_NOT_SENT:
    'O e-mail não pôde ser enviado. Confira a configuração de e-mail do CCA e tente novamente.',
  INTERNAL: 'Erro interno do servidor. Tente novamente.',
} as const;
export type ErrorCode = keyof typeof errorMessages;
