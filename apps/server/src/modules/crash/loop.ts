/**
 * The crash round loop: runs on the jobs leader only (`crash.rounds`, a job whose run lasts until the
 * node stops being leader). Every step reads the open round from the database and moves it on, so a
 * new leader continues exactly where a dead one stopped:
 *
 *   (no open round) -- pause after the last bust (`crash.pause_ms`), and the chain's salt fixed:
 *     its announced block exists with its confirmations (else no round: the loop asks again a second
 *     later) --> create: the chain's next game, its crash point (hash + salt + house edge), bust time
 *     and betting time (`crash.betting_ms`, read now: a change applies from the next round) stored
 *     with the round; MultiplayerTimerStart and
 *     MultiplayerBettingStateChange(betting) are published.
 *   betting -- betting_ends_at passed --> running (started_at = database clock; this update waits for
 *     bets being inserted and makes later inserts fail); MultiplayerBettingStateChange(running).
 *   running -- every tickMs: auto cash-outs reached are claimed and paid, new cash-outs announced in
 *     MultiplayerDataUpdate with the multiplier -- started_at + bust_ms passed --> busted (this update
 *     waits for cash-out claims in flight and makes later claims fail); MultiplayerGameFinished.
 *   busted -- settleRound pays every bet (ledger keys make repeats no-ops) --> settled.
 *
 * Every transition is one guarded update (`where phase = ...`); when an old leader that lost its lock
 * still runs for a moment, only one of them wins each transition and publishes its events. Times come
 * from the database clock (as deltas), so nodes with skewed clocks agree.
 */
import {
  Channels,
  type EventData,
  type RealtimeEvent,
  multiplayerBettingStateChangeEvent,
  multiplayerDataUpdateEvent,
  multiplayerGameFinishedEvent,
  multiplayerTimerStartEvent,
} from '@nebula/contracts';
import { crashPointFromHash, formatHundredths, multiplierAt, timeFor } from '@nebula/games';
import { toDecimalString } from '@nebula/money';
import type { AppContext } from '../../platform/context.js';
import { chainHashOf, fixSalt, nextGame } from './chain-store.js';
import type { CrashOptions } from './config.js';
import type { SaltBlocks } from './salt-block.js';
import { crashSaltBlocks } from './services.js';
import { crashPauseMs, loadCrashSettings, loadCrashTimings } from './settings.js';
import { payBet, settleRound } from './settle.js';
import { BET_COLUMNS, type BetRow, ROUND_COLUMNS, type RoundRow, outcomeOf, resultView } from './views.js';
import { PLAYERS } from '../users/index.js';

/**
 * One tick's writes in one statement: claims the auto cash-outs whose target (at most the crash point)
 * has been reached, and marks the cash-outs claimed since the last tick as announced. Returns both.
 */
