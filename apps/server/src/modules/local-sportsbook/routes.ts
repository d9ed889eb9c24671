import { randomBytes } from 'node:crypto';
import {
  localSportsbookBetEndpoint,
  localSportsbookBetsEndpoint,
  localSportsbookEventsEndpoint,
  localSportsbookRendererEndpoint,
  localSportsbookSessionEndpoint,
  localSportsbookSettleEndpoint,
  normaliseBtPath,
  sportsbookEmulatorEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError, assertStorableText, validationError } from '../../platform/errors.js';
import { listEnabledCurrencies } from '../currencies/index.js';
import { externalSportsOn, externalSportsService } from '../external-sports/index.js';
import { LocalSportsbook } from './book.js';
import { runSportsbookScenario } from './emulator.js';
import { rendererPage } from './renderer.js';

/**
 * The local sportsbook's routes (only on a development or test server without a configured external
 * sportsbook): the renderer page, its events, the player check, bets, the staff settlement and the
 * emulator's scenarios.
 */
export function registerLocalSportsbookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = externalSportsService.of(ctx).config;
  if (config.kind !== 'local' || !config.localProviderKey) return;
  const book = new LocalSportsbook(ctx, {
    brandId: config.brandId,
    operatorKey: config.operatorKey,
    localProviderKey: config.localProviderKey,
  });
  book.attach(app);

  app.endpoints.push(localSportsbookRendererEndpoint);
  app.route({
    method: 'GET',
    url: localSportsbookRendererEndpoint.path,
    handler: async (req, reply) => {
      assertStorableText(req.query, 'query');
      const query = localSportsbookRendererEndpoint.request.safeParse(req.query ?? {});
      if (!query.success) throw validationError(query.error, 'query');
      if (query.data.brand_id !== config.brandId) throw AppError.notFound('Unknown brand.');
      const nonce = randomBytes(16).toString('base64');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'self'`,
        )
        .send(rendererPage(normaliseBtPath(query.data.path), nonce));
    },
  });

  registerEndpoint(app, localSportsbookEventsEndpoint, async ({ input }) => ({
    events: book.list({ sport: input.sport, live: input.live }),
  }));

  registerEndpoint(app, localSportsbookSessionEndpoint, async ({ input }) => {
    const player = await book.player(input.token);
    if (!player) throw new AppError(401, 'invalid_token', 'The player token is not valid.');
    return { player: player.id, name: player.name, currency: player.currency };
  });

  registerEndpoint(app, localSportsbookBetEndpoint, ({ input }) => book.place(input.token, input));

  registerEndpoint(app, localSportsbookBetsEndpoint, async ({ input }) => {
    const player = await book.player(input.token);
    if (!player) throw new AppError(401, 'invalid_token', 'The player token is not valid.');
    return { bets: book.betsOf(player) };
  });

  registerEndpoint(app, localSportsbookSettleEndpoint, async ({ input }) => {
    const done = await book.settle(input.event, input.result);
    if (!done) throw AppError.notFound('No such event or outcome.');
    return { event: input.event, ...done };
  });

  registerEndpoint(app, sportsbookEmulatorEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    if (!(await externalSportsOn(ctx.settings)))
      throw new AppError(
        409,
        'sportsbook_off',
        "The external sportsbook is off: turn on the licence's sportsbook_external plugin first.",
      );
    const decimalsOf = async (currency: string) =>
      (await listEnabledCurrencies(ctx.database)).find((c) => c.id === currency)?.decimals;
    return runSportsbookScenario(ctx, book, user, input, decimalsOf);
  });
}
