/**
 * VIP progress and level-ups (decision 0035). Two consumers fold what counts into `vip_progress`, one
 * row per player, in batches on the jobs leader, never inside a bet's or a deposit's transaction:
 *
 *  - the wager consumer (`vip.progress`, a consumer of the `wager settled` stream, modules/wagers):
 *    the real-money part of each settled real bet in USD at the bet's price (`wager_usd` times the part
 *    not paid with bonus money); demo bets, bets without a USD value and the products and games of the
 *    `vip.excluded` setting count nothing;
 *  - the deposit consumer (job `vip.deposits`): each credited deposit in USD at the price when it is
 *    counted (a second or two after the credit), read from the deposits module's credited-deposit
 *    stream (`creditedDepositsAfter`) from the position kept in `vip_cursors`.
 *
 * Each batch, its progress and its position commit in ONE transaction, so a batch is applied once
 * whatever crashes or leader changes happen (a rolled-back batch is delivered again). In that same
 * transaction the players whose totals now reach a higher level go up ({@link applyLevelUps}): one
 * `vip_level_ups` row per level (its primary key: at most once), the level's one-time bonus in real
 * money from the promotions account (ledger key `vip:level-up:{user}:{level}`, idempotent too), the
 * level on the account. After the commit, BalanceModification (the ledger's) and `VipLevelUp` go to the
 * player's private channel. A player on a time-out or self-excluded (player protection) keeps their
 * progress but goes up only once the block ends and their progress next moves.
 */
import { Channels, vipLevelUpEvent } from '@nebula/contracts';
import { amount as toAmount, toDecimalString } from '@nebula/money';
import type { Database, Session } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { enabledDecimals } from '../currencies/index.js';
import { creditedDepositsAfter } from '../deposits/index.js';
import { priceFeedService, usdToAtomic } from '../prices/index.js';
import { notifyLevelUp } from '../notifications/index.js';
import { notBlocked } from '../protection/index.js';
import { PLAYERS, raiseVipLevel } from '../users/index.js';
import { type SettledWager, type WagerConsumer, usdValue } from '../wagers/index.js';
import {
  type VipLevelRow,
  levelReached,
  vipExcludedSetting,
  vipLevelRow,
  vipLevelsSetting,
  vipRewardCurrencySetting,
} from './levels.js';

/** The wager consumer's name (its position in `wager_consumers`). */
export const VIP_WAGER_CONSUMER = 'vip.progress';
/** The deposit consumer's name (its position in `vip_cursors`). */
export const VIP_DEPOSIT_CONSUMER = 'vip.deposits';
/** Credited deposits per delivery transaction at most. */
export const VIP_DEPOSIT_BATCH = 500;
export const VIP_DEPOSIT_INTERVAL_MS = 1_000;

type VipContext = Pick<AppContext, 'database' | 'settings' | 'ledger' | 'realtime' | 'services' | 'log'>;
type AfterCommit = () => Promise<void>;

/** A decimal string as 1e-8 units (digits beyond 8 decimals dropped). */
function usd8(text: string): bigint {
  const [whole = '0', frac = ''] = text.replace(/^-/, '').split('.');
  return BigInt(whole + frac.slice(0, 8).padEnd(8, '0'));
}

/** The USD (1e-8 units) a settled wager adds to VIP progress; 0n when it does not count. */
export function countedUsd(w: SettledWager, excluded: ReadonlySet<string>): bigint {
  if (w.demo || w.wager_usd === null) return 0n;
  if (excluded.has(w.product) || excluded.has(w.game)) return 0n;
  const stake = BigInt(w.wager);
  const real = stake - BigInt(w.bonus_wager);
  if (stake <= 0n || real <= 0n) return 0n;
  return (usd8(w.wager_usd) * real) / stake;
}

interface ProgressRow {
  user_id: string;
  deposited_usd: string;
  wagered_usd: string;
  level: number;
}

/** Adds per-player sums (1e-8 USD) to one column of `vip_progress`, in user id order; the rows after. */
async function addProgress(
  tx: Session,
  column: 'deposited_usd' | 'wagered_usd',
  sums: ReadonlyMap<string, bigint>,
): Promise<ProgressRow[]> {
  const users = [...sums.keys()].filter((u) => (sums.get(u) ?? 0n) > 0n).sort();
  if (users.length === 0) return [];
  return tx.query<ProgressRow>(
    `insert into vip_progress as p (user_id, ${column})
     select u, v from unnest($1::uuid[], $2::numeric[]) with ordinality as t(u, v, n) order by n
     on conflict (user_id) do update set ${column} = p.${column} + excluded.${column}, updated_at = now()
     returning user_id::text as user_id, deposited_usd::text as deposited_usd,
               wagered_usd::text as wagered_usd, level`,
    [users, users.map((u) => toDecimalString(toAmount(sums.get(u) ?? 0n), 8))],
    `vip.add_${column}`,
  );
}