const TICK_SQL = `with auto as (
  update crash_bets b set cashout_ms = b.target_ms, cashout_kind = 'auto', announced = true
   where b.round_id = $1::bigint and b.status = 'placed' and b.cashout_ms is null
     and b.target <= $2::numeric and b.target_ms <= $3::bigint
  returning b.*
), manual as (
  update crash_bets b set announced = true
   where b.round_id = $1::bigint and b.cashout_ms is not null and not b.announced
  returning b.*
), changed as (select * from auto union all select * from manual)
select ${BET_COLUMNS} from changed b join ${PLAYERS} u on u.id = b.user_id join currencies k on k.id = b.currency`;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export class CrashLoop {
  /** Payments of auto cash-outs started by ticks, awaited before the round is settled. */
  private readonly payments = new Set<Promise<unknown>>();

  /**
   * @param salts where chains' salt blocks are read (default: the server's, the crash module's service
   *   over the chain adapters and the CRASH_SALT_* options)
   */
  constructor(
    private readonly ctx: AppContext,
    private readonly opts: Pick<CrashOptions, 'tickMs'>,
    private salts?: SaltBlocks,
  ) {}

  /** Runs rounds until `signal` is aborted (demotion or shutdown). Errors end the run (the job retries). */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) await this.step(signal);
  }

  /** One move of the open round (or the creation of the next one). */
  async step(signal: AbortSignal): Promise<void> {
    const round = await this.openRound();
    if (!round) {
      const pause = await this.pauseLeft();
      if (pause > 0) return sleep(pause, signal);
      if (!(await this.createRound())) await sleep(1_000, signal);
      return;
    }
    if (round.phase === 'betting') {
      const left = Number(round.betting_left_ms);
      if (left > 0) return sleep(left, signal);
      await this.start(round);
    } else if (round.phase === 'running') {
      await this.rise(round, signal);
    } else {
      // Busted by a leader that died before settling: tell the clients again, then settle.
      this.publishFinished(round);
      await this.finish(round, signal);
    }
  }

  private async openRound(): Promise<RoundRow | undefined> {
    return (
      await this.ctx.database.query<RoundRow>(
        `select ${ROUND_COLUMNS} from crash_rounds r join crash_chains c on c.id = r.chain_id
          where r.settled_at is null`,
        [],
        'crash.open_round',
      )
    )[0];
  }

  /** Milliseconds left of the pause after the last bust (the `crash.pause_ms` setting in force now). */
  private async pauseLeft(): Promise<number> {
    const pauseMs = await this.ctx.settings.get(crashPauseMs);
    const rows = await this.ctx.database.query<{ left: string | null }>(
      `select ($1::int - extract(epoch from (clock_timestamp() - busted_at)) * 1000)::bigint::text as left
         from crash_rounds order by id desc limit 1`,
      [pauseMs],
    );
    return Number(rows[0]?.left ?? 0);
  }

  /**
   * Creates the next round; false when no chain has a game left (the chain job is publishing one) or
   * when the next game's chain has no salt yet: its announced block does not exist (with its
   * confirmations) yet, and no round of it can start before (its crash points need the salt).
   */
  async createRound(): Promise<boolean> {
    const { database } = this.ctx;
    const next = await nextGame(database);
    if (!next) return false;
    const salt =
      next.salt ?? (await fixSalt(database, next.chainId, (this.salts ??= crashSaltBlocks.of(this.ctx))));
    if (salt === null) return false;
    const hash = await chainHashOf(database, next.chainId, next.index);
    const [{ houseEdgeBps }, { bettingMs }] = await Promise.all([
      loadCrashSettings(this.ctx.settings),
      loadCrashTimings(this.ctx.settings),
    ]);
    const crashPoint = crashPointFromHash(hash, salt, houseEdgeBps, next.scheme);
    const rows = await database.query<{ id: string; betting_ends_at: Date; server_time: Date }>(
      `insert into crash_rounds (chain_id, chain_index, hash, crash_point, house_edge_bps, bust_ms, phase,
         betting_ms, betting_ends_at)
       values ($1, $2, $3, $4::numeric, $5, $6, 'betting', $7::int,
         clock_timestamp() + make_interval(secs => $7::int / 1000.0))
       on conflict do nothing
       returning id::text as id, betting_ends_at, clock_timestamp() as server_time`,
      [next.chainId, next.index, hash, crashPoint.toString(), houseEdgeBps, timeFor(crashPoint), bettingMs],
    );
    const created = rows[0];
    if (!created) return true; // Another node created it: the next step picks it up.
    const serverTime = created.server_time.toISOString();
    this.publish(multiplayerTimerStartEvent, {
      game: 'crash',
      round: created.id,
      duration: bettingMs,
      endsAt: created.betting_ends_at.toISOString(),
      serverTime,
      chain: { id: next.chainId, terminatingHash: next.terminatingHash },
    });
    this.publish(multiplayerBettingStateChangeEvent, {
      game: 'crash',
      round: created.id,
      state: 'betting',
      startedAt: null,
      serverTime,
    });
    return true;
  }

  private async start(round: RoundRow): Promise<void> {
    const rows = await this.ctx.database.query<{ started_at: Date; server_time: Date }>(
      `update crash_rounds set phase = 'running', started_at = clock_timestamp()
        where id = $1::bigint and phase = 'betting' and clock_timestamp() >= betting_ends_at
        returning started_at, clock_timestamp() as server_time`,
      [round.id],
    );
    const started = rows[0];
    if (!started) return;
    this.publish(multiplayerBettingStateChangeEvent, {
      game: 'crash',
      round: round.id,
      state: 'running',
      startedAt: started.started_at.toISOString(),
      serverTime: started.server_time.toISOString(),
    });
  }

  /**
   * Ticks until the bust time, then busts and settles the round. A tick is published on a fixed cadence
   * without waiting for the database: the tick statement (claims of reached auto cash-outs, and the
   * manual cash-outs not announced yet) runs in the background, one at a time, and what it returns is
   * announced by the following ticks, at most {@link CASH_OUTS_PER_TICK} per tick, so a burst of
   * cash-outs neither delays the multiplier nor makes one frame large.
   */
  private async rise(round: RoundRow, signal: AbortSignal): Promise<void> {
    const bustMs = Number(round.bust_ms);
    const t0 = performance.now();
    const e0 = Number(round.elapsed_ms ?? 0);
    const elapsed = () => e0 + Math.floor(performance.now() - t0);
    const ticker = new Ticker(this.ctx, this.payments, round);
    let due = elapsed();
    while (!signal.aborted && elapsed() < bustMs) {
      const now = elapsed();
      ticker.collect(now);
      this.publishTick(round, now, ticker.take(CASH_OUTS_PER_TICK));
      // A fixed cadence: the next tick is due tickMs after the previous one was due, not tickMs after
      // this one finished; missed slots are skipped.
      do due += this.opts.tickMs;
      while (due <= elapsed());
      await sleep(Math.max(0, Math.min(due, bustMs) - elapsed()), signal);
    }
    if (signal.aborted) return;
    const rows = await this.ctx.database.query<{ busted_at: Date }>(
      `update crash_rounds set phase = 'busted', busted_at = started_at + bust_ms * interval '1 millisecond'
        where id = $1::bigint and phase = 'running'
          and clock_timestamp() >= started_at + bust_ms * interval '1 millisecond'
        returning busted_at`,
      [round.id],
    );
    const busted = rows[0];
    // Not yet by the database clock (or another node busted it): the next step reads the round again.
    if (!busted) return;
    // No claim can land any more: announce every cash-out not announced yet, then the bust.
    await ticker.drain(bustMs);
    for (let left = ticker.take(CASH_OUTS_PER_TICK); left.length; left = ticker.take(CASH_OUTS_PER_TICK))
      this.publishTick(round, bustMs, left);
    const done: RoundRow = { ...round, phase: 'busted', busted_at: busted.busted_at };
    this.publishFinished(done);
    await this.finish(done, signal);
  }

  private publishTick(round: RoundRow, elapsed: number, cashOuts: CashOutView[]): void {
    this.publish(multiplayerDataUpdateEvent, {
      game: 'crash',
      round: round.id,
      elapsed,
      multiplier: formatHundredths(multiplierAt(elapsed)),
      cashOuts,
    });
  }

  private async finish(round: RoundRow, signal: AbortSignal): Promise<void> {
    await Promise.all([...this.payments]);
    await settleRound(this.ctx, round, signal);
  }

  private publishFinished(round: RoundRow): void {
    this.publish(multiplayerGameFinishedEvent, {
      game: 'crash',
      round: round.id,
      result: resultView(round),
      salt: round.salt ?? '',
    });
  }

  private publish<E extends RealtimeEvent>(event: E, data: EventData<E>): void {
    try {
      this.ctx.realtime.hub.publish(Channels.everyone, event, data);
    } catch (err) {
      this.ctx.log.warn({ err }, 'crash event not published');
    }
  }
}

