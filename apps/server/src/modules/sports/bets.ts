/**
 * The bet slip (decision 0028): placing single and multi bets, the live queue and its confirmation,
 * My sports bets, cash-out, and the player's odds-change policy.
 *
 * A bet, in order: the request's shape (422); a retry of the same `requestId` answers the first bet or
 * queue entry; the selections exist and are bookable ('option closed'), a multi has no two legs of one
 * event; simulated events take demo bets unless the operator allows real money; the wager seam's policy
 * (`checkStake`: signed in, sportsbook on, currency, amount format, self-exclusion, price, the
 * registered checks); the slip's limits in USD ('Min $1' / 'Max $20'); the odds against the player's
 * policy ('odds changed'). A selection on a market with a live delay queues the bet (nothing is
 * debited); otherwise, and at confirmation, ONE transaction re-reads the markets under a share lock
 * (a bet stop or settlement waits for it, or it sees them), re-checks them, checks the player's pending
 * bets (no double bet on a pending option, the multi-bet limit) under a per-player lock, the max payout
 * and each market's liability cap, debits the stake (`placeStake`, key `sport:{bet}:wager`) and writes
 * the bet, its legs and its liability.
 */
import {
  type OddsChangePolicy,
  PlayErrorCode,
  type SportBet,
  SportBetStatus,
  type SportCashOutOffer,
  type SportPlaceBetResponse,
  type SportQueuedBet,
  SportSlipErrorCode as Code,
  SportSlipMessages as Text,
  sportLimitText,
  sportPlaceBetRequestSchema,
} from '@nebula/contracts';
import { type Amount, parseWireAmount, toDecimalString } from '@nebula/money';
import type { z } from 'zod';
import type { Session } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { priceFeedService, usdToAtomic } from '../prices/index.js';
import { type PrebetRow, checkStake, placeStake, prebetSql, usdValue } from '../wagers/index.js';
import { protectionGuard } from '../protection/index.js';
import { cashOutValue, parseFactor, potentialPayout, totalOdds } from './odds.js';
import { BET_ROW, type BetRow, finish, returnGuardOf, stakeAccountOf } from './settle.js';
import { type SlipSettings, loadSlipSettings } from './settings.js';
import { BET_VIEW_SQL, announceBets, betView, betViewOf } from './views.js';

export type PlaceBetInput = z.output<typeof sportPlaceBetRequestSchema>;

const slipError = (code: string, message: string) => new AppError(422, code, message);

/** A selection's state as the checks need it. */
interface SelectionRow {
  outcome_id: string;
  odds: number;
  outcome_active: boolean;
  market_id: string;
  market_status: string;
  live_delay_ms: number;
  event_id: string;
  event_status: string;
  simulated: boolean;
  sport: string;
}

const SELECTIONS_SQL = `select o.id::text as outcome_id, o.odds, o.active as outcome_active, m.id::text as market_id,
  m.status as market_status, m.live_delay_ms, e.id::text as event_id, e.status as event_status, e.simulated, e.sport
  from sport_outcomes o join sport_markets m on m.id = o.market_id join sport_events e on e.id = m.event_id
 where o.id = any($1::bigint[])`;

const bookable = (s: SelectionRow) =>
  s.outcome_active &&
  s.market_status === 'active' &&
  (s.event_status === 'not_started' || s.event_status === 'live');

/** The selections in the request's order; 'option closed' when one is unknown or not bookable. */
function checkSelections(input: PlaceBetInput, rows: SelectionRow[], policy: OddsChangePolicy) {
  const byId = new Map(rows.map((r) => [r.outcome_id, r]));
  const out: SelectionRow[] = [];
  for (const sel of input.selections) {
    const row = byId.get(sel.outcome);
    if (!row || !bookable(row)) throw slipError(Code.OptionClosed, Text.optionClosed);
    out.push(row);
  }
  input.selections.forEach((sel, i) => {
    const now = out[i]!.odds;
    if (now === sel.odds) return;
    if (policy === 'none' || (policy === 'higher' && now < sel.odds))
      throw slipError(Code.OddsChanged, Text.oddsChanged);
  });
  return out;
}

