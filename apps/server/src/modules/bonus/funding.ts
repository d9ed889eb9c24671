/**
 * Stakes funded by bonus money (decision 0036, last section). A single-round stake takes real money
 * first, then bonus money of the same currency from the player's `bonus` account, when the player holds
 * an active bonus in that currency and the game's wagering weight (`bonus.wagering_weights`) is above 0;
 * the money moves through the wagers module (money.ts `placeStake`/`payStake` with a
 * {@link BonusFunding}), this module only says whether a stake may use bonus money:
 *  - {@link holdsActiveBonus}: a condition for a product's one-statement pre-bet read, so a player
 *    without a bonus costs one index probe there and nothing else;
 *  - {@link bonusFundingFor}: read before the stake's transaction (settings and the game's category,
 *    never inside it), the funding to give the stake's account, or null (real money only);
 *  - its `active` check runs inside the stake's transaction under the player's account locks, only when
 *    bonus money is needed: a conversion or forfeit (records.ts `closeBonus`) takes the same account
 *    locks before it moves anything, so what the stake sees holds until its commit.
 */
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { gameCategories } from '../catalogue/index.js';
import type { BonusFunding, Product } from '../wagers/index.js';
import { wageringWeightsSetting } from './settings.js';
import { weightOf } from './wagering.js';

/**
 * SQL condition: the player `user` holds an active bonus in `currency` (both SQL expressions). One
 * probe of the unique partial index `bonuses_one_active`.
 */
export const holdsActiveBonus = (user: string, currency: string) =>
  `exists (select 1 from bonuses where user_id = ${user} and currency = ${currency} and status = 'active')`;

async function stillActive(tx: Pick<Session, 'query'>, userId: string, currency: string): Promise<boolean> {
  const rows = await tx.query(
    "select 1 from bonuses where user_id = $1::uuid and currency = $2 and status = 'active'",
    [userId, currency],
    'bonus.still_active',
  );
  return rows.length > 0;
}

/**
 * The bonus funding of a stake of a player who holds an active bonus in its currency (the pre-bet read
 * said so), or null when the game's wagering weight is 0 (bonus money never plays a game that does not
 * wager it down). Reads settings and the catalogue: call it before the stake's transaction.
 */
export async function bonusFundingFor(
  ctx: Pick<AppContext, 'settings' | 'database'>,
  stake: { userId: string; currency: string; product: Product; game: string },
): Promise<BonusFunding | null> {
  const weights = await ctx.settings.get(wageringWeightsSetting);
  const category = (await gameCategories(ctx.database, [stake.game])).get(stake.game);
  if (weightOf(weights, stake, category) <= 0) return null;
  return { active: (tx) => stillActive(tx, stake.userId, stake.currency) };
}
