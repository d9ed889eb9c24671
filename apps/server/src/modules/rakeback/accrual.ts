/**
 * Rakeback accrual from the wager stream (decision 0040). The rakeback module's consumer
 * (`rakeback.accrual`) adds, for each settled real stake, the exact product
 *
 *     real stake (atomic units) x house edge (basis points) x rate (percent, in 1e-4 units)
 *
 * to the player's row of `rakeback_accruals` for the stake's currency and UTC day: the amount is in
 * 1e-10 atomic units (stake x bps/1e4 x rate/1e6), summed with no rounding. What a player can be paid
 * is floor(sum / 1e10) minus what was paid (claim.ts): one floor over the running total.
 *
 * - the edge: the wager record's `house_edge_bps` (house games, crash); for a sports bet, the edge its
 *   legs' margins give (modules/sports `sportsEdgeBps`); else the operator's assumed edge of the
 *   product (`rakeback.assumed_edge_bps`); none: nothing accrues (never stake x rate);
 * - the rate: the `rakebackPercent` of the player's VIP level at delivery (`vip.levels`);
 * - the stake: its real-money part only (a bonus-funded stake earns no rakeback), no demo bets, not the
 *   products or games of `rakeback.excluded`.
 *
 * Settings are read in `prepare`, before the delivery transaction; everything in `apply` goes through
 * that transaction, so each stake accrues once.
 */
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { sportsEdgeBps } from '../sports/index.js';
import { PLAYERS } from '../users/index.js';
import { type VipLevelRow, vipLevelRow, vipLevelsSetting } from '../vip/index.js';
import type { SettledWager, WagerConsumer } from '../wagers/index.js';
import { assumedEdgeSetting, rakebackExcludedSetting } from './settings.js';

export const RAKEBACK_CONSUMER = 'rakeback.accrual';
/** The accrual's scale: 1e4 (basis points) x 1e6 (percent in 1e-4 units, over 100). */
export const ACCRUAL_SCALE = 10_000_000_000n;

/** A percent with at most 4 decimals ('5', '12.5') in 1e-4 units (5 -> 50000). */
export function rateUnits(percent: string): bigint {
  const [whole = '0', frac = ''] = percent.split('.');
  return BigInt(whole + frac.slice(0, 4).padEnd(4, '0'));
}

export interface AccrualSnapshot {
  table: readonly VipLevelRow[];
  assumed: Readonly<Record<string, number>>;
  excluded: ReadonlySet<string>;
}

export async function accrualSnapshot(ctx: Pick<AppContext, 'settings'>): Promise<AccrualSnapshot> {
  const [table, assumed, excluded] = await Promise.all([
    ctx.settings.get(vipLevelsSetting),
    ctx.settings.get(assumedEdgeSetting),
    ctx.settings.get(rakebackExcludedSetting),
  ]);
  return { table, assumed, excluded: new Set(excluded) };
}

/** The edge (basis points) a stake accrues on; `sports` holds the sports bets' edges by bet id. */
export function edgeOf(
  w: Pick<SettledWager, 'product' | 'house_edge_bps' | 'reference'>,
  assumed: Readonly<Record<string, number>>,
  sports: ReadonlyMap<string, number>,
): number {
  if (w.house_edge_bps > 0) return w.house_edge_bps;
  if (w.product === 'sports' && w.reference !== null && sports.has(w.reference))
    return sports.get(w.reference)!;
  return Object.hasOwn(assumed, w.product) ? (assumed[w.product] ?? 0) : 0;
}

/** The accrual (1e-10 atomic units) of one stake at `ratePercent`; 0n when it accrues nothing. */
export function accrualOf(
  w: Pick<SettledWager, 'demo' | 'wager' | 'bonus_wager' | 'product' | 'game'>,
  edgeBps: number,
  ratePercent: string,
  excluded: ReadonlySet<string>,
): bigint {
  if (w.demo || excluded.has(w.product) || excluded.has(w.game)) return 0n;
  const real = BigInt(w.wager) - BigInt(w.bonus_wager);
  if (real <= 0n || edgeBps <= 0) return 0n;
  return real * BigInt(edgeBps) * rateUnits(ratePercent);
}

