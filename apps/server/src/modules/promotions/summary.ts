/**
 * `POST /api/data/promotions/summary` (issue 20 item 6): the programmes the operator has set up, each
 * with the caller's state, read through the owning modules' exports (this module owns no table).
 *
 * A programme appears only when it can give something: the deposit bonus when a promotion is open to
 * the caller, the race when its plugin is on and it has a prize pool, the wheel when a prize with a
 * weight is worth something and some VIP level's cap lets it be won, the faucet and rakeback when some
 * level has a maximum or a rate above 0, VIP when levels above 0 exist. A guest gets the programmes
 * with the player fields null (and the best a player can reach: the top level's figures).
 */
import { RACE_PAID_PLACES, type PromotionsSummary } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { depositBonusView } from '../bonus/index.js';
import { creditedDepositsSince } from '../deposits/index.js';
import { faucetCooldownSetting, nextClaimAt as faucetNextClaimAt } from '../faucet/index.js';
import { listPublic, usedCodesOf } from '../promocodes/index.js';
import { raceLeaderboard, loadRaceConfig } from '../race/index.js';
import { rakebackOf, rakebackProgramme } from '../rakeback/index.js';
import { vipLevelOf } from '../users/index.js';
import { progressOf, type VipLevelRow, vipLevelRow, vipLevelsSetting } from '../vip/index.js';
import { ticketData } from '../wheel/index.js';

/** USD decimal text -> cents. */
const cents = (usd: string): bigint => {
  const [whole = '0', frac = ''] = usd.split('.');
  return BigInt((whole || '0') + frac.slice(0, 2).padEnd(2, '0'));
};
const maxOf = (values: readonly bigint[]): bigint => values.reduce((a, b) => (b > a ? b : a), 0n);
const usdText = (c: bigint) => toDecimalString(c, 2);

/** Percent (0-100) of `done` over `required`, capped at 100 (a requirement of 0 counts as met). */
function share(done: string, required: string): number {
  const r = cents(required);
  if (r <= 0n) return 100;
  const d = cents(done);
  return d >= r ? 100 : Number((d * 100n) / r);
}

/** VIP progress (spec 2 section 4): the average of the deposit and wager percentages to the next level. */
export function vipProgress(
  table: readonly VipLevelRow[],
  level: number,
  deposited: string,
  wagered: string,
): number {
  const next = table.find((r) => r.level === level + 1);
  if (!next) return 100;
  return Math.floor((share(deposited, next.depositRequirement) + share(wagered, next.wagerRequirement)) / 2);
}

async function raceOf(ctx: AppContext, viewer: AuthUser | null): Promise<PromotionsSummary['race']> {
  const config = await loadRaceConfig(ctx);
  if (!config.enabled || config.pool <= 0n) return null;
  const board = await raceLeaderboard(ctx, viewer, {});
  return {
    week: board.week,
    endsAt: board.endsAt,
    prizePool: board.prizePool,
    paidPlaces: RACE_PAID_PLACES,
    me: board.me ?? null,
  };
}

async function wheelOf(
  ctx: AppContext,
  userId: string | null,
  table: readonly VipLevelRow[],
): Promise<PromotionsSummary['wheel']> {
  const bestCap = maxOf(table.map((r) => cents(r.bonusWheelMaxReward)));
  const data = await ticketData(ctx, userId);
  const winnable = data.prizes.filter((p) => p.weight > 0).map((p) => cents(p.usd));
  const top = maxOf(winnable);
  if (bestCap <= 0n || top <= 0n) return null;
  // A player's prizes are already capped by their level; a guest sees the best any level can win.
  const shown =
    userId === null
      ? top < bestCap
        ? top
        : bestCap
      : maxOf(data.prizes.filter((p) => p.weight > 0).map((p) => cents(p.value)));
  return {
    topPrizeUsd: usdText(shown),
    currency: data.currency,
    tickets: userId === null ? null : data.model.tickets,
  };
}

async function faucetOf(
  ctx: AppContext,
  userId: string | null,
  table: readonly VipLevelRow[],
  level: number,
): Promise<PromotionsSummary['faucet']> {
  const best = maxOf(table.map((r) => cents(r.faucetMax)));
  if (best <= 0n) return null;
  const cooldownHours = await ctx.settings.get(faucetCooldownSetting);
  if (userId === null) return { maxUsd: usdText(best), cooldownHours, nextClaimAt: null, deposited: null };
  const [next, deposits] = await Promise.all([
    faucetNextClaimAt(ctx.database, userId),
    creditedDepositsSince(ctx.database, new Map([[userId, new Date(0)]])),
  ]);
  const pending = next !== null && new Date(next).getTime() > Date.now();
  return {
    maxUsd: usdText(cents(vipLevelRow(table, level).faucetMax)),
    cooldownHours,
    nextClaimAt: pending ? new Date(next).toISOString() : null,
    deposited: deposits.length > 0,
  };
}

async function rakebackState(
  ctx: AppContext,
  userId: string | null,
  table: readonly VipLevelRow[],
): Promise<PromotionsSummary['rakeback']> {
  const rates = table.map((r) => Number(r.rakebackPercent));
  const best = Math.max(0, ...rates);
  if (!(best > 0)) return null;
  const topPercent = table[rates.indexOf(best)]!.rakebackPercent;
  if (userId === null) return { percent: topPercent, topPercent, claimable: null, nextClaimAt: null };
  const [programme, claimable] = await Promise.all([
    rakebackProgramme(ctx, userId),
    rakebackOf(ctx.database, userId),
  ]);
  return { percent: programme.percent, topPercent, claimable, nextClaimAt: programme.nextClaimAt };
}

async function vipOf(
  ctx: AppContext,
  userId: string | null,
  table: readonly VipLevelRow[],
  level: number,
): Promise<PromotionsSummary['vip']> {
  const levels = table.filter((r) => r.level >= 1).length;
  if (levels === 0) return null;
  if (userId === null) return { levels, me: null };
  const progress = await progressOf(ctx.database, userId);
  const next = table.find((r) => r.level === level + 1);
  return {
    levels,
    me: {
      level,
      name: vipLevelRow(table, level).name,
      next: next?.name ?? null,
      progress: vipProgress(table, level, progress.deposited, progress.wagered),
    },
  };
}

/** The summary for `viewer` (null: a guest). */
export async function promotionsSummary(
  ctx: AppContext,
  viewer: AuthUser | null,
): Promise<PromotionsSummary> {
  const userId = viewer?.id ?? null;
  const table = await ctx.settings.get(vipLevelsSetting);
  const level = userId === null ? 0 : await vipLevelOf(ctx.database, userId);
  const [deposit, codes, race, wheel, faucet, rakeback, vip] = await Promise.all([
    depositBonusView(ctx, userId),
    listPublic(ctx.database),
    raceOf(ctx, viewer),
    wheelOf(ctx, userId, table),
    faucetOf(ctx, userId, table, level),
    rakebackState(ctx, userId, table),
    vipOf(ctx, userId, table, level),
  ]);
  const used =
    userId === null
      ? new Set<string>()
      : await usedCodesOf(
          ctx.database,
          userId,
          codes.map((c) => c._id),
        );
  return {
    signedIn: userId !== null,
    depositBonus: deposit.model ? deposit : null,
    codes: codes.map((c) => ({ ...c, used: used.has(c._id) })),
    race,
    wheel,
    faucet,
    rakeback,
    vip,
  };
}
