/**
 * HTTP client (spec 1 sections 7 and 8). Every call:
 * - sends cookies, `X-Requested-With`, `Accept`, the CSRF token and the bearer token of the stored user;
 * - fails with `ApiError` (status, code, message, fields);
 * - on HTTP 419 emits `session-expired` once per page life (the shell shows a blocking loader, then reloads);
 * - on body code -1024 is held until the player passes 2FA: `two-factor-required` is emitted, and
 *   `resolveTwoFactor()` replays every held request, settling the original promises with the replay.
 */
// Type-only: a runtime import of @nebula/contracts would pull zod (~25 KB gzipped) into the first load;
// values come from its zod-free constants entry.
import type {
  ApiErrorBody,
  Endpoint,
  FieldError,
  HttpMethod,
  PathParams,
  RequestOf,
  ResponseOf,
} from '@nebula/contracts';
import { TWO_FACTOR_REQUIRED } from '@nebula/contracts/constants';
import { events } from './events';
import { getAuthToken } from './store';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 for a network failure. */
  readonly status: number;
  readonly code: string | number;
  readonly fields: FieldError[] | undefined;

  constructor(status: number, code: string | number, message: string, fields?: FieldError[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** The field error message for a form field path, if any. */
  fieldMessage(path: string): string | undefined {
    return this.fields?.find((field) => field.path === path)?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const NETWORK_ERROR_CODE = 'network_error';

/** The contracts' 2FA challenge code (spec 1 section 8). */
export { TWO_FACTOR_REQUIRED };

let baseUrl: string = (import.meta.env?.VITE_API_URL as string | undefined) ?? '';

/** Sets the origin prefixed to every path (default: same origin, with Vite proxying in dev). */
export function configureApi(options: { baseUrl?: string }): void {
  if (options.baseUrl !== undefined) baseUrl = options.baseUrl.replace(/\/$/, '');
}

export function readCsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (meta) return meta;
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export function buildHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const csrf = readCsrfToken();
  if (csrf) headers['X-CSRF-TOKEN'] = csrf;
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Serialises a flat object as a query string; arrays repeat the key, objects become JSON. */
export function toQueryString(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Replaces `:name` segments with URL-encoded params; a missing param is a programming error. */
export function fillPath(path: string, params?: Record<string, string>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path param "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

// ---- session expiry (419) -------------------------------------------------------------------

let sessionExpiredEmitted = false;

// ---- two-factor hold queue ------------------------------------------------------------------

interface HeldRequest {
  replay: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

let held: HeldRequest[] = [];

/**
 * Holds a request until 2FA succeeds. The first held request emits `two-factor-required`; later
 * ones join the same challenge. The returned promise settles with the replay's result.
 */
export function holdForTwoFactor<T>(replay: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    held.push({ replay, resolve: resolve as (value: unknown) => void, reject });
    if (held.length === 1) {
      events.emit('two-factor-required', {
        get pending() {
          return held.length;
        },
        retry: resolveTwoFactor,
        cancel: () => rejectTwoFactor(),
      });
    }
  });
}

/** Replays every held request (after a successful 2FA validation). */
export async function resolveTwoFactor(): Promise<void> {
  const batch = held;
  held = [];
  await Promise.all(
    batch.map(async (request) => {
      try {
        request.resolve(await request.replay());
      } catch (error) {
        request.reject(error);
      }
    }),
  );
}

/** Fails every held request, e.g. when the player dismisses the 2FA dialog. */
export function rejectTwoFactor(error?: unknown): void {
  const batch = held;
  held = [];
  const reason =
    error ?? new ApiError(403, TWO_FACTOR_REQUIRED, 'Two-factor authentication was not completed.');
  for (const request of batch) request.reject(reason);
}

export function pendingTwoFactorCount(): number {
  return held.length;
}

/** Test hook: forget the once-only 419 flag and drop held requests. */
export function resetApiState(): void {
  sessionExpiredEmitted = false;
  held = [];
}

// ---- core request ---------------------------------------------------------------------------

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    !!value &&
    typeof value === 'object' &&
    'code' in value &&
    (typeof (value as ApiErrorBody).code === 'string' || typeof (value as ApiErrorBody).code === 'number')
  );
}

function isTwoFactorChallenge(value: unknown): boolean {
  return isErrorBody(value) && value.code === TWO_FACTOR_REQUIRED;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * A request without an answer after this long fails like an unreachable server, so no loader waits
 * forever: it gives way to its error state (with the query client's retries, within about a minute).
 */
export const REQUEST_TIMEOUT_MS = 20_000;

/** The caller's abort signal combined with the request timeout. */
function requestSignal(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (typeof AbortSignal.timeout !== 'function') return signal;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<unknown> {
  const isQuery = method === 'GET' || method === 'DELETE';
  const url = `${baseUrl}${path}${isQuery ? toQueryString(body) : ''}`;
  // Fastify refuses an empty JSON body, and the contracts parse a missing body as {}.
  const payload = isQuery ? undefined : JSON.stringify(body ?? {});

  let response: Response;
  let data: unknown;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: { ...buildHeaders(payload !== undefined), ...options.headers },
      body: payload,
      signal: requestSignal(options.signal),
    });
    data = await readBody(response);
  } catch (error) {
    // The caller's own abort stays an abort; a timeout or a dropped connection is a network error.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_CODE, 'Network error: the server cannot be reached.');
  }

  if (response.status === 419) {
    if (!sessionExpiredEmitted) {
      sessionExpiredEmitted = true;
      events.emit('session-expired');
    }
    throw new ApiError(419, 'session_expired', isErrorBody(data) ? data.message : 'Session expired.');
  }

  if (isTwoFactorChallenge(data)) {
    return holdForTwoFactor(() => send(method, path, body, options));
  }

  if (!response.ok) {
    if (isErrorBody(data)) {
      throw new ApiError(response.status, data.code, data.message ?? response.statusText, data.fields);
    }
    throw new ApiError(
      response.status,
      `http_${response.status}`,
      typeof data === 'string' && data.length < 300 && data ? data : response.statusText || 'Request failed',
    );
  }
  return data;
}

/** A call without a contract (legacy or third-party paths). */
export function apiFetch<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return send(method, path, body, options) as Promise<T>;
}

export type ApiOptions<E extends Endpoint> = RequestOptions &
  (PathParams<E['path']> extends Record<string, never>
    ? { params?: Record<string, string> }
    : { params: PathParams<E['path']> });

/**
 * A zod-free handle on a contract: method and path, typed by the endpoint. The compiler checks that
 * they match the contract, and only a type import of the endpoint is needed, which keeps zod out
 * of the bundle: `endpointRef<typeof licenseEndpoint>('POST', '/license')`.
 */
export interface EndpointRef<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Phantom: carries the endpoint type for inference; never set. */
  readonly __endpoint?: E;
}