/** A stake that passed the policy and the slip's limits. */
interface CheckedSlip {
  input: PlaceBetInput;
  policy: OddsChangePolicy;
  wager: Amount;
  decimals: number;
  priceUsd: string | null;
  wagerUsd: string | null;
  /** Player protection: the player has limits the stake is judged against in its transaction. */
  guarded: boolean;
  maxPayout: bigint | null;
  settings: SlipSettings;
  live: boolean;
  delayMs: number;
}

export class SportsBets {
  constructor(private readonly ctx: AppContext) {}

  private async policyOf(userId: string): Promise<OddsChangePolicy> {
    const [row] = await this.ctx.database.query<{ odds_change: OddsChangePolicy }>(
      'select odds_change from sport_preferences where user_id = $1::uuid',
      [userId],
    );
    return row?.odds_change ?? 'none';
  }

  async preferences(user: AuthUser): Promise<{ oddsChange: OddsChangePolicy }> {
    return { oddsChange: await this.policyOf(user.id) };
  }

  async setPreferences(
    user: AuthUser,
    oddsChange: OddsChangePolicy,
  ): Promise<{ oddsChange: OddsChangePolicy }> {
    await this.ctx.database.query(
      `insert into sport_preferences (user_id, odds_change) values ($1::uuid, $2)
       on conflict (user_id) do update set odds_change = excluded.odds_change`,
      [user.id, oddsChange],
    );
    return { oddsChange };
  }

  /** Everything checked before a transaction: the request, the selections, the stake policy and limits. */
  private async check(user: AuthUser | null, raw: PlaceBetInput): Promise<CheckedSlip> {
    const { ctx } = this;
    const settings = await loadSlipSettings(ctx.settings);
    const input = raw;
    if (input.type === 'single' && input.selections.length !== 1)
      throw new AppError(422, 'invalid_selections', 'A single bet has exactly one selection.');
    if (
      input.type === 'multi' &&
      (input.selections.length < 2 || input.selections.length > settings.maxMultiLegs)
    )
      throw new AppError(
        422,
        'invalid_selections',
        `A multi bet has 2 to ${settings.maxMultiLegs} selections.`,
      );
    if (new Set(input.selections.map((s) => s.outcome)).size !== input.selections.length)
      throw new AppError(422, 'invalid_selections', 'A selection appears twice.');
    const [pre, policy] = await Promise.all([
      ctx.database
        .query<PrebetRow>(prebetSql(), [input.currency, user?.id ?? null], 'sports.prebet')
        .then((r) => r[0]),
      user ? (input.oddsChange ? Promise.resolve(input.oddsChange) : this.policyOf(user.id)) : 'none',
    ]);
    const feed = priceFeedService.of(ctx);
    const stake = await checkStake({
      product: 'sports',
      user,
      settings: { disabled: false, maxBetEur: '1000000000', maxProfitUsd: '1000000000000' },
      game: { id: 'sports', available: settings.enabled, acceptsDemo: true },
      demo: input.demo,
      params: () => input,
      currency: input.currency,
      bet: input.stake,
      pre,
      price: (c) => feed.price(c),
    });
    const rows = await ctx.database.query<SelectionRow>(SELECTIONS_SQL, [
      input.selections.map((s) => s.outcome),
    ]);
    const selections = checkSelections(input, rows, policy as OddsChangePolicy);
    if (new Set(selections.map((s) => s.event_id)).size !== selections.length)
      throw slipError(Code.SameEvent, Text.sameEvent);
    if (!input.demo && !settings.simulatedRealMoney && selections.some((s) => s.simulated))
      throw slipError(Code.SimulatedRealMoney, Text.simulatedRealMoney);
    // The slip's limits in USD (demo bets too, when the currency has a price).
    const priceUsd = input.demo ? ((await feed.price(input.currency))?.usd ?? null) : stake.priceUsd;
    let maxPayout: bigint | null = null;
    if (priceUsd !== null && priceUsd !== '0') {
      const min = usdToAtomic(settings.minBetUsd, priceUsd, stake.decimals, 'ceil');
      const max = usdToAtomic(settings.maxBetUsd, priceUsd, stake.decimals, 'floor');
      if (min !== null && stake.wager < min)
        throw slipError(Code.BetTooLow, sportLimitText('min', settings.minBetUsd));
      if (max !== null && stake.wager > max)
        throw slipError(Code.BetTooHigh, sportLimitText('max', settings.maxBetUsd));
      maxPayout = usdToAtomic(settings.maxPayoutUsd, priceUsd, stake.decimals, 'floor');
    }
    const live = selections.some((s) => s.live_delay_ms > 0 && s.event_status === 'live');
    return {
      input,
      policy: policy as OddsChangePolicy,
      wager: stake.wager,
      decimals: stake.decimals,
      priceUsd,
      wagerUsd: input.demo || priceUsd === null ? null : usdValue(stake.wager, priceUsd, stake.decimals),
      guarded: stake.guarded,
      maxPayout,
      settings,
      live,
      delayMs: live ? Math.max(...selections.map((s) => s.live_delay_ms)) : 0,
    };
  }

