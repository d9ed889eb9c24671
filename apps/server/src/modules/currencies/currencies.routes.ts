import { adminCurrencyUpdateEndpoint, currenciesEndpoint, type Currency } from '@nebula/contracts';
import { amount, toDecimalString } from '@nebula/money';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction } from '../audit/index.js';
import { priceFeedService } from '../prices/index.js';
import { listEnabledCurrencies } from './currencies.repository.js';

export function registerCurrencyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const feed = priceFeedService.of(ctx);
  registerEndpoint(app, currenciesEndpoint, async ({ user }) => {
    const [rows, prices, balances] = await Promise.all([
      listEnabledCurrencies(ctx.database),
      feed.prices(),
      user
        ? ctx.ledger.balances(user.id)
        : Promise.resolve({} as Awaited<ReturnType<typeof ctx.ledger.balances>>),
    ]);
    const out: Record<string, Currency> = {};
    for (const r of rows) {
      const quote = prices.get(r.id);
      out[r.id] = {
        id: r.id,
        name: r.name,
        icon: r.icon,
        style: r.style,
        decimals: r.decimals,
        // Prices are display-only quotes, so a float is fine here; money itself never is.
        // From the price feed (HTTP quotes, or the configured static prices).
        price: Number(quote?.usd ?? r.price_usd),
        priceEur: Number(quote?.eur ?? r.price_eur),
        balance: {
          real: toDecimalString(amount(balances[r.id]?.real ?? 0n), r.decimals),
          demo: toDecimalString(amount(balances[r.id]?.demo ?? 0n), r.decimals),
        },
        walletId: null,
        chains: r.chains,
      };
    }
    return out;
  });

  // The back office's switch (issue G8 item 7): `enabled` is what every bet, tip, claim and the
  // list above already read, so the next call sees it. One locked read-modify-write with its audit row.
  registerEndpoint(app, adminCurrencyUpdateEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    const enabled = await ctx.database.transaction(async (tx) => {
      const rows = await tx.query<{ enabled: boolean }>(
        'select enabled from currencies where id = $1 for update',
        [input.currency],
      );
      const before = rows[0];
      if (!before) throw new AppError(404, 'unknown_currency', `There is no currency ${input.currency}.`);
      await tx.query('update currencies set enabled = $2 where id = $1', [input.currency, input.enabled]);
      await recordStaffAction(tx, {
        actor: user,
        action: 'currencies.update',
        target: { type: 'currency', id: input.currency },
        before: { enabled: before.enabled },
        after: { enabled: input.enabled },
      });
      return input.enabled;
    });
    return { currency: { id: input.currency, enabled } };
  });
}
