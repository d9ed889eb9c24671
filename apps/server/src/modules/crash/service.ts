/**
 * Crash bets, cash-outs and cancellations (any node), and the read side (current round, history).
 *
 * A bet, in order:
 *  1. The stake policy of the wagers module, as for every product: in-house games on (-99), signed in
 *     (-2), crash not switched off (-5), no demo bets (-7), params (422), currency and amount (422),
 *     minimal wager (-1), self-exclusion (403), a price (-10), max bet in EUR (-9), an auto target whose
 *     profit exceeds the max profit (-11); then a round taking bets (-6). Without an auto target the bet
 *     is cashed out automatically at the max-profit cap, so no payout can exceed it.
 *  2. The wager is debited with key `crash:{round}:{user}:wager` (-4 when the balance is short). The key
 *     makes a second bet of the player in the round a replay (or a conflict): it never moves money.
 *  3. ONE statement inserts the bet while the round still takes bets: it locks the round row (FOR SHARE),
 *     and the leader's switch to running waits for it and then makes every later insert fail. No row:
 *     either the player already has a bet (-6, the wager belongs to it) or betting closed meanwhile (the
 *     wager is refunded with key `:refund`, -6). A node dying between 2 and 3 leaves a wager without a row,
 *     which the leader's repair job refunds with the same key once the round has left betting.
 *
 * A cash-out is ONE guarded update of the bet (`cashout_ms is null`) measured by the database clock:
 * before the bust and before the auto target it claims a manual cash-out at that millisecond; after the
 * target (reached) it claims the auto cash-out. Two requests, on one node or two, cannot both claim it.
 * The claimer pays with key `:payout`; any later request, and the leader's settlement, replay the same
 * key with the same amount (a pure function of the row), so the payout moves once. Whoever marks a bet
 * settled writes its wager record (modules/wagers) in the same transaction.
 */
import {
  Channels,
  type CrashBet,
  type CrashChain,
  type CrashResult,
  type CrashState,
  type EventData,
  type MultiplayerPlayResponse,
  PlayErrorCode,
  type RealtimeEvent,
  multiplayerBetCancellationEvent,
  multiplayerGameBetEvent,
} from '@nebula/contracts';
import {
  CRASH_MIN_TARGET,
  type CrashScheme,
  crashParamsSchema,
  crashTargetCap,
  timeFor,
} from '@nebula/games';
import type { Amount } from '@nebula/money';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError, validationError } from '../../platform/errors.js';
import { priceFeedService } from '../prices/index.js';
import {
  type PrebetRow as StakePrebetRow,
  checkStake,
  maxProfitError,
  placeStake,
  prebetSql,
} from '../wagers/index.js';
import { loadCrashSettings } from './settings.js';
import { announceSettled, crashKey, markSettled, payBet } from './settle.js';
import {
  BET_COLUMNS,
  ROUND_COLUMNS,
  type BetRow,
  type RoundRow,
  betView,
  outcomeOf,
  playResponse,
  playerView,
  resultView,
  roundView,
} from './views.js';
import { PLAYERS } from '../users/index.js';
import { protectionGuard } from '../protection/index.js';

/** What a bet needs: the fields of the Play request (Play with api_id 'crash' passes its input as is). */
export interface CrashBetInput {
  bet: string;
  currency: string;
  demo: boolean;
  data?: unknown;
}

/** How long a node gathers new bets into one MultiplayerGameBet. */
export const BET_EVENT_WINDOW_MS = 200;

/** The highest auto cash-out a max-profit cap may set (10^13 x): keeps rounds and numbers bounded. */
export const MAX_CAP_HUNDREDTHS = 10n ** 15n;

const playError = (code: number, message: string) => AppError.domain(code, message);
const badStage = (message = 'Cannot place bet at this stage of the game') =>
  playError(PlayErrorCode.BadStage, message);

