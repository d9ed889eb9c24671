import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@nebula/contracts';
import type { Logger } from 'pino';
import { AppError } from './errors.js';
import type { AppContext, AuthResolver } from './context.js';
import type { ServerModule } from './module.js';
import { migrationsApplied } from '../db/migrate.js';

/** Paths that belong to the API; everything else is the web app (SPA fallback to index.html). */
const API_PREFIXES = [
  '/api/',
  '/auth/',
  '/license',
  '/sanctum/',
  '/ws',
  '/healthz',
  '/readyz',
  '/admin/api/',
];
export const isApiPath = (url: string): boolean => API_PREFIXES.some((p) => url === p || url.startsWith(p));

export interface BuildAppOptions {
  ctx: AppContext;
  /** The server's modules, in order; each registers its own routes and whispers. */
  modules: readonly ServerModule[];
  authResolver?: AuthResolver;
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist?: string | undefined;
}

export interface AppState {
  shuttingDown: boolean;
}

/** Maps any thrown error to the one error model: `{code, message}` with the right status. */
export function toErrorResponse(
  err: FastifyError | AppError | Error,
  log: Pick<Logger, 'error'>,
): {
  status: number;
  body: { code: string | number; message: string; fields?: { path: string; message: string }[] };
} {
  if (err instanceof AppError) return { status: err.status, body: err.toBody() };
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        body: { code: ErrorCode.PayloadTooLarge, message: 'The request body is too large.' },
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        body: { code: ErrorCode.InvalidJson, message: 'The request body is not valid JSON.' },
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 415,
        body: { code: ErrorCode.UnsupportedMediaType, message: 'Send the request body as application/json.' },
      };
    default:
      break;
  }
  if (err instanceof SyntaxError) {
    return {
      status: 400,
      body: { code: ErrorCode.InvalidJson, message: 'The request body is not valid JSON.' },
    };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: { code: status === 429 ? ErrorCode.RateLimited : 'bad_request', message: fe.message },
    };
  }
  log.error({ err }, 'unhandled error');
  return { status: 500, body: { code: ErrorCode.Internal, message: 'Internal server error.' } };
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance & { state: AppState }> {
  const { ctx } = opts;
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: ctx.config.bodyLimit,
    trustProxy: ctx.config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }) as unknown as FastifyInstance & { state: AppState };
  app.decorate('state', { shuttingDown: false });
  app.decorate('endpoints', []);
  // Every route, contract or not, for the policy harness (a route without a contract must be listed there).
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: r.url });
  });
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // An empty body is `{}` to the contracts; anything else must be valid JSON (proto-poisoning safe).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return defaultJson(req, body as string, done);
  });

  await app.register(fastifyCookie, { secret: ctx.config.secretKey });

  const resolver = opts.authResolver;
  if (resolver) {
    app.addHook('preHandler', async (req) => {
      req.user = await resolver(req);
    });
  }

  app.setErrorHandler((err, req, reply) => {
    const { status, body } = toErrorResponse(err as FastifyError, req.log);
    if (status >= 500) req.log.error({ err }, 'request failed');
    return reply.status(status).send(body);
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    if (app.state.shuttingDown) {
      return reply.status(503).send({ code: ErrorCode.Unavailable, message: 'Shutting down.' });
    }
    try {
      await ctx.database.query('select 1');
    } catch {
      return reply
        .status(503)
        .send({ code: ErrorCode.Unavailable, message: 'The database is not reachable.' });
    }
    if (!(await migrationsApplied(ctx.database))) {
      return reply
        .status(503)
        .send({ code: ErrorCode.Unavailable, message: 'Migrations are not applied yet.' });
    }
    return { status: 'ok', database: ctx.database.kind, migrations: 'applied' };
  });

  for (const m of opts.modules) await m.register?.(app, { ...ctx, modules: opts.modules });

  const indexHtml = opts.webDist ? path.join(opts.webDist, 'index.html') : undefined;
  const hasWeb = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (hasWeb && opts.webDist) {
    // The home page is the SPA itself (the static plugin would answer a directory with 403).
    app.get('/', (_req, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html'),
    );
    // Unknown files fall through to the not-found handler below (SPA fallback or JSON 404).
    await app.register(fastifyStatic, {
      root: opts.webDist,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(url) && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: ErrorCode.NotFound, message: `No route for ${req.method} ${url}.` });
  });

  return app;
}
