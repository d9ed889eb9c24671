/**
 * The crash room store: the server's `CrashState` snapshot kept current by the round events on the
 * public `Everyone` channel (the app's realtime provider subscribes to it for every page). Framework
 * free (a zustand vanilla store) so it can be driven by fake events in tests.
 *
 * It reloads the snapshot when the socket (re)connects, shortly after each bust (final outcomes of
 * the round's bets, including auto cash-outs the last update did not announce), and when the events
 * stop while a round should be moving (a missed event, a leader change on the server).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { MultiplayerPlayResponse } from '@nebula/contracts';
import {
  multiplayerBetCancellationEventRef,
  multiplayerBettingStateChangeEventRef,
  multiplayerDataUpdateEventRef,
  multiplayerGameBetEventRef,
  multiplayerGameFinishedEventRef,
  multiplayerTimerStartEventRef,
} from '@nebula/contracts/constants';
import type { RealtimeClient } from '../../lib/realtime';
import type { CrashApi } from './crash-api';
import {
  EMPTY_ROOM,
  type RoomState,
  fromSnapshot,
  onAnswer,
  onBet,
  onBettingState,
  onCancellation,
  onDataUpdate,
  onFinished,
  onTimerStart,
} from './crash-model';

/** After a bust the snapshot is read again this much later (the leader settles the round first). */
export const RESYNC_AFTER_BUST_MS = 700;
/** The watchdog's period and how long a moving round may stay silent before a reload. */
export const WATCHDOG_MS = 2_000;
export const SILENCE_MS = 5_000;
/** After a bust a new round is expected within the server's pause; this long without one reloads. */
export const NEXT_ROUND_MS = 10_000;

/** What the room needs of the realtime client (its `on` delivers data that passed the guard). */
export type RoomClient = Pick<RealtimeClient, 'on' | 'onConnect'>;

export interface RoomDeps {
  client: RoomClient;
  api: Pick<CrashApi, 'state'>;
  /** The signed-in player's id (null for guests). */
  me: () => string | null;
  /** A monotonic clock in milliseconds. */
  now?: () => number;
}

type Listener<T> = (value: T) => void;

const monotonic = () => performance.now();

export class CrashRoom {
  readonly store: StoreApi<RoomState>;
  private readonly deps: RoomDeps;
  private readonly now: () => number;
  private readonly offs: (() => void)[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly timerStartListeners = new Set<Listener<string>>();
  private readonly finishedListeners = new Set<Listener<MultiplayerPlayResponse>>();
  private readonly reported = new Set<string>();
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private loading: Promise<void> | null = null;
  private bustedAt: number | null = null;
  private disposed = false;

  constructor(deps: RoomDeps) {
    this.deps = deps;
    this.now = deps.now ?? monotonic;
    this.store = createStore<RoomState>()(() => EMPTY_ROOM);
  }

  get state(): RoomState {
    return this.store.getState();
  }

  /** Listens to the events, loads the snapshot and starts the watchdog. */
  start(): void {
    const { client } = this.deps;
    this.offs.push(
      client.on(multiplayerTimerStartEventRef, (data) => {
        const isNew = this.state.round?.id !== data.round;
        this.commit(onTimerStart(this.state, data, this.now()));
        this.bustedAt = null;
        if (isNew && this.state.round?.id === data.round)
          for (const listener of [...this.timerStartListeners]) listener(data.round);
      }),
      client.on(multiplayerBettingStateChangeEventRef, (data) => {
        this.commit(onBettingState(this.state, data, this.now()));
      }),
      client.on(multiplayerGameBetEventRef, (data) =>
        this.commit(data.bets.reduce((state, bet) => onBet(state, { round: data.round, bet }), this.state)),
      ),
      client.on(multiplayerBetCancellationEventRef, (data) => this.commit(onCancellation(this.state, data))),
      client.on(multiplayerDataUpdateEventRef, (data) => {
        this.commit(onDataUpdate(this.state, data, this.now(), this.deps.me()));
      }),
      client.on(multiplayerGameFinishedEventRef, (data) => {
        const known = this.state.round?.id === data.round && this.state.round.phase !== 'busted';
        this.commit(onFinished(this.state, data));
        if (known) {
          this.bustedAt = this.now();
          this.later(RESYNC_AFTER_BUST_MS, () => void this.load());
        }
      }),
    );
    this.offs.push(client.onConnect(() => void this.load()));
    this.watchdog = setInterval(() => this.watch(), WATCHDOG_MS);
    void this.load();
  }

  dispose(): void {
    this.disposed = true;
    for (const off of this.offs.splice(0)) off();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    this.timerStartListeners.clear();
    this.finishedListeners.clear();
  }

  /** Reads the snapshot (one request at a time); a failure leaves the room as it is. */
  load(): Promise<void> {
    if (this.loading) return this.loading;
    this.loading = this.deps.api
      .state()
      .then((snapshot) => {
        if (this.disposed) return;
        const previous = this.state;
        const next = fromSnapshot(snapshot, this.now(), previous);
        // A snapshot of a later round: keep the chain the events told us; the round's timer starts.
        const newRound = next.round && next.round.id !== previous.round?.id ? next.round.id : null;
        this.commit(next);
        if (newRound && next.round?.phase === 'betting')
          for (const listener of [...this.timerStartListeners]) listener(newRound);
      })
      .catch((error: unknown) => {
        if (this.disposed) return;
        if (this.state.status === 'loading') this.store.setState({ status: 'error' });
        console.warn('[crash] the round could not be loaded', error);
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** The server's answer to the caller's own bet, cash-out or cancellation. */
  applyAnswer(answer: MultiplayerPlayResponse): void {
    this.commit(onAnswer(this.state, answer));
  }

  /** Called with the round id whenever a new round starts taking bets. */
  onTimerStart(listener: Listener<string>): () => void {
    this.timerStartListeners.add(listener);
    return () => this.timerStartListeners.delete(listener);
  }

  /** Called once per round with the caller's bet when it has ended (won or lost), by the server's word. */
  onMineFinished(listener: Listener<MultiplayerPlayResponse>): () => void {
    this.finishedListeners.add(listener);
    return () => this.finishedListeners.delete(listener);
  }

  private commit(next: RoomState): void {
    if (this.disposed || next === this.state) return;
    const before = this.state.mine;
    // A provisional loss about to be replaced by another round: it was final after all.
    if (before && next.mine?.id !== before.id && !this.state.mineConfirmed) this.report(before);
    this.store.setState(next, true);
    const mine = next.mine;
    if (mine && next.mineConfirmed) this.report(mine);
  }

  private report(mine: MultiplayerPlayResponse): void {
    const { status } = mine.game;
    if ((status !== 'win' && status !== 'lose') || this.reported.has(mine.id)) return;
    this.reported.add(mine.id);
    for (const listener of [...this.finishedListeners]) listener(mine);
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.disposed) run();
    }, ms);
    this.timers.add(timer);
  }

  /** Reloads when the round should have moved on but no event said so. */
  private watch(): void {
    const { round, status } = this.state;
    const now = this.now();
    let stale = status === 'error' || !round;
    if (round?.phase === 'running') stale = now - round.serverElapsedAt > SILENCE_MS;
    else if (round?.phase === 'betting') stale = now > round.bettingEndsAt + SILENCE_MS;
    else if (round?.phase === 'busted')
      stale = now - (this.bustedAt ?? round.serverElapsedAt) > NEXT_ROUND_MS;
    if (stale) {
      if (round?.phase === 'busted') this.bustedAt = now;
      void this.load();
    }
  }
}
