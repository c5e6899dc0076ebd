import type { z } from 'zod';
import { type ErrorCode, errorBodySchema, errorMessages } from '../../core/errors.ts';

/** Shown when the browser cannot reach the server at all (offline, server down, proxy error). */
export const connectionErrorMessage = 'Erro de conexão com o servidor';

/** A failed API call, carrying the server's code and its pt-BR message, ready to show as is. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
}

const errorCodeByStatus: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** For an error answer without the `{ error: { code, message } }` body, e.g. a proxy's HTML page. */
function fallbackError(status: number): ApiError {
  const code = errorCodeByStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  return new ApiError(status, code, errorMessages[code]);
}

async function readJson(response: Response): Promise<unknown> {
  return parseJsonText(await response.text());
}

async function request<Schema extends z.ZodType>(
  method: HttpMethod,
  path: string,
  schema: Schema,
  { body, signal, headers: extraHeaders }: RequestOptions = {},
): Promise<z.output<Schema>> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  // The server expects a JSON body on every unsafe request, so an empty one is sent as `{}`.
  const sendsBody = method !== 'GET';
  if (sendsBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: sendsBody ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // A cancelled query must stay an AbortError so TanStack Query treats it as a cancellation.
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', connectionErrorMessage);
  }

  return parseAnswer(method, path, schema, response.status, await readJson(response));
}

function parseJsonText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseAnswer<Schema extends z.ZodType>(
  method: HttpMethod,
  path: string,
  schema: Schema,
  status: number,
  payload: unknown,
): z.output<Schema> {
  if (status < 200 || status >= 300) {
    const parsedError = errorBodySchema.safeParse(payload);
    if (parsedError.success) {
      throw new ApiError(status, parsedError.data.error.code, parsedError.data.error.message);
    }
    throw fallbackError(status);
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    // A mismatch means the browser and the server disagree on the contract: worth a trace for whoever debugs it.
    console.error(`Resposta inesperada de ${method} ${path}`, parsed.error);
    throw new ApiError(status, 'INVALID_RESPONSE', 'Resposta inesperada do servidor.');
  }
  return parsed.data;
}

export interface UploadOptions {
  /** Fraction of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart POST. XMLHttpRequest rather than fetch because only it reports upload progress;
 * the browser sets the multipart Content-Type with its boundary itself.
 */
function upload<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  formData: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<z.output<Schema>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      try {
        resolve(parseAnswer('POST', path, schema, xhr.status, parseJsonText(xhr.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', connectionErrorMessage));
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}

/** Calls the CCA API on the same origin with the session cookie, and checks each answer against its schema. */
export const apiClient = {
  get<Schema extends z.ZodType>(path: string, schema: Schema, options?: { signal?: AbortSignal }) {
    return request('GET', path, schema, options);
  },
  post<Schema extends z.ZodType>(
    path: string,
    schema: Schema,
    body?: unknown,
    options?: { headers?: Record<string, string> },
  ) {
    return request('POST', path, schema, { body, headers: options?.headers });
  },
  patch<Schema extends z.ZodType>(path: string, schema: Schema, body: unknown) {
    return request('PATCH', path, schema, { body });
  },
  upload,
};