/** The policy's reads (modules/wagers `prebetSql`) plus the open round and the database clock. */
const PREBET_SQL = prebetSql({
  columns: `r.id as round_id, r.open, (extract(epoch from clock_timestamp()) * 1000)::float8 as db_now`,
  joins: `left join (select id::text as id, phase = 'betting' and clock_timestamp() < betting_ends_at as open
             from crash_rounds where settled_at is null) r on true`,
});

const INSERT_SQL = `with r as (
  select id from crash_rounds
   where id = $1::bigint and phase = 'betting' and clock_timestamp() < betting_ends_at for share
)
insert into crash_bets (round_id, user_id, currency, wager, wager_usd, auto_cash_out, target, target_ms)
select r.id, $2::uuid, $3, $4::numeric, $5::numeric, $6::bigint, $7::bigint, $8::bigint from r
on conflict (round_id, user_id) do nothing
returning round_id::text`;

/**
 * Claims the cash-outs of several players of one round in one statement (`$2` users, `$3` their
 * arrivals) and returns the claimed bets with what their answers need. Each cash-out is priced at its
 * request's arrival (the node's clock mapped to the database clock, epoch milliseconds, or null) but
 * never later than the database clock when the claim runs: a request that waited in a queue is paid
 * what it asked for, and nothing is claimed in the future.
 */
const CLAIM_SQL = `with r as (
  select id, crash_point, house_edge_bps, bust_ms, phase, started_at,
         floor(extract(epoch from (clock_timestamp() - started_at)) * 1000) as now_ms
    from crash_rounds where id = $1::bigint and phase = 'running' for share
), q as (
  select x.user_id, least(r.now_ms, floor(x.arrival - extract(epoch from r.started_at) * 1000))::bigint as ms
    from r, unnest($2::uuid[], $3::bigint[]) as x (user_id, arrival)
), b as (
  update crash_bets b
     set cashout_ms = case when q.ms < b.target_ms then q.ms else b.target_ms end,
         cashout_kind = case when q.ms < b.target_ms then 'manual' else 'auto' end
    from r, q
   where b.round_id = r.id and b.user_id = q.user_id and b.status = 'placed' and b.cashout_ms is null
     and q.ms >= 0
     and ((q.ms < b.target_ms and q.ms < r.bust_ms) or (q.ms >= b.target_ms and b.target <= r.crash_point))
  returning b.*
)
select ${BET_COLUMNS}, r.id::text as id, r.phase, r.crash_point::text as crash_point, r.house_edge_bps,
       r.bust_ms::text as bust_ms,
       q.ms::text as elapsed_ms, '0' as betting_left_ms,
       (extract(epoch from clock_timestamp()) * 1000)::float8 as db_now
  from b join r on r.id = b.round_id join q on q.user_id = b.user_id
  join ${PLAYERS} u on u.id = b.user_id join currencies k on k.id = b.currency`;

/** Claim batches in flight per node, and the most requests in one batch. */
const CLAIM_BATCHES = 4;
const CLAIM_BATCH_SIZE = 100;

const CANCEL_SQL = `with r as (
  select id from crash_rounds
   where id = $1::bigint and phase = 'betting' and clock_timestamp() < betting_ends_at for share
)
update crash_bets b set status = 'cancelled'
  from r where b.round_id = r.id and b.user_id = $2::uuid and b.status = 'placed' and b.cashout_ms is null
returning b.round_id::text`;

/** A cash-out request waiting for its claim batch. */
interface PendingClaim {
  round: string;
  user: string;
  arrival: string | null;
  resolve: (answer: MultiplayerPlayResponse) => void;
  reject: (err: unknown) => void;
}

/** A claimed bet with its round's fields, as {@link CLAIM_SQL} returns it. */
type ClaimRow = BetRow &
  Pick<
    RoundRow,
    'id' | 'phase' | 'crash_point' | 'house_edge_bps' | 'bust_ms' | 'elapsed_ms' | 'betting_left_ms'
  > & {
    db_now: number;
  };