  /** POST /api/sports/bet. */
  async place(user: AuthUser | null, input: PlaceBetInput): Promise<SportPlaceBetResponse> {
    if (user) {
      const again = await this.replayed(user.id, input.requestId);
      if (again) return again;
    }
    const slip = await this.check(user, input);
    const player = user!;
    if (slip.live) return { status: 'queued', queue: await this.enqueue(player, slip) };
    const betId = await this.commit(player, slip, null).catch(async (err) => {
      if (err instanceof RequestReplayed) return err.betId;
      throw err;
    });
    const bet = await betViewOf(this.ctx.database, betId);
    if (!bet) throw new Error('sports bet vanished');
    return { status: 'placed', bet };
  }

  private async replayed(userId: string, requestId: string): Promise<SportPlaceBetResponse | undefined> {
    const [bet] = await this.ctx.database.query<{ id: string }>(
      'select id::text as id from sport_bets where user_id = $1::uuid and request_id = $2',
      [userId, requestId],
    );
    if (bet) {
      const view = await betViewOf(this.ctx.database, bet.id);
      if (view) return { status: 'placed', bet: view };
    }
    const [queued] = await this.ctx.database.query<QueueRow>(
      `${QUEUE_SQL} where user_id = $1::uuid and request_id = $2`,
      [userId, requestId],
    );
    return queued ? { status: 'queued', queue: queueView(queued) } : undefined;
  }

  private async enqueue(user: AuthUser, slip: CheckedSlip): Promise<SportQueuedBet> {
    try {
      const [row] = await this.ctx.database.query<QueueRow>(
        `with q as (
           insert into sport_bet_queue (user_id, request_id, request, delay_ms, confirm_after, expires_at)
           values ($1::uuid, $2, $3::jsonb, $4::int, clock_timestamp() + $4::int * interval '1 millisecond',
                   clock_timestamp() + ($4::int + $5::int) * interval '1 millisecond')
           on conflict (user_id, request_id) do nothing returning *
         ) ${QUEUE_SQL.replace('from sport_bet_queue', 'from q')}`,
        [
          user.id,
          slip.input.requestId,
          JSON.stringify({ ...slip.input, oddsChange: slip.policy }),
          slip.delayMs,
          slip.settings.queueTtlMs,
        ],
      );
      if (row) return queueView(row);
      const again = await this.replayed(user.id, slip.input.requestId);
      if (again?.status === 'queued') return again.queue;
    } catch (err) {
      this.ctx.log.warn({ err }, 'sports: queueing a live bet failed');
    }
    throw slipError(Code.FailedToQueue, Text.failedToQueue);
  }

  /** POST /api/sports/bet/confirm: see the module comment. */
  async confirm(user: AuthUser, queueId: string): Promise<SportBet> {
    const [row] = await this.ctx.database.query<QueueRow & { request: PlaceBetInput }>(
      `${QUEUE_SQL} where id = $1::bigint and user_id = $2::uuid`,
      [queueId, user.id],
    );
    if (!row || row.status !== 'queued') throw slipError(Code.InvalidQueueId, Text.invalidQueueId);
    if (row.early) throw slipError(Code.TooEarly, Text.tooEarly);
    if (row.late) throw slipError(Code.TooLate, Text.tooLate);
    const input = sportPlaceBetRequestSchema.parse(row.request);
    const slip = await this.check(user, input);
    const betId = await this.commit(user, slip, queueId);
    const bet = await betViewOf(this.ctx.database, betId);
    if (!bet) throw new Error('sports bet vanished');
    return bet;
  }

