/**
 * The back-office dashboard (POST /api/admin/dashboard, contracts `admin-dashboard.ts`). Every figure is
 * read through a function of the module that owns its table: the wager figures from this module's
 * daily tables (the wager stream's consumer, daily.ts), deposits, withdrawals, players and bonus money
 * from their modules, the ledger's health from `checkLedger` (at most once a minute per node and database:
 * it reads every posting; the answer says when it ran). Amounts of other currencies are turned
 * into USD at the current prices (read before anything else, outside any transaction); all sums are
 * bigint in 1e-8 USD, answered rounded to the cent.
 */
import { type AdminDashboard, DASHBOARD_DEFAULT_DAYS, type DashboardDay } from '@nebula/contracts';
import type { Database } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { defineService } from '../../platform/services.js';
import { bonusMoneySince } from '../bonus/index.js';
import { currencyDecimals } from '../currencies/index.js';
import { creditedDepositsByDay } from '../deposits/index.js';
import { checkLedger, type LedgerCheck } from '../ledger/index.js';
import { priceFeedService } from '../prices/index.js';
import { newPlayersByDay, playerCount } from '../users/index.js';
import { usdValue } from '../wagers/index.js';
import { paidWithdrawalsByDay, pendingWithdrawalsByCurrency } from '../withdrawals/index.js';
import { activePlayers, dailyWagers, usd8, utcDay } from './daily.js';

/** The order products are listed in (any other after these, alphabetically). */
const PRODUCT_ORDER = ['originals', 'extended', 'crash', 'slots', 'sports', 'external-sports'];

