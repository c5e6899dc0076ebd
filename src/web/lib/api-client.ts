import type { z } from 'zod';
import type { ErrorCode } from '../../core/errors.ts';

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

/**
 * The schema an answer is checked against, or a function that loads it. The core schemas
 * bring zod (about 25 kB gzipped); the sign-in page passes loaders so zod arrives with the
 * first answer it has to check, not with the page.
 */
export type SchemaSource<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

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

/** A script that cannot be fetched means the server cannot be reached either. */
async function load<Module>(importModule: () => Promise<Module>): Promise<Module> {
  try {
    return await importModule();
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', connectionErrorMessage);
  }
}

// Loaded with the first error answer: the error schema brings zod, which the sign-in page
// would otherwise download only to read a 401 it already expects.
const loadErrors = () => load(() => import('../../core/errors.ts'));

async function errorFromAnswer(status: number, payload: unknown): Promise<ApiError> {
  const { errorBodySchema, errorMessages } = await loadErrors();
  const parsedError = errorBodySchema.safeParse(payload);
  if (parsedError.success) {
    return new ApiError(status, parsedError.data.error.code, parsedError.data.error.message);
  }
  // An error answer without the `{ error: { code, message } }` body, e.g. a proxy's HTML page.
  const code = errorCodeByStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  return new ApiError(status, code, errorMessages[code]);
}

async function readJson(response: Response): Promise<unknown> {
  return parseJsonText(await response.text());
}

async function send(
  method: HttpMethod,
  path: string,
  { body, signal, headers: extraHeaders }: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  // The server expects a JSON body on every unsafe request, so an empty one is sent as `{}`.
  const sendsBody = method !== 'GET';
  if (sendsBody) headers['Content-Type'] = 'application/json';

  try {
    return await fetch(path, {
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
}

async function request<Schema extends z.ZodType>(
  method: HttpMethod,
  path: string,
  schema: SchemaSource<Schema>,
  options: RequestOptions = {},
): Promise<z.output<Schema>> {
  const response = await send(method, path, options);
  return parseAnswer(method, path, schema, response.status, await readJson(response));
}

/** A DELETE: success is 204 with no body, so only an error answer has anything to read. */
async function remove(path: string): Promise<void> {
  const response = await send('DELETE', path, {});
  if (!response.ok) throw await errorFromAnswer(response.status, await readJson(response));
}

/** A GET for which one status is an answer, not a failure: it resolves to `null`. */
async function getOrNull<Schema extends z.ZodType>(
  path: string,
  schema: SchemaSource<Schema>,
  nullStatus: number,
  options: { signal?: AbortSignal } = {},
): Promise<z.output<Schema> | null> {
  const response = await send('GET', path, options);
  if (response.status === nullStatus) {
    // Read to its end all the same: the browser keeps a request whose body nobody read open,
    // since the API's answers are `no-store` and no cache takes the body in.
    await response.text();
    return null;
  }
  return parseAnswer('GET', path, schema, response.status, await readJson(response));
}

function parseJsonText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function parseAnswer<Schema extends z.ZodType>(
  method: HttpMethod,
  path: string,
  source: SchemaSource<Schema>,
  status: number,
  payload: unknown,
): Promise<z.output<Schema>> {
  if (status < 200 || status >= 300) throw await errorFromAnswer(status, payload);

  const schema = typeof source === 'function' ? await load(source) : source;
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
  schema: SchemaSource<Schema>,
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
      parseAnswer('POST', path, schema, xhr.status, parseJsonText(xhr.responseText)).then(
        resolve,
        reject,
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', connectionErrorMessage));
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}

/** Calls the CCA API on the same origin with the session cookie, and checks each answer against its schema. */
export const apiClient = {
  get<Schema extends z.ZodType>(
    path: string,
    schema: SchemaSource<Schema>,
    options?: { signal?: AbortSignal },
  ) {
    return request('GET', path, schema, options);
  },
  getOrNull,
  post<Schema extends z.ZodType>(
    path: string,
    schema: SchemaSource<Schema>,
    body?: unknown,
    options?: { headers?: Record<string, string> },
  ) {
    return request('POST', path, schema, { body, headers: options?.headers });
  },
  patch<Schema extends z.ZodType>(path: string, schema: SchemaSource<Schema>, body: unknown) {
    return request('PATCH', path, schema, { body });
  },
  put<Schema extends z.ZodType>(path: string, schema: SchemaSource<Schema>, body: unknown) {
    return request('PUT', path, schema, { body });
  },
  delete: remove,
  upload,
};