  /** The bet's transaction (see the module comment); answers the new bet's id. */
  private async commit(user: AuthUser, slip: CheckedSlip, queueId: string | null): Promise<string> {
    const { input } = slip;
    // Player protection's guard, made before the transaction (it reads settings).
    const guard = slip.guarded
      ? protectionGuard(this.ctx, { priceUsd: slip.priceUsd ?? '0', decimals: slip.decimals })
      : null;
    return this.ctx.ledger.transaction(async (ledger, tx) => {
      if (queueId !== null) await claimQueue(tx, queueId, user.id);
      // One bet at a time per player: the pending-bet rules below read a stable set.
      await tx.query('select pg_advisory_xact_lock(28, hashtext($1))', [user.id]);
      const rows = await tx.query<SelectionRow>(`${SELECTIONS_SQL} order by m.id for share of m`, [
        input.selections.map((s) => s.outcome),
      ]);
      const selections = checkSelections(input, rows, slip.policy);
      await checkPending(tx, user.id, input.type, selections, slip.settings);
      const odds = selections.map((s) => s.odds);
      const potential = potentialPayout(slip.wager, odds);
      if (slip.maxPayout !== null && potential > slip.maxPayout)
        throw slipError(Code.MaxPayout, Text.maxPayout);
      const [{ id } = { id: '' }] = await tx.query<{ id: string }>(
        `insert into sport_bets (user_id, request_id, type, currency, demo, stake, stake_usd, price_usd, total_odds,
           potential_payout, simulated)
         values ($1::uuid, $2, $3, $4, $5, $6::numeric, $7::numeric, $8::numeric, $9, $10::numeric, $11)
         on conflict (user_id, request_id) do nothing returning id::text as id`,
        [
          user.id,
          input.requestId,
          input.type,
          input.currency,
          input.demo,
          slip.wager.toString(),
          slip.wagerUsd,
          slip.priceUsd,
          totalOdds(odds),
          potential.toString(),
          selections.some((s) => s.simulated),
        ],
      );
      if (!id) throw new RequestReplayed(await existingBet(tx, user.id, input.requestId));
      try {
        await placeStake(
          ledger,
          { ...stakeAccountOf({ id, user_id: user.id, currency: input.currency, demo: input.demo }), guard },
          slip.wager,
        );
      } catch (err) {
        if (err instanceof AppError && err.code === PlayErrorCode.NotEnoughMoney)
          throw slipError(Code.NoBalance, Text.noBalance);
        throw err;
      }
      // Real bets add their potential win to each leg's outcome, within the market's cap.
      const liability =
        input.demo || slip.priceUsd === null
          ? '0'
          : usdValue(potential - slip.wager, slip.priceUsd, slip.decimals);
      await tx.query(
        `insert into sport_bet_legs (bet_id, leg, event_id, market_id, outcome_id, odds, liability_usd)
         select $1::bigint, r.leg, r.event_id, r.market_id, r.outcome_id, r.odds, $6::numeric
           from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::int[]) with ordinality
             as r (event_id, market_id, outcome_id, odds, leg)`,
        [
          id,
          selections.map((s) => s.event_id),
          selections.map((s) => s.market_id),
          selections.map((s) => s.outcome_id),
          odds,
          liability,
        ],
      );
      if (liability !== '0') await takeLiability(tx, selections, liability);
      if (queueId !== null)
        await tx.query('update sport_bet_queue set bet_id = $2::bigint where id = $1::bigint', [queueId, id]);
      return id;
    });
  }

  /** POST /api/sports/bets: the caller's bets, newest first. */
  async myBets(
    user: AuthUser,
    input: { view: 'pending' | 'settled' | 'all'; limit: number; cursor?: string | undefined },
  ): Promise<{ bets: SportBet[]; next: string | null }> {
    const before = input.cursor && /^\d{1,19}$/.test(input.cursor) ? input.cursor : null;
    const rows = await this.ctx.database.query<Parameters<typeof betView>[0]>(
      `${BET_VIEW_SQL}
        where b.user_id = $1::uuid and ($2::bigint is null or b.id < $2::bigint)
          and ($3 = 'all' or ($3 = 'pending') = (b.status = 0))
        order by b.id desc limit $4`,
      [user.id, before, input.view, input.limit + 1],
    );
    const page = rows.slice(0, input.limit);
    return { bets: page.map(betView), next: rows.length > input.limit ? page.at(-1)!.id : null };
  }

