import { type ErrorCode, errorMessages } from '../../core/errors.ts';

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  CROSS_SITE_REQUEST: 403,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DEACTIVATED: 403,
  INVALID_RESET_TOKEN: 400,
  INVALID_API_TOKEN: 401,
  TOKEN_NOT_ALLOWED: 403,
  IDEMPOTENCY_KEY_REUSED: 422,
  DATABASE_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,
  MAIL_NOT_SENT: 502,
  INTERNAL: 500,
};

/** The one error the application throws on purpose: a code, an HTTP status and a pt-BR message. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string = errorMessages[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }
}
