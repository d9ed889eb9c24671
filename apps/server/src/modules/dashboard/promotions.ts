/**
 * The promotions hub's figures (POST /api/admin/promotions, contracts `admin-promotions.ts`): each read
 * through a function of the module that owns its table (bonus, wheel, faucet, rakeback, vip), amounts
 * of other currencies turned into USD at the current prices (read first, outside any transaction).
 */
import { type AdminPromotions, PROMOTION_FIGURE_DAYS, VIP_MAX_LEVEL } from '@nebula/contracts';
import type { AppContext } from '../../platform/context.js';
import { bonusMoneySince } from '../bonus/index.js';
import { currencyDecimals } from '../currencies/index.js';
import { faucetFigures } from '../faucet/index.js';
import { priceFeedService } from '../prices/index.js';
import { rakebackFigures } from '../rakeback/index.js';
import { DEFAULT_VIP_LEVELS, vipPlayersByLevel } from '../vip/index.js';
import { usdValue } from '../wagers/index.js';
import { wheelFigures } from '../wheel/index.js';
import { usd8, utcDay } from './daily.js';
import { cents } from './dashboard.service.js';

export async function promotionFigures(
  ctx: Pick<AppContext, 'database' | 'services' | 'config' | 'settings'>,
  now = new Date(),
): Promise<AdminPromotions> {
  const db = ctx.database;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (PROMOTION_FIGURE_DAYS - 1) * 86_400_000);
  const from = utcDay(since);
  const prices = await priceFeedService.of(ctx).prices();
  const [bonus, wheel, faucet, rakeback, levels] = await Promise.all([
    bonusMoneySince(db, since),
    wheelFigures(db, since),
    faucetFigures(db, since),
    rakebackFigures(db, since, from),
    vipPlayersByLevel(db),
  ]);
  const decimals = await currencyDecimals(db, [
    ...bonus.map((r) => r.currency),
    ...rakeback.map((r) => r.currency),
  ]);
  /** Atomic units of a currency in 1e-8 USD at the current price (0 without a price). */
  const toUsd = (currency: string, atomic: string): bigint => {
    const price = prices.get(currency)?.usd ?? '0';
    const places = decimals.get(currency);
    if (places === undefined || price === '0') return 0n;
    return usd8(usdValue(BigInt(atomic), price, places));
  };
  const total = <T>(rows: readonly T[], pick: (r: T) => bigint) =>
    cents(rows.reduce((s, r) => s + pick(r), 0n));
  const byLevel = new Map(levels.map((l) => [l.level, l.players]));
  return {
    days: PROMOTION_FIGURE_DAYS,
    from,
    bonus: {
      creditedUsd: total(bonus, (b) => toUsd(b.currency, b.credited)),
      convertedUsd: total(bonus, (b) => toUsd(b.currency, b.converted)),
    },
    wheel: { ticketsOutstanding: wheel.tickets, spins: wheel.spins, paidUsd: cents(usd8(wheel.paidUsd)) },
    faucet: { claims: faucet.claims, paidUsd: cents(usd8(faucet.paidUsd)) },
    rakeback: {
      accruedUsd: total(rakeback, (r) => toUsd(r.currency, r.accrued)),
      paidUsd: total(rakeback, (r) => toUsd(r.currency, r.paid)),
    },
    vipPlayers: Array.from({ length: VIP_MAX_LEVEL + 1 }, (_, level) => ({
      level,
      players: byLevel.get(level) ?? 0,
    })),
    vipDefaults: DEFAULT_VIP_LEVELS.map((row) => ({ ...row })),
  };
}