/** 1e-8 USD as a 2-decimal string, rounded half away from zero. */
export function cents(v: bigint): string {
  const negative = v < 0n;
  const a = negative ? -v : v;
  const c = (a + 500_000n) / 1_000_000n;
  const text = `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
  return negative && c > 0n ? `-${text}` : text;
}

/** How old a ledger check the dashboard shows may be (decision 0046). */
export const LEDGER_CHECK_MAX_AGE_MS = 60_000;

export interface TimedLedgerCheck {
  check: LedgerCheck;
  /** When the check began (what it saw is the ledger of that moment or later). */
  checkedAt: Date;
}

/**
 * The ledger check (`checkLedger`, which reads every posting) run again only when the last one began
 * more than `maxAgeMs` ago: refreshes and staff members share it, and callers at the same moment share
 * the run in progress. A failed run is not kept. One per server (the service below).
 */
export class RecentLedgerCheck {
  private last: { started: number; result: Promise<TimedLedgerCheck> } | undefined;

  constructor(
    private readonly db: Database,
    private readonly maxAgeMs = LEDGER_CHECK_MAX_AGE_MS,
  ) {}

  get(): Promise<TimedLedgerCheck> {
    const now = Date.now();
    if (this.last && now - this.last.started < this.maxAgeMs) return this.last.result;
    const entry = {
      started: now,
      result: checkLedger(this.db).then((check) => ({ check, checkedAt: new Date(now) })),
    };
    this.last = entry;
    entry.result.catch(() => {
      if (this.last === entry) this.last = undefined;
    });
    return entry.result;
  }
}

export const recentLedgerCheck = defineService(
  'dashboard.ledger-check',
  (ctx) => new RecentLedgerCheck(ctx.database),
);

export async function dashboard(
  ctx: Pick<AppContext, 'database' | 'services' | 'config' | 'settings'>,
  days = DASHBOARD_DEFAULT_DAYS,
  now = new Date(),
): Promise<AdminDashboard> {
  const db = ctx.database;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceDate = new Date(today - (days - 1) * 86_400_000);
  const since = utcDay(sinceDate);
  const dayList = Array.from({ length: days }, (_, i) =>
    utcDay(new Date(today - (days - 1 - i) * 86_400_000)),
  );

  const prices = await priceFeedService.of(ctx).prices();
  const [wagers, active, deposits, withdrawals, pending, fresh, players, bonus, ledger] = await Promise.all([
    dailyWagers(db, since),
    activePlayers(db, since),
    creditedDepositsByDay(db, sinceDate),
    paidWithdrawalsByDay(db, sinceDate),
    pendingWithdrawalsByCurrency(db),
    newPlayersByDay(db, sinceDate),
    playerCount(db),
    bonusMoneySince(db, sinceDate),
    recentLedgerCheck.of(ctx).get(),
  ]);
  const decimals = await currencyDecimals(db, [
    ...deposits.map((r) => r.currency),
    ...withdrawals.map((r) => r.currency),
    ...pending.map((r) => r.currency),
    ...bonus.map((r) => r.currency),
  ]);
  /** Atomic units of a currency in 1e-8 USD at the current price (0 without a price). */
  const toUsd = (currency: string, atomic: string): bigint => {
    const price = prices.get(currency)?.usd ?? '0';
    const places = decimals.get(currency);
    if (places === undefined || price === '0') return 0n;
    return usd8(usdValue(BigInt(atomic), price, places));
  };

  interface Acc {
    ggr: Map<string, bigint>;
    wagered: bigint;
    paid: bigint;
    bets: number;
    deposits: bigint;
    withdrawals: bigint;
    newPlayers: number;
  }
  const acc = new Map<string, Acc>(
    dayList.map((d) => [
      d,
      { ggr: new Map(), wagered: 0n, paid: 0n, bets: 0, deposits: 0n, withdrawals: 0n, newPlayers: 0 },
    ]),
  );
  const products = new Set<string>();
  for (const w of wagers) {
    const a = acc.get(w.day);
    if (!a) continue;
    const wagered = usd8(w.wagered);
    const paid = usd8(w.paid);
    products.add(w.product);
    a.ggr.set(w.product, (a.ggr.get(w.product) ?? 0n) + wagered - paid);
    a.wagered += wagered;
    a.paid += paid;
    a.bets += w.bets;
  }
  let depositCount = 0;
  for (const d of deposits) {
    const a = acc.get(d.day);
    if (!a) continue;
    a.deposits += toUsd(d.currency, d.amount);
    depositCount += d.count;
  }
  let withdrawalCount = 0;
  for (const w of withdrawals) {
    const a = acc.get(w.day);
    if (!a) continue;
    a.withdrawals += toUsd(w.currency, w.amount);
    withdrawalCount += w.count;
  }
  for (const p of fresh) {
    const a = acc.get(p.day);
    if (a) a.newPlayers += p.count;
  }

  const ordered = [...products].sort((x, y) => {
    const ix = PRODUCT_ORDER.indexOf(x);
    const iy = PRODUCT_ORDER.indexOf(y);
    return (ix < 0 ? 99 : ix) - (iy < 0 ? 99 : iy) || x.localeCompare(y);
  });
  const sum = (pick: (a: Acc) => bigint) => [...acc.values()].reduce((s, a) => s + pick(a), 0n);
  const series: DashboardDay[] = dayList.map((day) => {
    const a = acc.get(day)!;
    return {
      day,
      ggrByProduct: Object.fromEntries(
        ordered.filter((p) => a.ggr.has(p)).map((p) => [p, cents(a.ggr.get(p)!)]),
      ),
      wageredUsd: cents(a.wagered),
      ggrUsd: cents(a.wagered - a.paid),
      bets: a.bets,
      depositsUsd: cents(a.deposits),
      withdrawalsUsd: cents(a.withdrawals),
      newPlayers: a.newPlayers,
      activePlayers: active.byDay.get(day) ?? 0,
    };
  });
  return {
    days,
    from: since,
    to: dayList.at(-1)!,
    products: ordered,
    series,
    totals: {
      wageredUsd: cents(sum((a) => a.wagered)),
      ggrUsd: cents(sum((a) => a.wagered - a.paid)),
      bets: series.reduce((s, d) => s + d.bets, 0),
      depositsUsd: cents(sum((a) => a.deposits)),
      deposits: depositCount,
      withdrawalsUsd: cents(sum((a) => a.withdrawals)),
      withdrawals: withdrawalCount,
      newPlayers: series.reduce((s, d) => s + d.newPlayers, 0),
      activePlayers: active.distinct,
      players,
      bonusCreditedUsd: cents(bonus.reduce((s, b) => s + toUsd(b.currency, b.credited), 0n)),
      bonusConvertedUsd: cents(bonus.reduce((s, b) => s + toUsd(b.currency, b.converted), 0n)),
    },
    pendingWithdrawals: {
      count: pending.reduce((s, p) => s + p.count, 0),
      usd: cents(pending.reduce((s, p) => s + toUsd(p.currency, p.amount), 0n)),
    },
    ledger: {
      ok: ledger.check.ok,
      problems: ledger.check.problems.length,
      transfers: ledger.check.transfers,
      accounts: ledger.check.accounts,
      checkedAt: ledger.checkedAt.toISOString(),
    },
  };
}
