/**
 * Wagering progress of active bonuses, from the wager stream (modules/wagers stream.ts): the bonus
 * module's consumer adds each settled real (not demo) stake, weighted by `bonus.wagering_weights`
 * (settings.ts), the part bonus money funded included (every stake counts, whichever balance paid it),
 * to the active bonus of the same player and currency that existed when the stake was placed. It runs
 * in the stream's delivery transaction, so each stake counts once; it moves no money (the sweep job,
 * sweep.ts, converts a bonus whose requirement is met).
 */
import type { AppContext } from '../../platform/context.js';
import { gameCategories } from '../catalogue/index.js';
import type { SettledWager, WagerConsumer } from '../wagers/index.js';
import { wageringWeightsSetting } from './settings.js';

export const BONUS_CONSUMER = 'bonus.wagering';

type Weights = {
  products: Record<string, number>;
  games: Record<string, number>;
  categories: Record<string, number>;
};

/** The percent of a stake that counts: the game's entry, else its category's, else its product's, else 0. */
export function weightOf(
  weights: Weights,
  wager: Pick<SettledWager, 'product' | 'game'>,
  category?: string,
): number {
  const own = (record: Record<string, number>, key: string | undefined) =>
    key !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
  return (
    own(weights.games, wager.game) ??
    own(weights.categories, category) ??
    own(weights.products, wager.product) ??
    0
  );
}

/** What of a stake counts toward wagering (floor of stake * percent / 100). */
export function countedStake(wager: bigint, percent: number): bigint {
  return (wager * BigInt(percent)) / 100n;
}

export function bonusWageringConsumer(ctx: Pick<AppContext, 'settings'>): WagerConsumer {
  // The weights are read before the delivery's transaction (WagerConsumer.prepare): a settings read
  // inside it would wait forever on PGlite's one connection when the node's settings cache is stale.
  let weights: Weights | undefined;
  return {
    name: BONUS_CONSUMER,
    async prepare() {
      weights = await ctx.settings.get(wageringWeightsSetting);
    },
    async apply(tx, wagers) {
      const prepared = weights;
      if (!prepared) throw new Error('the bonus wagering consumer was not prepared');
      const real = wagers.filter((w) => !w.demo && BigInt(w.wager) > 0n);
      if (real.length === 0) return;
      const users = [...new Set(real.map((w) => w.user_id))];
      const active = await tx.query<{ user_id: string; currency: string }>(
        `select user_id::text as user_id, currency from bonuses
          where status = 'active' and user_id = any($1::uuid[])`,
        [users],
        'bonus.active_of',
      );
      if (active.length === 0) return;
      const holding = new Set(active.map((a) => `${a.user_id}:${a.currency}`));
      const relevant = real.filter((w) => holding.has(`${w.user_id}:${w.currency}`));
      if (relevant.length === 0) return;
      const categories = await gameCategories(
        tx,
        relevant.map((w) => w.game),
      );
      const counted = relevant
        .map((w) => ({
          w,
          amount: countedStake(BigInt(w.wager), weightOf(prepared, w, categories.get(w.game))),
        }))
        .filter((c) => c.amount > 0n);
      if (counted.length === 0) return;
      await tx.query(
        `update bonuses b set wagering_done = b.wagering_done + c.amount
           from (select bo.id, sum(x.amount) as amount
                   from unnest($1::uuid[], $2::text[], $3::numeric[], $4::timestamptz[])
                        as x (user_id, currency, amount, placed_at)
                   join bonuses bo on bo.user_id = x.user_id and bo.currency = x.currency
                                  and bo.status = 'active' and x.placed_at >= bo.created_at
                  group by bo.id) c
          where b.id = c.id`,
        [
          counted.map((c) => c.w.user_id),
          counted.map((c) => c.w.currency),
          counted.map((c) => c.amount.toString()),
          counted.map((c) => new Date(c.w.placed_at).toISOString()),
        ],
        'bonus.wagered',
      );
    },
  };
}
