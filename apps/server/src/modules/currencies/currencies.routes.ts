import { currenciesEndpoint, type Currency } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { listEnabledCurrencies } from './currencies.repository.js';

export function registerCurrencyRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, currenciesEndpoint, async () => {
    const rows = await listEnabledCurrencies(ctx.database);
    const out: Record<string, Currency> = {};
    for (const r of rows) {
      out[r.id] = {
        id: r.id,
        name: r.name,
        icon: r.icon,
        style: r.style,
        decimals: r.decimals,
        // Prices are display-only quotes, so a float is fine here; money itself never is.
        price: Number(r.price_usd),
        priceEur: Number(r.price_eur),
        // Balances arrive with the wallet and ledger (F4); until then every balance is zero.
        balance: { real: '0', demo: '0' },
        walletId: null,
        chains: r.chains,
      };
    }
    return out;
  });
}
