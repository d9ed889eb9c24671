import { currenciesEndpoint, type Currency } from '@nebula/contracts';
import { amount, toDecimalString } from '@nebula/money';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { listEnabledCurrencies } from './currencies.repository.js';

export function registerCurrencyRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, currenciesEndpoint, async ({ user }) => {
    const [rows, balances] = await Promise.all([
      listEnabledCurrencies(ctx.database),
      user
        ? ctx.ledger.balances(user.id)
        : Promise.resolve({} as Awaited<ReturnType<typeof ctx.ledger.balances>>),
    ]);
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
