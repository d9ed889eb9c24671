/**
 * The daily wager figures (`wager_daily`, `wager_daily_players`, migration 0039), kept by this module's
 * consumer of the wager stream (modules/wagers/stream.ts): each settled real-money wager of every
 * product is added once, after its commit, in the delivery transaction that moves the consumer's
 * position. It reads nothing but the records it is given (no settings, no prices), so it has no
 * `prepare`. Demo wagers are left out.
 */
import type { Session } from '../../db/client.js';
import type { SettledWager, WagerConsumer } from '../wagers/index.js';

/** A decimal string as 1e-8 units (digits beyond 8 decimals dropped). */
export function usd8(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const v = BigInt((whole || '0') + frac.slice(0, 8).padEnd(8, '0'));
  return negative ? -v : v;
}

/** 1e-8 units as a decimal string with 8 places. */
export function fromUsd8(v: bigint): string {
  const sign = v < 0n ? '-' : '';
  const a = v < 0n ? -v : v;
  return `${sign}${a / 100_000_000n}.${(a % 100_000_000n).toString().padStart(8, '0')}`;
}

/** The UTC day of a date, YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

interface DayProduct {
  day: string;
  product: string;
  bets: number;
  wagered: bigint;
  paid: bigint;
}

/** Sums a batch per UTC day and product: wagered USD and paid USD at the bet's own rate. */
export function sumDaily(wagers: readonly SettledWager[]): DayProduct[] {
  const out = new Map<string, DayProduct>();
  for (const w of wagers) {
    if (w.demo) continue;
    const day = utcDay(new Date(w.placed_at));
    const key = `${day}|${w.product}`;
    const row = out.get(key) ?? { day, product: w.product, bets: 0, wagered: 0n, paid: 0n };
    row.bets += 1;
    const wagerUsd = w.wager_usd === null ? 0n : usd8(w.wager_usd);
    const wager = BigInt(w.wager);
    row.wagered += wagerUsd;
    if (wager > 0n) row.paid += (BigInt(w.payout) * wagerUsd) / wager;
    out.set(key, row);
  }
  return [...out.values()];
}

export const DAILY_CONSUMER = 'dashboard.daily';

export const dailyWagersConsumer: WagerConsumer = {
  name: DAILY_CONSUMER,
  async apply(tx, wagers) {
    const rows = sumDaily(wagers);
    if (rows.length === 0) return;
    await tx.query(
      `insert into wager_daily as d (day, product, bets, wagered_usd, paid_usd, updated_at)
       select day, product, bets, wagered, paid, now()
         from unnest($1::date[], $2::text[], $3::bigint[], $4::numeric[], $5::numeric[])
              as t(day, product, bets, wagered, paid)
       on conflict (day, product) do update set bets = d.bets + excluded.bets,
         wagered_usd = d.wagered_usd + excluded.wagered_usd, paid_usd = d.paid_usd + excluded.paid_usd,
         updated_at = excluded.updated_at`,
      [
        rows.map((r) => r.day),
        rows.map((r) => r.product),
        rows.map((r) => r.bets),
        rows.map((r) => fromUsd8(r.wagered)),
        rows.map((r) => fromUsd8(r.paid)),
      ],
      'dashboard.daily_add',
    );
    const players = new Map<string, { day: string; user: string }>();
    for (const w of wagers) {
      if (w.demo) continue;
      const day = utcDay(new Date(w.placed_at));
      players.set(`${day}|${w.user_id}`, { day, user: w.user_id });
    }
    await tx.query(
      `insert into wager_daily_players (day, user_id)
       select day, user_id from unnest($1::date[], $2::uuid[]) as t(day, user_id)
       on conflict do nothing`,
      [[...players.values()].map((p) => p.day), [...players.values()].map((p) => p.user)],
      'dashboard.daily_players',
    );
  },
};

/** The daily rows since `since` (a YYYY-MM-DD day), USD as 8-decimal strings. */
export async function dailyWagers(
  q: Pick<Session, 'query'>,
  since: string,
): Promise<{ day: string; product: string; bets: number; wagered: string; paid: string }[]> {
  return q.query(
    `select to_char(day, 'YYYY-MM-DD') as day, product, bets::int as bets, wagered_usd::text as wagered,
            paid_usd::text as paid
       from wager_daily where day >= $1::date order by day, product`,
    [since],
    'dashboard.daily_read',
  );
}

/** Active players per day since `since`, and the distinct players over the whole period. */
export async function activePlayers(
  q: Pick<Session, 'query'>,
  since: string,
): Promise<{ byDay: Map<string, number>; distinct: number }> {
  const rows = await q.query<{ day: string; count: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as count
       from wager_daily_players where day >= $1::date group by day`,
    [since],
    'dashboard.active_daily',
  );
  const total = await q.query<{ count: number }>(
    'select count(distinct user_id)::int as count from wager_daily_players where day >= $1::date',
    [since],
    'dashboard.active_distinct',
  );
  return { byDay: new Map(rows.map((r) => [r.day, r.count])), distinct: total[0]?.count ?? 0 };
}
