import {
  EXTERNAL_SPORT_OPERATIONS,
  externalSportsLaunchEndpoint,
  externalSportsPingEndpoint,
  externalSportsWalletEndpoints,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { error } from './bet-rows.js';
import { externalSportsService } from './service.js';

/**
 * The launch, and the wallet's calls: JSON bodies read by this scope's own parser, so a malformed body
 * is answered in the protocol's shape (HTTP 400 `{code: 2004, message}`) like every other refusal.
 */
export async function registerExternalSportsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = externalSportsService.of(ctx);

  registerEndpoint(app, externalSportsLaunchEndpoint, ({ input, user }) =>
    service.launch(user, input.currency),
  );

  const wallet = service.wallet;
  if (!wallet) return;

  registerEndpoint(app, externalSportsPingEndpoint, async () => ({
    timestamp: Math.floor(Date.now() / 1000),
  }));

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    EXTERNAL_SPORT_OPERATIONS.forEach((operation, i) => {
      const endpoint = externalSportsWalletEndpoints[i]!;
      scope.endpoints.push(endpoint);
      scope.route({
        method: 'POST',
        url: endpoint.path,
        handler: async (req, reply) => {
          let body: unknown = null;
          try {
            body = typeof req.body === 'string' ? JSON.parse(req.body) : null;
          } catch {
            body = null;
          }
          const answer = body === null ? error() : await wallet.handle(operation, body);
          return reply
            .status(answer.status)
            .header('content-type', 'application/json; charset=utf-8')
            .send(answer.body);
        },
      });
    });
  });
}
