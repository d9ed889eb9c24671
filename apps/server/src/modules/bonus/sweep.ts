/**
 * The bonus programme's leader job (`bonus.sweep`): credits the deposit bonuses whose deposit arrived
 * (deposit.ts), then ends active bonuses through the ledger (records.ts `closeBonus`, each once):
 *  - converted: the wagering requirement is met; what is left moves to the real balance and the owner
 *    hears `BonusBalanceTransferred`;
 *  - expired: past its expiry; what is left is forfeited to promotions;
 *  - reset: played down below `bonus.reset_below_usd` (spec 2: "the wager requirement resets if the
 *    bonus balance falls below $10"): the requirement ends with the bonus, what is left is forfeited,
 *    and the player is free to withdraw.
 * Each condition is asked again under the bonus's locks, so a stake or a second run in between never
 * makes it end twice or wrongly.
 */
import { parseAmount } from '@nebula/money';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { currencyDecimals } from '../currencies/index.js';
import { priceFeedService } from '../prices/index.js';
import { usdValue } from '../wagers/index.js';
import { awardDepositBonuses } from './deposit.js';
import { type BonusEnding, type BonusRow, closeBonus } from './records.js';
import { resetBelowSetting } from './settings.js';

/** How often the leader sweeps (the delay of a conversion after the stake that met it, about this). */
export const BONUS_SWEEP_INTERVAL_MS = 1_000;

type Ctx = Pick<AppContext, 'database' | 'ledger' | 'realtime' | 'settings' | 'services' | 'config' | 'log'>;

export interface SweepResult {
  awarded: number;
  ended: Record<BonusEnding, number>;
}

const met = (row: BonusRow) => BigInt(row.wagering_done) >= BigInt(row.wagering_required);

export async function sweepBonuses(ctx: Ctx, now: () => Date = () => new Date()): Promise<SweepResult> {
  const result: SweepResult = {
    awarded: await awardDepositBonuses(ctx),
    ended: { converted: 0, cancelled: 0, expired: 0, reset: 0 },
  };
  const active = await ctx.database.query<BonusRow>(
    `select id::text as id, user_id::text as user_id, currency, source, promotion_id,
            amount::text as amount, wagering_required::text as wagering_required,
            wagering_done::text as wagering_done, expires_at, status, created_at
       from bonuses where status = 'active' order by created_at limit 5000`,
  );
  const decimals = await currencyDecimals(
    ctx.database,
    active.map((r) => r.currency),
  );
  const threshold = parseAmount(await ctx.settings.get(resetBelowSetting), 8);
  const feed = priceFeedService.of(ctx);
  for (const row of active) {
    let ending: BonusEnding | null = null;
    let when: (r: BonusRow, left: bigint) => boolean = () => true;
    if (met(row)) {
      ending = 'converted';
      when = (r) => met(r);
    } else if (row.expires_at.getTime() <= now().getTime()) {
      ending = 'expired';
      when = (r) => r.expires_at.getTime() <= now().getTime() && !met(r);
    } else {
      const price = (await feed.price(row.currency))?.usd ?? '0';
      if (parseAmount(price, 12) === 0n) continue;
      const below = (r: BonusRow, left: bigint) =>
        !met(r) &&
        left < BigInt(r.amount) &&
        parseAmount(usdValue(left, price, decimals.get(row.currency) ?? 8), 8) < threshold;
      ending = 'reset';
      when = below;
    }
    const closed = await closeBonus(ctx, row.id, ending, { when });
    if (closed) result.ended[closed.status]++;
  }
  return result;
}

export function bonusJobs(ctx: Ctx): JobDefinition[] {
  return [
    {
      name: 'bonus.sweep',
      intervalMs: BONUS_SWEEP_INTERVAL_MS,
      runOnElect: true,
      run: async () => {
        await sweepBonuses(ctx);
      },
    },
  ];
}