/** What a delivery reads before its transaction (settings and prices): see WagerConsumer.prepare. */
export interface VipSnapshot {
  table: VipLevelRow[];
  excluded: ReadonlySet<string>;
  /** The level-up bonuses' currency, its decimals (undefined: unknown or disabled) and USD price. */
  currency: string;
  decimals: number | undefined;
  priceUsd: string;
  /** USD price per currency id ('0' when none). */
  prices: ReadonlyMap<string, string>;
}

export async function vipSnapshot(ctx: VipContext): Promise<VipSnapshot> {
  const [table, excluded, currency, quotes] = await Promise.all([
    ctx.settings.get(vipLevelsSetting),
    ctx.settings.get(vipExcludedSetting),
    ctx.settings.get(vipRewardCurrencySetting),
    priceFeedService.of(ctx).prices(),
  ]);
  const decimals = (await enabledDecimals(ctx.database, [currency])).get(currency);
  const prices = new Map([...quotes].map(([id, q]) => [id, q.usd]));
  return {
    table,
    excluded: new Set(excluded),
    currency,
    decimals,
    priceUsd: prices.get(currency) ?? '0',
    prices,
  };
}

interface LevelUp {
  userId: string;
  level: number;
  name: string;
  bonus: { currency: string; amount: string } | null;
}

/**
 * Raises the players of `rows` whose totals reach a higher level, inside the caller's transaction:
 * every level passed is recorded once, with its bonus paid once. Answers what to publish after the
 * commit (nothing when nobody went up).
 */
export async function applyLevelUps(
  ctx: VipContext,
  tx: Session,
  rows: readonly ProgressRow[],
  snap: VipSnapshot,
): Promise<AfterCommit | undefined> {
  if (rows.length === 0) return undefined;
  const { table, currency, decimals } = snap;
  let candidates = rows.filter((r) => levelReached(table, r.deposited_usd, r.wagered_usd) > r.level);
  if (candidates.length === 0) return undefined;
  const ids = candidates.map((r) => r.user_id);
  const open = await tx.query<{ id: string; vip_level: number }>(
    `select u.id::text as id, u.vip_level from ${PLAYERS} u
      where u.id = any($1::uuid[]) and ${notBlocked('u.id')}`,
    [ids],
  );
  const accountLevel = new Map(open.map((r) => [r.id, r.vip_level]));
  candidates = candidates.filter((r) => accountLevel.has(r.user_id));
  if (candidates.length === 0) return undefined;

  const ledger = ctx.ledger.in(tx);
  const events: LevelUp[] = [];
  for (const row of candidates) {
    const from = Math.max(row.level, accountLevel.get(row.user_id) ?? 0);
    const to = levelReached(table, row.deposited_usd, row.wagered_usd);
    for (let level = from + 1; level <= to; level++) {
      const terms = vipLevelRow(table, level);
      const amount =
        decimals !== undefined && snap.priceUsd !== '0'
          ? (usdToAtomic(terms.levelUpBonus, snap.priceUsd, decimals, 'floor') ?? 0n)
          : 0n;
      const recorded = await tx.query(
        `insert into vip_level_ups (user_id, level, currency, amount, bonus_usd)
         values ($1, $2, $3, $4::numeric, $5::numeric) on conflict (user_id, level) do nothing
         returning level`,
        [row.user_id, level, currency, amount.toString(), terms.levelUpBonus],
      );
      if (recorded.length === 0) continue;
      let bonus: LevelUp['bonus'] = null;
      if (amount > 0n && decimals !== undefined) {
        const paid = await ledger.transfer({
          key: `vip:level-up:${row.user_id}:${level}`,
          kind: 'vip_level_up',
          currency,
          amount,
          from: { system: 'promotions' },
          to: { user: row.user_id, kind: 'real' },
          metadata: { level, bonusUsd: terms.levelUpBonus },
        });
        await tx.query(
          'update vip_level_ups set transfer_id = $3::bigint where user_id = $1 and level = $2',
          [row.user_id, level, paid.transferId],
        );
        bonus = { currency, amount: toDecimalString(toAmount(amount), decimals) };
      }
      events.push({ userId: row.user_id, level, name: terms.name, bonus });
      // The strip's notification, once with the level (decision 0040).
      await notifyLevelUp(tx, { userId: row.user_id, level, name: terms.name, bonus });
    }
    await tx.query('update vip_progress set level = $2, updated_at = now() where user_id = $1', [
      row.user_id,
      Math.max(to, from),
    ]);
    await raiseVipLevel(tx, row.user_id, to);
  }
  return async () => {
    await ledger.published();
    for (const e of events) {
      ctx.realtime.hub.publish(Channels.user(e.userId), vipLevelUpEvent, {
        level: e.level,
        name: e.name,
        bonus: e.bonus,
      });
    }
  };
}

