/**
 * Paying a closed race week, exactly once (the leader's `race.payout` job, or a test).
 *
 *  1. Once the week has been over for {@link RACE_SETTLE_DELAY_MS} (every bet of the week has
 *     committed by then: a bet row is inserted within 30 s of its wager), ONE transaction inserts the
 *     week's `race_weeks` row (pool and currency frozen from the plugin setting) and, only if that
 *     insert won, the final top 20 computed from `bets` into `race_payouts`. A second run (or a second
 *     node) finds the row and inserts nothing: the standings and amounts are fixed once.
 *  2. Each unpaid place is paid through the ledger from {system: 'promotions'} to the player's real
 *     balance with the key `race:{week}:{place}`, then marked paid. A run cut off between the two
 *     steps, or two runs at once, replay the same key: the ledger moves the money once.
 *  3. When no place is unpaid, the week is marked paid.
 *
 * The promotions account is a system account: like every system account it keeps no balance row and
 * may go below zero (its balance is the sum of its postings), so prizes need no prior funding; the
 * operator's books show what the race cost. Prizes are floor(pool * share); the remainder, and the
 * prizes of places nobody reached, are never moved.
 */
import { toDecimalString } from '@nebula/money';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { loadRaceConfig, racePrizes } from './settings.js';
import { finalRaceStandings } from './standings.js';
import { previousRaceWeek, raceWeekBounds, raceWeekOf } from './week.js';
import { PLAYERS } from '../users/index.js';

/** How long after a week's end (ms) its prizes are settled. */
export const RACE_SETTLE_DELAY_MS = 10 * 60_000;
/** How often the payout job looks for a closed week. */
export const RACE_PAYOUT_INTERVAL_MS = 60_000;

export interface RaceSettlement {
  week: string;
  /**
   * open: the week is not over (or not past the settle delay); disabled: the race plugin is off;
   * paid: every place is paid; partial: the run stopped (aborted) with places left unpaid.
   */
  status: 'open' | 'disabled' | 'paid' | 'partial';
  /** Places whose prize this run moved (a replayed transfer is not counted). */
  paid: number[];
}

/** Settles and pays `week` (see the module comment). Safe to run any number of times, anywhere. */
export async function settleRaceWeek(
  ctx: AppContext,
  week: string,
  opts: { now?: Date; settleDelayMs?: number; signal?: AbortSignal } = {},
): Promise<RaceSettlement> {
  const now = opts.now ?? new Date();
  const { end } = raceWeekBounds(week);
  if (now.getTime() < end.getTime() + (opts.settleDelayMs ?? RACE_SETTLE_DELAY_MS))
    return { week, status: 'open', paid: [] };
  const { database, ledger } = ctx;

  const settled = await database.query('select 1 from race_weeks where week = $1::date', [week]);
  if (settled.length === 0) {
    const config = await loadRaceConfig(ctx);
    if (!config.enabled) return { week, status: 'disabled', paid: [] };
    const prizes = racePrizes(config.pool);
    await database.transaction(async (tx) => {
      const won = await tx.query(
        `insert into race_weeks (week, currency, pool) values ($1::date, $2, $3::numeric)
         on conflict (week) do nothing returning week`,
        [week, config.currency, config.pool.toString()],
      );
      if (won.length === 0) return;
      const top = await finalRaceStandings(tx, week, prizes.length);
      for (const [i, row] of top.entries()) {
        await tx.query(
          `insert into race_payouts (week, place, user_id, wager_usd, currency, amount, paid_at)
           values ($1::date, $2, $3, $4::numeric, $5, $6::numeric, case when $6::numeric = 0 then now() end)`,
          [week, i + 1, row.user_id, row.wager_usd, config.currency, (prizes[i] ?? 0n).toString()],
        );
      }
    });
  }

  const unpaid = await database.query<{ place: number; user_id: string; currency: string; amount: string }>(
    `select place, user_id::text as user_id, currency, amount::text as amount from race_payouts
      where week = $1::date and paid_at is null order by place`,
    [week],
  );
  const paid: number[] = [];
  for (const p of unpaid) {
    if (opts.signal?.aborted) return { week, status: 'partial', paid };
    const result = await ledger.transfer({
      key: `race:${week}:${p.place}`,
      kind: 'race_prize',
      currency: p.currency,
      amount: BigInt(p.amount),
      from: { system: 'promotions' },
      to: { user: p.user_id, kind: 'real' },
      metadata: { week, place: p.place },
    });
    await database.query(
      `update race_payouts set transfer_id = $3::bigint, paid_at = now()
        where week = $1::date and place = $2 and paid_at is null`,
      [week, p.place, result.transferId],
    );
    if (!result.replayed) paid.push(p.place);
  }
  await database.query(
    `update race_weeks set paid_at = now()
      where week = $1::date and paid_at is null
        and not exists (select 1 from race_payouts where week = $1::date and paid_at is null)`,
    [week],
  );
  return { week, status: 'paid', paid };
}

/** The week's prizes as paid (or fixed and not yet paid), place 1 first. */
export async function racePayoutsOf(
  ctx: Pick<AppContext, 'database'>,
  week: string,
): Promise<
  | {
      currency: string;
      pool: bigint;
      decimals: number;
      paid: boolean;
      places: {
        place: number;
        user_id: string;
        wager_usd: string;
        amount: string;
        paid: boolean;
        name: string;
        avatar: string | null;
        private_bets: boolean;
      }[];
    }
  | undefined
> {
  const weeks = await ctx.database.query<{
    currency: string;
    pool: string;
    decimals: number;
    paid: boolean;
  }>(
    `select w.currency, w.pool::text as pool, c.decimals, w.paid_at is not null as paid
       from race_weeks w join currencies c on c.id = w.currency where w.week = $1::date`,
    [week],
  );
  const w = weeks[0];
  if (!w) return undefined;
  const places = await ctx.database.query<{
    place: number;
    user_id: string;
    wager_usd: string;
    amount: string;
    paid: boolean;
    name: string;
    avatar: string | null;
    private_bets: boolean;
  }>(
    `select p.place, p.user_id::text as user_id, p.wager_usd::text as wager_usd, p.amount::text as amount,
            p.paid_at is not null as paid, u.name, u.avatar, u.private_bets
       from race_payouts p join ${PLAYERS} u on u.id = p.user_id
      where p.week = $1::date order by p.place`,
    [week],
  );
  return {
    currency: w.currency,
    pool: BigInt(w.pool),
    decimals: w.decimals,
    paid: w.paid,
    places: places.map((p) => ({ ...p, amount: toDecimalString(BigInt(p.amount), w.decimals) })),
  };
}

/** The leader-only race job: pay the week that just closed (the standings fold is a wager consumer). */
export function raceJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'race.payout',
      intervalMs: RACE_PAYOUT_INTERVAL_MS,
      runOnElect: true,
      run: async ({ signal }) => {
        const result = await settleRaceWeek(ctx, previousRaceWeek(raceWeekOf(new Date())), { signal });
        if (result.paid.length) ctx.log.info(result, 'race prizes paid');
      },
    },
  ];
}