/**
 * This node's clock against the database clock, from the statements that return the database time:
 * the offset's lower bound (database time minus the local time after the reply), so an arrival mapped
 * with it is never later than the request really arrived. Null until the first sample.
 */
export class DatabaseClock {
  private offset: number | null = null;

  sample(dbNow: number, _sentAt: number, receivedAt: number): void {
    if (!Number.isFinite(dbNow)) return;
    const low = dbNow - receivedAt;
    if (this.offset === null || low > this.offset) this.offset = low;
  }

  /** A local epoch time in database epoch milliseconds (rounded down), or null before any sample. */
  toDatabase(local: number): string | null {
    return this.offset === null ? null : Math.floor(local + this.offset).toString();
  }
}

interface PrebetRow extends StakePrebetRow {
  round_id: string | null;
  open: boolean | null;
  db_now: number;
}

/** Faults for tests: stop a request between two steps as a crashed node would. */
export interface CrashServiceOptions {
  faults?: {
    /** Runs after a cash-out was claimed and before it is paid; a throw leaves it unpaid. */
    afterClaim?: (round: string, user: string) => void | Promise<void>;
    /** Runs after a cash-out request arrived and before its claim runs (a request waiting in a queue). */
    beforeClaim?: (round: string, user: string) => void | Promise<void>;
    /** Runs inside the bet's transaction after the wager debit, before the bet row insert. */
    afterWager?: (round: string, user: string) => void | Promise<void>;
  };
}