/** The VIP programme's consumer of the wager stream (see the module comment). */
export function vipWagerConsumer(ctx: VipContext): WagerConsumer {
  let snap: VipSnapshot | undefined;
  return {
    name: VIP_WAGER_CONSUMER,
    async prepare() {
      snap = await vipSnapshot(ctx);
    },
    async apply(tx, wagers) {
      if (!snap) throw new Error('the VIP consumer was not prepared');
      const sums = new Map<string, bigint>();
      for (const w of wagers) {
        const usd = countedUsd(w, snap.excluded);
        if (usd > 0n) sums.set(w.user_id, (sums.get(w.user_id) ?? 0n) + usd);
      }
      return applyLevelUps(ctx, tx, await addProgress(tx, 'wagered_usd', sums), snap);
    },
  };
}

/**
 * One delivery of credited deposits (one transaction): the next batch after the consumer's position,
 * in USD at the current price, into `vip_progress`, with the level-ups it brings. Returns how many
 * deposits it applied.
 */
export async function deliverDeposits(
  ctx: VipContext,
  database: Pick<Database, 'transaction'> = ctx.database,
  batch = VIP_DEPOSIT_BATCH,
): Promise<number> {
  const then: { after?: AfterCommit | undefined } = {};
  const snap = await vipSnapshot(ctx);
  const applied = await database.transaction(async (tx) => {
    await tx.query('insert into vip_cursors (name) values ($1) on conflict (name) do nothing', [
      VIP_DEPOSIT_CONSUMER,
    ]);
    const at = (
      await tx.query<{ tx: string; id: string }>(
        `select last_tx::text as tx, last_id::text as id from vip_cursors where name = $1 for update`,
        [VIP_DEPOSIT_CONSUMER],
      )
    )[0];
    if (!at) throw new Error('the VIP deposit consumer has no position');
    const deposits = await creditedDepositsAfter(tx, at, batch);
    const last = deposits.at(-1);
    if (!last) return 0;
    const decimals = await enabledDecimals(tx, [...new Set(deposits.map((d) => d.currency))]);
    const sums = new Map<string, bigint>();
    for (const d of deposits) {
      const places = decimals.get(d.currency);
      if (places === undefined) continue;
      const usd = usd8(usdValue(BigInt(d.amount), snap.prices.get(d.currency) ?? '0', places));
      if (usd > 0n) sums.set(d.user_id, (sums.get(d.user_id) ?? 0n) + usd);
    }
    then.after = await applyLevelUps(ctx, tx, await addProgress(tx, 'deposited_usd', sums), snap);
    await tx.query(
      `update vip_cursors set last_tx = $2::xid8, last_id = $3::bigint, updated_at = now() where name = $1`,
      [VIP_DEPOSIT_CONSUMER, last.tx, last.id],
    );
    return deposits.length;
  });
  await then.after?.().catch(() => undefined);
  return applied;
}

/** The leader's job counting credited deposits until it reaches the head of their stream. */
export function vipDepositJob(ctx: VipContext): JobDefinition {
  return {
    name: VIP_DEPOSIT_CONSUMER,
    intervalMs: VIP_DEPOSIT_INTERVAL_MS,
    runOnElect: true,
    run: async ({ signal }) => {
      while (!signal.aborted && (await deliverDeposits(ctx)) >= VIP_DEPOSIT_BATCH);
    },
  };
}

/** A player's progress (USD decimal strings, 2 places) and level; zeros when nothing counted yet. */
export async function progressOf(
  database: Pick<Database, 'query'>,
  userId: string,
): Promise<{ deposited: string; wagered: string; level: number }> {
  const rows = await database.query<{ deposited: string; wagered: string; level: number }>(
    `select trunc(deposited_usd, 2)::text as deposited, trunc(wagered_usd, 2)::text as wagered, level
       from vip_progress where user_id = $1`,
    [userId],
  );
  return rows[0] ?? { deposited: '0.00', wagered: '0.00', level: 0 };
}
