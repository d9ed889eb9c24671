import type { Endpoint, ParsedRequestOf, ResponseOf } from '@nebula/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, assertStorableText, validationError } from './errors.js';
import { enforcePolicy } from './policy.js';
import type { AuthUser } from './context.js';

export interface HandlerArgs<E extends Endpoint> {
  input: ParsedRequestOf<E>;
  user: AuthUser | null;
  params: Record<string, string>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (args: HandlerArgs<E>) => Promise<ResponseOf<E>> | ResponseOf<E>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every contract endpoint registered on this app, for sweeps over all routes. */
    endpoints: Endpoint[];
    /** Every route registered on this app (method and URL pattern). */
    routeList: { method: string; url: string }[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/**
 * The contract's input of a request: path parameters, the query string and the body are first
 * refused with 422 when they hold text PostgreSQL cannot store (NUL, unpaired surrogates), whatever
 * the method and schema; then the body (the query for GET/DELETE) is parsed by the contract's schema
 * (422 `validation_failed` with fields). Every route serving a contract takes its input from here.
 */
export function parseRequest<E extends Endpoint>(endpoint: E, req: FastifyRequest): ParsedRequestOf<E> {
  const usesQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  assertStorableText(req.params, 'path');
  assertStorableText(req.query, 'query');
  if (req.body !== undefined) assertStorableText(req.body, 'body');
  const raw = usesQuery ? (req.query ?? {}) : req.body === undefined ? {} : req.body;
  const parsed = endpoint.request.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, usesQuery ? 'query' : 'body');
  return parsed.data as ParsedRequestOf<E>;
}

/**
 * Registers a route from its contract: parses the body (or query for GET/DELETE) with the
 * contract's schema, enforces its policy, runs the handler and checks the response against the
 * contract before it leaves. Handlers therefore only ever see valid input (see `parseRequest`).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  app.endpoints.push(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      enforcePolicy(endpoint.policy, req.user);
      const input = parseRequest(endpoint, req);
      const result = await handler({
        input,
        user: req.user,
        params: (req.params ?? {}) as Record<string, string>,
        req,
        reply,
      });
      const checked = endpoint.response.safeParse(result);
      if (!checked.success) {
        req.log.error(
          { issues: checked.error.issues, path: endpoint.path },
          'response does not match its contract',
        );
        throw new AppError(500, 'internal', 'Internal server error.');
      }
      return checked.data;
    },
  });
}