export class CrashService {
  private readonly feed;
  /** Maps a cash-out's arrival to the database clock (sampled by bets and claims). */
  readonly clock = new DatabaseClock();
  private claims: PendingClaim[] = [];
  private claiming = 0;
  private pumpQueued = false;
  private pendingBets: { round: string; bets: CrashBet[]; timer: ReturnType<typeof setTimeout> } | null =
    null;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: CrashServiceOptions = {},
  ) {
    this.feed = priceFeedService.of(ctx);
  }

  /** Places the caller's bet in the current round (see the module comment). */
  async bet(user: AuthUser | null, input: CrashBetInput): Promise<MultiplayerPlayResponse> {
    const { database, ledger } = this.ctx;
    const sent = Date.now();
    const [pre, settings] = await Promise.all([
      database
        .query<PrebetRow>(PREBET_SQL, [input.currency, user?.id ?? null], 'crash.prebet')
        .then((rows) => rows[0]),
      loadCrashSettings(this.ctx.settings),
    ]);
    if (pre) this.clock.sample(pre.db_now, sent, Date.now());
    let target = 0n;
    let auto: bigint | null = null;
    const stake = await checkStake({
      product: 'crash',
      user,
      settings,
      game: { id: 'crash', available: !settings.unavailable, acceptsDemo: false },
      demo: input.demo,
      params: () => {
        const parsed = crashParamsSchema.safeParse(input.data ?? {});
        if (!parsed.success) throw validationError(parsed.error, 'data');
        return parsed.data;
      },
      currency: input.currency,
      bet: input.bet,
      pre,
      maxProfit: (wager: Amount, params, maxProfit) => {
        const capRaw = crashTargetCap(wager, maxProfit);
        const cap = capRaw < MAX_CAP_HUNDREDTHS ? capRaw : MAX_CAP_HUNDREDTHS;
        auto = params.autoCashOut === undefined ? null : BigInt(params.autoCashOut);
        target = auto ?? cap;
        if (target > cap || target < BigInt(CRASH_MIN_TARGET)) throw maxProfitError(settings.maxProfitUsd);
      },
      price: (currency) => this.feed.price(currency),
    });
    const { wager } = stake;
    const round = pre?.round_id;
    if (!round || !pre.open) throw badStage();
    const player = stake.user.id;
    // Player protection's guard, made before the transaction (it reads settings).
    const guard = stake.guarded ? protectionGuard(this.ctx, stake) : null;

    await ledger.transaction(async (scoped, tx) => {
      try {
        await placeStake(
          scoped,
          {
            stake: { product: 'crash', round, user: player },
            userId: player,
            currency: input.currency,
            demo: false,
            metadata: { game: 'crash', round },
            guard,
          },
          wager,
        );
      } catch (err) {
        // The key makes a second bet of the player in the round a replay or a conflict, never a debit.
        if (err instanceof AppError && err.code === 'idempotency_conflict')
          throw badStage('You already placed a bet in this round');
        throw err;
      }
      await this.opts.faults?.afterWager?.(round, player);
      const inserted = await tx.query(
        INSERT_SQL,
        [
          round,
          player,
          input.currency,
          wager.toString(),
          stake.wagerUsd,
          (auto as bigint | null)?.toString() ?? null,
          target.toString(),
          timeFor(target),
        ],
        'crash.insert_bet',
      );
      if (inserted.length === 0) {
        // Rolled back with the debit: either the player's bet exists (a replayed key) or betting closed.
        const existing = await tx.query(
          'select 1 from crash_bets where round_id = $1::bigint and user_id = $2::uuid',
          [round, player],
        );
        throw existing.length ? badStage('You already placed a bet in this round') : badStage();
      }
    });
    const userId = player;
    const [bet, current] = await Promise.all([this.betOf(round, userId), this.round(round)]);
    if (!bet || !current) throw new Error('crash bet vanished');
    this.announceBet(round, betView(bet, current));
    return playResponse(bet, current);
  }

  /**
   * Cashes out the caller's bet in round `id` (see the module comment); repeating it is harmless. The
   * requests that arrive together are claimed together: one claim statement, one ledger statement for
   * their payouts and one that marks them settled, whatever the batch's size (a burst of cash-outs at
   * the same moment is the normal case in crash).
   */
  async cashOut(user: AuthUser | null, input: { id: string }): Promise<MultiplayerPlayResponse> {
    if (!user) throw playError(PlayErrorCode.AuthorizationRequired, 'Authorization is required');
    const arrival = this.clock.toDatabase(Date.now());
    await this.opts.faults?.beforeClaim?.(input.id, user.id);
    return new Promise((resolve, reject) => {
      this.claims.push({ round: input.id, user: user.id, arrival, resolve, reject });
      this.pumpClaims();
    });
  }

  /** Starts claim batches while requests wait and fewer than {@link CLAIM_BATCHES} run. */
  private pumpClaims(): void {
    if (this.claiming >= CLAIM_BATCHES || this.claims.length === 0 || this.pumpQueued) return;
    this.pumpQueued = true;
    // The requests of this turn of the event loop join the batch.
    setImmediate(() => {
      this.pumpQueued = false;
      const round = this.claims[0]?.round;
      if (round === undefined) return;
      const batch: PendingClaim[] = [];
      const rest: PendingClaim[] = [];
      for (const c of this.claims)
        (c.round === round && batch.length < CLAIM_BATCH_SIZE ? batch : rest).push(c);
      this.claims = rest;
      this.claiming += 1;
      void this.claimBatch(round, batch).finally(() => {
        this.claiming -= 1;
        this.pumpClaims();
      });
      this.pumpClaims();
    });
  }

  private async claimBatch(round: string, batch: PendingClaim[]): Promise<void> {
    const byUser = new Map<string, PendingClaim[]>();
    for (const c of batch) byUser.set(c.user, [...(byUser.get(c.user) ?? []), c]);
    const settle = (user: string, f: (c: PendingClaim) => void) => byUser.get(user)?.forEach(f);
    const users = [...byUser.keys()];
    const claimed = new Map<string, ClaimRow>();
    try {
      const sent = Date.now();
      const rows = await this.ctx.database.query<ClaimRow>(
        CLAIM_SQL,
        [round, users, users.map((u) => byUser.get(u)?.[0]?.arrival ?? null)],
        'crash.claim',
      );
      if (rows[0]) this.clock.sample(rows[0].db_now, sent, Date.now());
      for (const row of rows) {
        try {
          await this.opts.faults?.afterClaim?.(round, row.user_id);
          claimed.set(row.user_id, row);
        } catch (err) {
          settle(row.user_id, (c) => c.reject(err));
          byUser.delete(row.user_id);
        }
      }
      const paid = [...claimed.values()].map((row) => ({ row, outcome: outcomeOf(row, row) }));
      const results = await this.ctx.ledger.transferMany(
        paid.map(({ row, outcome }) => ({
          key: crashKey(round, row.user_id, 'payout'),
          kind: 'win',
          currency: row.currency,
          amount: outcome.payout,
          from: { system: 'house' as const },
          to: { user: row.user_id, kind: 'real' as const },
          metadata: { game: 'crash', round },
        })),
      );
      const done = paid.filter((_, i) => {
        const result = results[i];
        if (result instanceof AppError) settle(paid[i]?.row.user_id ?? '', (c) => c.reject(result));
        return !(result instanceof AppError);
      });
      // The payouts moved (or were replays): mark the bets settled with their wager records, at once.
      const recorded = await this.ctx.database.transaction((tx) =>
        markSettled(
          tx,
          paid[0]?.row ?? { id: round, crash_point: '0', house_edge_bps: 0 },
          done.map((d) => ({ bet: d.row, outcome: d.outcome })),
        ),
      );
      announceSettled(this.ctx, recorded);
      for (const { row } of done) settle(row.user_id, (c) => c.resolve(playResponse(row, row)));
    } catch (err) {
      // Claimed and unpaid bets are paid by a repeated request or by the round's settlement.
      for (const list of byUser.values()) for (const c of list) c.reject(err);
      return;
    }
    // Not claimed now (not running, already cashed out, too late): answered from the bet as it stands.
    await Promise.all(
      users
        .filter((u) => !claimed.has(u) && byUser.has(u))
        .map((u) =>
          this.finalAnswer(u, round, 'Cannot cash out at this stage of the game').then(
            ({ answer }) => settle(u, (c) => c.resolve(answer)),
            (err: unknown) => settle(u, (c) => c.reject(err)),
          ),
        ),
    );
  }

  /** Takes back the caller's bet while the round takes bets; the wager is refunded. */
  async cancel(user: AuthUser | null, input: { id: string }): Promise<MultiplayerPlayResponse> {
    if (!user) throw playError(PlayErrorCode.AuthorizationRequired, 'Authorization is required');
    const done = await this.ctx.database.query(CANCEL_SQL, [input.id, user.id], 'crash.cancel');
    const { answer, bet } = await this.finalAnswer(user.id, input.id, 'The bet can no longer be cancelled');
    if (done.length) this.flushBets(); // The bet's own event goes first.
    if (done.length)
      this.publish(multiplayerBetCancellationEvent, {
        game: 'crash',
        round: input.id,
        user: playerView(bet)._id,
      });
    return answer;
  }

  /**
   * The caller's bet after a cash-out or cancellation attempt: a final outcome is paid (or replayed)
   * and returned, so a repeated request gets the same answer; a bet still in play is a -6.
   */
  private async finalAnswer(
    userId: string,
    roundId: string,
    message: string,
  ): Promise<{ answer: MultiplayerPlayResponse; bet: BetRow }> {
    const [bet, round] = await Promise.all([this.betOf(roundId, userId), this.round(roundId)]);
    if (!bet || !round) throw badStage('You have no bet in this round');
    const outcome = outcomeOf(bet, round);
    if (outcome.status === 'active') throw badStage(message);
    if (bet.settled_at === null) await payBet(this.ctx, round, bet);
    return { answer: playResponse(bet, round), bet };
  }

  /** The current (latest) round, its bets, the caller's bet and the latest results. */
  async state(user: AuthUser | null): Promise<CrashState> {
    const { database } = this.ctx;
    const round = (
      await database.query<RoundRow>(
        `select ${ROUND_COLUMNS} from crash_rounds r join crash_chains c on c.id = r.chain_id order by r.id desc limit 1`,
        [],
        'crash.latest_round',
      )
    )[0];
    const bets = round
      ? await database.query<BetRow>(
          `select ${BET_COLUMNS} from crash_bets b join ${PLAYERS} u on u.id = b.user_id join currencies k on k.id = b.currency
            where b.round_id = $1::bigint order by b.created_at limit 1000`,
          [round.id],
          'crash.round_bets',
        )
      : [];
    const mine = round && user ? bets.find((b) => b.user_id === user.id) : undefined;
    return {
      round: round ? roundView(round) : null,
      bets: round ? bets.map((b) => betView(b, round)) : [],
      mine: round && mine ? playResponse(mine, round) : null,
      history: (await this.history({ limit: 20 })).rounds,
    };
  }

  /** Busted rounds, newest first (below `before`), and every published chain. */
  async history(input: {
    before?: string | undefined;
    limit: number;
  }): Promise<{ rounds: CrashResult[]; chains: CrashChain[] }> {
    const { database } = this.ctx;
    const rows = await database.query<RoundRow>(
      `select ${ROUND_COLUMNS} from crash_rounds r join crash_chains c on c.id = r.chain_id
        where r.phase = 'busted' and ($1::bigint is null or r.id < $1::bigint)
        order by r.id desc limit $2`,
      [input.before ?? null, input.limit],
      'crash.history',
    );
    const chains = await database.query<{
      id: number;
      terminating_hash: string;
      length: number;
      salt: string | null;
      scheme: CrashScheme;
      published_at: Date;
      salt_fixed_at: Date | null;
    }>(
      'select id, terminating_hash, length, scheme, salt, published_at, salt_fixed_at from crash_chains order by id desc limit 50',
    );
    return {
      rounds: rows.map(resultView),
      chains: chains.map((c) => ({
        id: c.id,
        terminatingHash: c.terminating_hash,
        length: c.length,
        scheme: c.scheme,
        salt: c.salt,
        publishedAt: c.published_at.toISOString(),
        saltFixedAt: c.salt_fixed_at?.toISOString() ?? null,
      })),
    };
  }

  private async betOf(roundId: string, userId: string): Promise<BetRow | undefined> {
    return (
      await this.ctx.database.query<BetRow>(
        `select ${BET_COLUMNS} from crash_bets b join ${PLAYERS} u on u.id = b.user_id join currencies k on k.id = b.currency
          where b.round_id = $1::bigint and b.user_id = $2::uuid`,
        [roundId, userId],
        'crash.bet_of',
      )
    )[0];
  }

  private async round(id: string): Promise<RoundRow | undefined> {
    return (
      await this.ctx.database.query<RoundRow>(
        `select ${ROUND_COLUMNS} from crash_rounds r join crash_chains c on c.id = r.chain_id where r.id = $1::bigint`,
        [id],
        'crash.round',
      )
    )[0];
  }

  /** Queues a new bet's MultiplayerGameBet; the queue goes out {@link BET_EVENT_WINDOW_MS} after its first bet. */
  private announceBet(round: string, bet: CrashBet): void {
    if (this.pendingBets && this.pendingBets.round !== round) this.flushBets();
    if (!this.pendingBets) {
      const timer = setTimeout(() => this.flushBets(), BET_EVENT_WINDOW_MS);
      timer.unref?.();
      this.pendingBets = { round, bets: [], timer };
    }
    this.pendingBets.bets.push(bet);
  }

  /** Publishes the queued bets now. */
  flushBets(): void {
    const pending = this.pendingBets;
    if (!pending) return;
    this.pendingBets = null;
    clearTimeout(pending.timer);
    this.publish(multiplayerGameBetEvent, { game: 'crash', round: pending.round, bets: pending.bets });
  }

  private publish<E extends RealtimeEvent>(event: E, data: EventData<E>): void {
    try {
      this.ctx.realtime.hub.publish(Channels.everyone, event, data);
    } catch (err) {
      this.ctx.log.warn({ err }, 'crash event not published');
    }
  }
}