  /** The cash-out value of a pending bet now (null: not available), read inside `q`'s snapshot. */
  private async offerOf(
    q: Pick<Session, 'query'>,
    bet: BetRow,
    marginBps: number,
    lock: boolean,
  ): Promise<bigint | null> {
    if (bet.status !== SportBetStatus.Pending || bet.cashed_out) return null;
    const legs = await q.query<{
      odds: number;
      result: 'pending';
      dead_heat: string | null;
      current: number;
      open: boolean;
      cash_out: boolean;
    }>(
      `select l.odds, l.result, l.dead_heat, o.odds as current, m.cash_out,
              o.active and m.status = 'active' and e.status in ('not_started', 'live') as open
         from sport_bet_legs l join sport_outcomes o on o.id = l.outcome_id
         join sport_markets m on m.id = l.market_id join sport_events e on e.id = l.event_id
        where l.bet_id = $1::bigint order by m.id${lock ? ' for share of m' : ''}`,
      [bet.id],
    );
    if (legs.some((l) => !l.cash_out || (l.result === 'pending' && !l.open))) return null;
    const value = cashOutValue(
      BigInt(bet.stake),
      legs.map((l) => ({
        odds: l.odds,
        result: l.result,
        deadHeat: parseFactor(l.dead_heat),
        currentOdds: l.current,
      })),
      marginBps,
    );
    return value !== undefined && value > 0n ? value : null;
  }

  /** POST /api/sports/cashout/offer. */
  async cashOutOffers(user: AuthUser, betIds: string[]): Promise<SportCashOutOffer[]> {
    const settings = await loadSlipSettings(this.ctx.settings);
    const rows = await this.ctx.database.query<BetRow & { decimals: number }>(
      `select ${BET_ROW}, k.decimals from sport_bets b join currencies k on k.id = b.currency
        where b.id = any($1::bigint[]) and b.user_id = $2::uuid order by b.id`,
      [betIds, user.id],
    );
    const serverTime = new Date().toISOString();
    const out: SportCashOutOffer[] = [];
    for (const r of rows) {
      const value = await this.offerOf(this.ctx.database, r, settings.cashOutMarginBps, false);
      out.push({
        betId: r.id,
        amount: value === null ? null : toDecimalString(value, r.decimals),
        currency: r.currency,
        serverTime,
      });
    }
    return out;
  }

  /** POST /api/sports/cashout: pays the offer if it still equals `amount`. */
  async cashOut(user: AuthUser, betId: string, amount: string): Promise<SportBet> {
    const settings = await loadSlipSettings(this.ctx.settings);
    await this.ctx.ledger.transaction(async (ledger, tx) => {
      const [bet] = await tx.query<BetRow & { decimals: number }>(
        `select ${BET_ROW}, k.decimals from sport_bets b join currencies k on k.id = b.currency
          where b.id = $1::bigint and b.user_id = $2::uuid for update of b`,
        [betId, user.id],
      );
      if (!bet) throw slipError(Code.CashOutUnavailable, Text.cashOutUnavailable);
      const value = await this.offerOf(tx, bet, settings.cashOutMarginBps, true);
      if (value === null) throw slipError(Code.CashOutUnavailable, Text.cashOutUnavailable);
      const parsed = parseWireAmount(amount, bet.decimals);
      if (!parsed.ok || parsed.value !== value) throw slipError(Code.CashOutChanged, Text.cashOutChanged);
      const legs = await tx.query<{ sport: string; odds: number; result: 'pending' }>(
        `select e.sport, l.odds, l.result from sport_bet_legs l join sport_events e on e.id = l.event_id
          where l.bet_id = $1::bigint order by l.leg`,
        [betId],
      );
      await finish(ledger, tx, bet, legs, value, SportBetStatus.Won, true, returnGuardOf(this.ctx));
    });
    await announceBets(this.ctx, [betId]);
    const bet = await betViewOf(this.ctx.database, betId);
    if (!bet) throw new Error('sports bet vanished');
    return bet;
  }
}

/** A retried request whose bet another call made first. */
class RequestReplayed extends Error {
  constructor(readonly betId: string) {
    super('replayed');
  }
}

