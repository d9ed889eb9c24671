import { randomBytes } from 'node:crypto';
import {
  localAggregatorGamesEndpoint,
  localAggregatorInitDemoEndpoint,
  localAggregatorInitEndpoint,
  localAggregatorPageEndpoint,
  localAggregatorRotateEndpoint,
  localAggregatorSpinEndpoint,
  slotEmulatorEndpoint,
} from '@nebula/contracts';
import { hashServerSeed } from '@nebula/fairness';
import { toDecimalString } from '@nebula/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { listEnabledCurrencies } from '../currencies/index.js';
import { playerBalance } from '../ledger/index.js';
import { slotsService } from '../slots/index.js';
import { runScenario } from './emulator.js';
import { gamePage } from './page.js';
import { LocalAggregator, checkOperator, operatorParams } from './provider.js';

/**
 * The local aggregator's routes (only on a development or test server without a remote aggregator):
 * its operator API (form-encoded, signed), the game page, the page's spin and seed rotation, and the
 * emulator's scenarios.
 */
export async function registerLocalAggregatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const slots = slotsService.of(ctx);
  const config = slots.config;
  if (config.kind !== 'local') return;
  const aggregator = new LocalAggregator(ctx, config);
  aggregator.attach(app);

  const refuse = (reply: FastifyReply, message: string) =>
    reply.status(403).send({ code: 'bad_signature', message });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const operator = (
      endpoint:
        | typeof localAggregatorGamesEndpoint
        | typeof localAggregatorInitEndpoint
        | typeof localAggregatorInitDemoEndpoint,
      handle: (params: NonNullable<ReturnType<typeof operatorParams>>) => Promise<unknown>,
    ) => {
      scope.endpoints.push(endpoint);
      scope.route({
        method: endpoint.method,
        url: endpoint.path,
        handler: async (req: FastifyRequest, reply: FastifyReply) => {
          const raw =
            endpoint.method === 'GET'
              ? (req.url.split('?')[1] ?? '')
              : typeof req.body === 'string'
                ? req.body
                : '';
          const params = operatorParams(raw);
          if (!params) return refuse(reply, 'Malformed request');
          const problem = checkOperator(config, req.headers, params);
          if (problem) return refuse(reply, problem);
          return handle(params);
        },
      });
    };
    operator(localAggregatorGamesEndpoint, async (params) => {
      const page = Number(params.find(([k]) => k === 'page')?.[1] ?? '1');
      return aggregator.gamesPage(Number.isInteger(page) ? page : 1);
    });
    const init = (demo: boolean) => async (params: NonNullable<ReturnType<typeof operatorParams>>) => {
      const answer = await aggregator.init(params, demo);
      if ('error' in answer) throw new AppError(422, 'launch_failed', answer.error);
      return answer;
    };
    operator(localAggregatorInitEndpoint, init(false));
    operator(localAggregatorInitDemoEndpoint, init(true));
  });

  app.endpoints.push(localAggregatorPageEndpoint);
  app.route({
    method: 'GET',
    url: localAggregatorPageEndpoint.path,
    handler: async (req, reply) => {
      const launch = aggregator.launch((req.params as { token?: string }).token ?? '');
      if (!launch) throw AppError.notFound('This game session has ended. Open the game again.');
      const nonce = randomBytes(16).toString('base64');
      const html = gamePage(launch, await aggregator.state(launch), nonce);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'self'`,
        )
        .send(html);
    },
  });

  registerEndpoint(app, localAggregatorSpinEndpoint, async ({ input }) => {
    const launch = aggregator.launch(input.token);
    if (!launch)
      return { ok: false as const, code: 'session_ended', message: 'This game session has ended.' };
    return aggregator.spin(launch, input.bet);
  });

  registerEndpoint(app, localAggregatorRotateEndpoint, async ({ input }) => {
    const launch = aggregator.launch(input.token);
    if (!launch) throw AppError.notFound('This game session has ended.');
    const previous = aggregator.rotate(launch, input.clientSeed);
    if (!previous) throw new Error('rotation revealed nothing');
    return { previous, serverSeedHash: hashServerSeed(launch.serverSeed) };
  });

  registerEndpoint(app, slotEmulatorEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    const decimalsOf = async (currency: string) =>
      (await listEnabledCurrencies(ctx.database)).find((c) => c.id === currency)?.decimals;
    const result = await runScenario(aggregator, slots, user, input, decimalsOf);
    const decimals = (await decimalsOf(input.currency.toLowerCase())) ?? 8;
    const after = await playerBalance(ctx.database, {
      user: user.id,
      kind: 'real',
      currency: input.currency.toLowerCase(),
    });
    return {
      scenario: input.scenario,
      currency: input.currency.toLowerCase(),
      ...result,
      balanceAfter: toDecimalString(after, decimals),
    };
  });
}