export function endpointRef<E extends Endpoint>(method: E['method'], path: E['path']): EndpointRef<E> {
  return Object.freeze({ method, path });
}

function hasSchema(endpoint: object): endpoint is Endpoint {
  return 'response' in endpoint && typeof (endpoint as Endpoint).response?.safeParse === 'function';
}

/**
 * A typed call from a contract (or an `endpointRef`). GET/DELETE send `body` as the query string;
 * `:param` path segments are filled from `options.params`. With a full endpoint the answer is
 * checked against its response schema: when it does not match, the raw answer is returned and a
 * warning logged (a slightly stale client should degrade, not break).
 */
export async function api<E extends Endpoint>(
  endpoint: E | EndpointRef<E>,
  body?: RequestOf<E>,
  options?: ApiOptions<E>,
): Promise<ResponseOf<E>> {
  const path = fillPath(endpoint.path, options?.params as Record<string, string> | undefined);
  const data = await send(endpoint.method, path, body, options ?? {});
  if (!hasSchema(endpoint)) return data as ResponseOf<E>;
  const parsed = endpoint.response.safeParse(data);
  if (parsed.success) return parsed.data as ResponseOf<E>;
  if (import.meta.env?.DEV) {
    console.warn(
      `[api] ${endpoint.method} ${endpoint.path}: response does not match its contract`,
      parsed.error,
    );
  }
  return data as ResponseOf<E>;
}