async function existingBet(tx: Session, userId: string, requestId: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    'select id::text as id from sport_bets where user_id = $1::uuid and request_id = $2',
    [userId, requestId],
  );
  if (!row) throw slipError(Code.FailedToQueue, Text.failedToQueue);
  return row.id;
}

interface QueueRow {
  id: string;
  status: string;
  confirm_after: Date | string;
  expires_at: Date | string;
  early: boolean;
  late: boolean;
  delay_ms: number;
  now: Date | string;
  request: unknown;
}

const QUEUE_SQL = `select id::text as id, status, confirm_after, expires_at, request,
  clock_timestamp() < confirm_after as early, clock_timestamp() > expires_at as late,
  delay_ms, clock_timestamp() as now
  from sport_bet_queue`;

const queueView = (r: QueueRow): SportQueuedBet => ({
  queueId: r.id,
  confirmAfter: new Date(r.confirm_after).toISOString(),
  expiresAt: new Date(r.expires_at).toISOString(),
  delayMs: Math.max(0, r.delay_ms),
  serverTime: new Date(r.now).toISOString(),
});

/** Claims a queue entry for this transaction: once, by its player, between its delay and its expiry. */
async function claimQueue(tx: Session, queueId: string, userId: string): Promise<void> {
  const claimed = await tx.query(
    `update sport_bet_queue set status = 'confirmed'
      where id = $1::bigint and user_id = $2::uuid and status = 'queued'
        and clock_timestamp() >= confirm_after and clock_timestamp() <= expires_at
      returning id`,
    [queueId, userId],
  );
  if (claimed.length) return;
  const [row] = await tx.query<QueueRow>(`${QUEUE_SQL} where id = $1::bigint and user_id = $2::uuid`, [
    queueId,
    userId,
  ]);
  if (row?.status === 'queued' && row.early) throw slipError(Code.TooEarly, Text.tooEarly);
  if (row?.status === 'queued' && row.late) throw slipError(Code.TooLate, Text.tooLate);
  throw slipError(Code.InvalidQueueId, Text.invalidQueueId);
}

/** No double bet on a pending option; at most `maxPendingMulti` pending multi bets. */
async function checkPending(
  tx: Session,
  userId: string,
  type: 'single' | 'multi',
  selections: readonly SelectionRow[],
  settings: SlipSettings,
): Promise<void> {
  const outcomes = selections.map((s) => s.outcome_id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  if (type === 'single') {
    const dup = await tx.query(
      `select 1 from sport_bets b join sport_bet_legs l on l.bet_id = b.id
        where b.user_id = $1::uuid and b.status = 0 and not b.cashed_out and b.type = 'single'
          and l.outcome_id = $2::bigint limit 1`,
      [userId, outcomes[0]],
    );
    if (dup.length) throw slipError(Code.NoDoubleBets, Text.noDoubleBets);
    return;
  }
  const [row] = await tx.query<{ pending: number; same: boolean }>(
    `select count(*)::int as pending,
            coalesce(bool_or((select array_agg(l.outcome_id order by l.outcome_id) from sport_bet_legs l
                               where l.bet_id = b.id) = $2::bigint[]), false) as same
       from sport_bets b where b.user_id = $1::uuid and b.status = 0 and not b.cashed_out and b.type = 'multi'`,
    [userId, outcomes],
  );
  if (row?.same) throw slipError(Code.NoDoubleBets, Text.noDoubleBets);
  if ((row?.pending ?? 0) >= settings.maxPendingMulti)
    throw slipError(Code.TooManyMultiBets, Text.tooManyMultiBets);
}

/** Adds `usd` to each selection's outcome liability, refusing the bet that would cross a market's cap. */
async function takeLiability(tx: Session, selections: readonly SelectionRow[], usd: string): Promise<void> {
  for (const s of selections) {
    const ok = await tx.query(
      `update sport_liability y set amount_usd = y.amount_usd + $2::numeric
         from sport_markets m
        where y.outcome_id = $1::bigint and m.id = y.market_id
          and (m.liability_cap_usd is null or y.amount_usd + $2::numeric <= m.liability_cap_usd)
        returning y.outcome_id`,
      [s.outcome_id, usd],
    );
    if (ok.length === 0) throw slipError(Code.LiabilityCap, Text.liabilityCap);
  }
}
