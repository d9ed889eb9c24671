import { slotCallbackEndpoint, slotImageEndpoint, slotLaunchEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError, assertStorableText, validationError } from '../../platform/errors.js';
import { slotsService } from './services.js';

/**
 * The launch, the aggregator's callback (form-encoded: its own parser in this plugin's scope only; the
 * answer is the protocol's JSON, HTTP 200 for its errors too) and the images through our own host.
 */
export async function registerSlotRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = slotsService.of(ctx);
  service.attach(app);

  registerEndpoint(app, slotLaunchEndpoint, async ({ input, user, req }) =>
    service.launch(user, input, await service.countryOf(req)),
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.endpoints.push(slotCallbackEndpoint);
    scope.route({
      method: 'POST',
      url: slotCallbackEndpoint.path,
      handler: async (req, reply) => {
        const body = typeof req.body === 'string' ? req.body : '';
        const answer = await service.callback(req.headers, body);
        return reply.header('content-type', 'application/json; charset=utf-8').send(answer);
      },
    });
  });

  app.endpoints.push(slotImageEndpoint);
  app.route({
    method: 'GET',
    url: slotImageEndpoint.path,
    handler: async (req, reply) => {
      const params = req.params as { uuid?: string };
      assertStorableText(params, 'path');
      assertStorableText(req.query, 'query');
      const query = slotImageEndpoint.request.safeParse(req.query ?? {});
      if (!query.success) throw validationError(query.error, 'query');
      const uuid = params.uuid ?? '';
      if (uuid.length > 120) throw AppError.notFound('No such image.');
      const image = await service.image(uuid);
      if (!image) throw AppError.notFound('No such image.');
      return reply
        .header('content-type', image.type)
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .send(image.body);
    },
  });
}
