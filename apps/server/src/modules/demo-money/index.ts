/**
 * Demo money: `POST /api/wallet/demo/topup {currency}` fills the player's demo balance of a currency
 * up to the operator setting `demo_money.balance_usd` in US dollars' worth (converted with the
 * currency's price, rounded down), paid from {system:'demo_faucet'} through the ledger. Refused when the balance is already at or above
 * that; at most one top-up per player, currency and minute (the ledger key), so hammering it moves
 * nothing.
 */
import { demoTopUpEndpoint, ErrorCode } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { assertNotBlocked } from '../protection/index.js';
import { priceFeedService, usdToAtomic } from '../prices/index.js';
import { demoMoneyEnv } from './demo-money.env.js';
import { demoBalanceUsd, demoMoneySettings } from './settings.js';

function registerDemoMoneyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const feed = priceFeedService.of(ctx);
  registerEndpoint(app, demoTopUpEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    // Player protection: a time-out or self-exclusion closes play, demo play included.
    await assertNotBlocked(ctx, ctx.database, user.id);
    const rows = await ctx.database.query<{ decimals: number }>(
      'select decimals from currencies where id = $1 and enabled',
      [input.currency],
    );
    const cur = rows[0];
    if (!cur) throw AppError.notFound('Unknown currency.');
    const [quote, balanceUsd] = await Promise.all([
      feed.price(input.currency),
      ctx.settings.get(demoBalanceUsd),
    ]);
    const target = usdToAtomic(balanceUsd, quote?.usd ?? '0', cur.decimals, 'floor');
    if (target === null || target <= 0n)
      throw new AppError(
        422,
        'no_price',
        'Demo money is unavailable for this currency: it has no price yet.',
      );
    const current = (await ctx.ledger.balances(user.id))[input.currency]?.demo ?? 0n;
    if (current >= target)
      throw new AppError(
        422,
        'demo_balance_full',
        `Your demo balance is already at least ${toDecimalString(target, cur.decimals)} ${input.currency.toUpperCase()}.`,
      );
    const minute = Math.floor(Date.now() / 60_000);
    try {
      await ctx.ledger.transfer({
        key: `demo-topup:${user.id}:${input.currency}:${minute}`,
        kind: 'demo_topup',
        currency: input.currency,
        amount: target - current,
        from: { system: 'demo_faucet' },
        to: { user: user.id, kind: 'demo' },
      });
    } catch (err) {
      // Same key, other amount: a second top-up within the minute.
      if (err instanceof AppError && err.code === 'idempotency_conflict')
        throw new AppError(429, ErrorCode.RateLimited, 'You can top up your demo balance once a minute.');
      throw err;
    }
    const after = (await ctx.ledger.balances(user.id))[input.currency]?.demo ?? 0n;
    return { ok: true as const, demo_balance: toDecimalString(after, cur.decimals) };
  });
}

export { demoMoneyEnv } from './demo-money.env.js';
export { demoBalanceUsd, demoMoneySettings } from './settings.js';

export const demoMoneyModule = defineModule({
  name: 'demo-money',
  register: registerDemoMoneyRoutes,
  env: demoMoneyEnv,
  settings: demoMoneySettings,
});
