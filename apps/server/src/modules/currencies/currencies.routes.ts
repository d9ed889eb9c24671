import { currenciesEndpoint, type Currency } from '@nebula/contracts';
import { amount, toDecimalString } from '@nebula/money';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
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
}