/** The UTC day (YYYY-MM-DD) of a time. */
export const utcDay = (at: Date | string): string => new Date(at).toISOString().slice(0, 10);

/** Applies a batch of settled wagers inside the delivery transaction `tx`. */
export async function applyAccruals(
  tx: Session,
  wagers: readonly SettledWager[],
  snap: AccrualSnapshot,
): Promise<void> {
  const real = wagers.filter((w) => !w.demo && BigInt(w.wager) > BigInt(w.bonus_wager));
  if (real.length === 0) return;
  const users = [...new Set(real.map((w) => w.user_id))];
  const levels = new Map(
    (
      await tx.query<{ id: string; vip_level: number }>(
        `select u.id::text as id, u.vip_level from ${PLAYERS} u where u.id = any($1::uuid[])`,
        [users],
        'rakeback.levels',
      )
    ).map((r) => [r.id, r.vip_level]),
  );
  const sportsIds = real
    .filter((w) => w.product === 'sports' && w.house_edge_bps <= 0 && w.reference !== null)
    .map((w) => w.reference!);
  const sports = sportsIds.length > 0 ? await sportsEdgeBps(tx, sportsIds) : new Map<string, number>();

  const sums = new Map<string, { accrued: bigint; wagered: bigint }>();
  for (const w of real) {
    const rate = vipLevelRow(snap.table, levels.get(w.user_id) ?? 0).rakebackPercent;
    const accrued = accrualOf(w, edgeOf(w, snap.assumed, sports), rate, snap.excluded);
    if (accrued <= 0n) continue;
    const key = `${w.user_id}|${w.currency}|${utcDay(w.created_at)}`;
    const sum = sums.get(key) ?? { accrued: 0n, wagered: 0n };
    sum.accrued += accrued;
    sum.wagered += BigInt(w.wager) - BigInt(w.bonus_wager);
    sums.set(key, sum);
  }
  if (sums.size === 0) return;
  // In key order, so two deliveries (never concurrent for one consumer, but the lock order is fixed anyway) agree.
  const keys = [...sums.keys()].sort();
  const parts = keys.map((k) => k.split('|') as [string, string, string]);
  await tx.query(
    `insert into rakeback_players (user_id)
     select distinct u from unnest($1::uuid[]) as t(u) order by 1
     on conflict (user_id) do nothing`,
    [[...new Set(parts.map((p) => p[0]))]],
    'rakeback.players',
  );
  await tx.query(
    `insert into rakeback_accruals as a (user_id, currency, day, accrued, wagered)
     select u, c, d, v, s from unnest($1::uuid[], $2::text[], $3::date[], $4::numeric[], $5::numeric[])
       with ordinality as t(u, c, d, v, s, n) order by n
     on conflict (user_id, currency, day) do update set accrued = a.accrued + excluded.accrued,
       wagered = a.wagered + excluded.wagered, updated_at = now()`,
    [
      parts.map((p) => p[0]),
      parts.map((p) => p[1]),
      parts.map((p) => p[2]),
      keys.map((k) => sums.get(k)!.accrued.toString()),
      keys.map((k) => sums.get(k)!.wagered.toString()),
    ],
    'rakeback.accrue',
  );
}

/** The rakeback programme's consumer of the wager stream (see the module comment). */
export function rakebackConsumer(ctx: Pick<AppContext, 'settings'>): WagerConsumer {
  let snap: AccrualSnapshot | undefined;
  return {
    name: RAKEBACK_CONSUMER,
    async prepare() {
      snap = await accrualSnapshot(ctx);
    },
    async apply(tx, wagers) {
      if (!snap) throw new Error('the rakeback consumer was not prepared');
      await applyAccruals(tx, wagers, snap);
    },
  };
}
