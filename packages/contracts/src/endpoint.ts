import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `public`: anyone, guest or signed in.
 * - `guest`: only callers without a session (e.g. register).
 * - `user`: any signed-in user.
 * - `permission`: a signed-in user holding permission `id` of `type` (default `active`), or any of
 *   `or` when given (`policy.anyPermission`); a role with id `*` holds every permission.
 */
export type Policy =
  | { readonly kind: 'public' }
  | { readonly kind: 'guest' }
  | { readonly kind: 'user' }
  | {
      readonly kind: 'permission';
      readonly id: string;
      readonly type?: string;
      /** Other permissions any of which lets the caller in as well (the handler may check further). */
      readonly or?: readonly string[];
    };

export const policy = {
  public: { kind: 'public' },
  guest: { kind: 'guest' },
  user: { kind: 'user' },
  permission: (id: string, type = 'active'): Policy => ({ kind: 'permission', id, type }),
  /** Holders of any of `ids` (the handler narrows per call, e.g. a setting's own permission). */
  anyPermission: (ids: readonly [string, ...string[]], type = 'active'): Policy => ({
    kind: 'permission',
    id: ids[0],
    type,
    or: ids.slice(1),
  }),
} as const;

/** The permission ids a `permission` policy lets in (any one suffices); none for the other kinds. */
export function policyPermissionIds(p: Policy): string[] {
  return p.kind === 'permission' ? [p.id, ...(p.or ?? [])] : [];
}

/** One HTTP call: the server registers its route from this, the web client takes its types from it. */
export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  M extends HttpMethod = HttpMethod,
  P extends string = string,
> {
  readonly method: M;
  readonly path: P;
  /** Body for POST/PUT/PATCH; query string for GET/DELETE. A missing body is parsed as `{}`. */
  readonly request: Req;
  readonly response: Res;
  readonly policy: Policy;
  readonly summary: string;
}

/**
 * Defines an endpoint. Request schemas should be strict objects so unknown fields are refused.
 */
export function defineEndpoint<
  Req extends z.ZodType,
  Res extends z.ZodType,
  M extends HttpMethod,
  P extends string,
>(def: Endpoint<Req, Res, M, P>): Endpoint<Req, Res, M, P> {
  return Object.freeze(def);
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** Path parameters declared as `:name` in the path. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof PathParams<`/${Rest}`>]: string }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<string, never>;