/** Cash-outs announced per MultiplayerDataUpdate; the rest wait for the next tick. */
export const CASH_OUTS_PER_TICK = 50;

type CashOutView = EventData<typeof multiplayerDataUpdateEvent>['cashOuts'][number];

/**
 * The background side of the ticks of one round: runs {@link TICK_SQL} (never two at once), starts the
 * payments of the auto cash-outs it claims, and queues the cash-outs it returns for announcement.
 */
class Ticker {
  private readonly queue: CashOutView[] = [];
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly payments: Set<Promise<unknown>>,
    private readonly round: RoundRow,
  ) {}

  /** Starts a tick statement at `elapsed` unless one is still running. */
  collect(elapsed: number): void {
    if (this.inFlight) return;
    this.inFlight = this.run(elapsed)
      .catch((err: unknown) => this.ctx.log.warn({ err, round: this.round.id }, 'crash tick query failed'))
      .finally(() => {
        this.inFlight = null;
      });
  }

  /** Waits for the running statement, then runs one more (after the bust: claims every reached target). */
  async drain(elapsed: number): Promise<void> {
    await this.inFlight;
    this.collect(elapsed);
    await this.inFlight;
  }

  /** Up to `max` queued cash-outs, oldest first. */
  take(max: number): CashOutView[] {
    return this.queue.splice(0, max);
  }

  private async run(elapsed: number): Promise<void> {
    const round = this.round;
    const rows = await this.ctx.database.query<BetRow>(
      TICK_SQL,
      [round.id, round.crash_point, elapsed],
      'crash.tick',
    );
    for (const bet of rows) {
      const outcome = outcomeOf(bet, round);
      if (bet.cashout_kind === 'auto' && bet.settled_at === null) {
        const payment: Promise<unknown> = payBet(this.ctx, round, bet)
          .catch((err: unknown) =>
            this.ctx.log.warn({ err, round: round.id }, 'crash auto cash-out not paid yet'),
          )
          .finally(() => this.payments.delete(payment));
        this.payments.add(payment);
      }
      this.queue.push({
        user: bet.private_bets ? '' : bet.user_id,
        multiplier: formatHundredths(outcome.multiplier),
        payout: toDecimalString(outcome.payout, bet.decimals),
        currency: bet.currency,
      });
    }
  }
}
