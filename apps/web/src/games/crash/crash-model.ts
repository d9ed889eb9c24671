/**
 * The crash room as the page shows it: the current round, its bets, the caller's bet and the latest
 * results, as pure functions of the server's snapshot (`CrashState`) and its events on `Everyone`
 * (MultiplayerTimerStart, MultiplayerBettingStateChange, MultiplayerGameBet, MultiplayerBetCancellation,
 * MultiplayerDataUpdate, MultiplayerGameFinished). The room store (crash-room.ts) applies them.
 *
 * Times are on the page's monotonic clock (`now`, milliseconds). Server timestamps are only used as
 * differences of two server times (`endsAt - serverTime`), so the page's clock may be off by hours.
 * While a round runs its elapsed time is `now + base`: every update can only raise `base`
 * (`max(base, elapsed - now)`), which keeps the estimate with the least network delay and never lets
 * the curve go backwards; it runs at most {@link MAX_LEAD_MS} past the last update the server sent.
 */
import type {
  CrashBet,
  CrashPhase,
  CrashResult,
  CrashState,
  MultiplayerPlayResponse,
} from '@nebula/contracts';
import { timeFor } from '@nebula/games';
import { compareRoundIds, hundredthsOf, paysExactly, subtractDecimals } from './crash-format';

/** How far past the server's last update the curve may run on its own (a stalled server freezes it). */
export const MAX_LEAD_MS = 400;
/** Results kept for the strip. */
export const HISTORY_KEPT = 40;

/** The current round on the page's clock. */
export interface LocalRound {
  id: string;
  phase: CrashPhase;
  bettingMs: number;
  /** Page-clock time betting closes. */
  bettingEndsAt: number;
  /** Running: elapsed = now + base. */
  base: number;
  /** The last elapsed time the server announced, and when it arrived (caps the extrapolation). */
  serverElapsed: number;
  serverElapsedAt: number;
  /** Busted: the crash point in hundredths and the millisecond it busted at. */
  crashPoint: bigint | null;
  bustMs: number | null;
  result: CrashResult | null;
}

export interface RoomState {
  status: 'loading' | 'ready' | 'error';
  round: LocalRound | null;
  /** Bets of the current round in the order they came in. */
  bets: CrashBet[];
  /** The caller's bet in the current round. */
  mine: MultiplayerPlayResponse | null;
  /**
   * True when `mine` is the server's word (a snapshot, an answer, an announced cash-out); false after
   * a bust made it a provisional loss (an auto cash-out may still have been reached) until the resync.
   */
  mineConfirmed: boolean;
  /** Busted rounds, newest first. */
  history: CrashResult[];
  /** The chain the current round's hash comes from (from MultiplayerTimerStart). */
  chain: { id: number; terminatingHash: string } | null;
}

export const EMPTY_ROOM: RoomState = {
  status: 'loading',
  round: null,
  bets: [],
  mine: null,
  mineConfirmed: true,
  history: [],
  chain: null,
};

/** Event payloads as the contracts define them. */
export interface TimerStartData {
  round: string;
  duration: number;
  endsAt: string;
  serverTime: string;
  chain: { id: number; terminatingHash: string };
}
export interface BettingStateData {
  round: string;
  state: CrashPhase;
  startedAt: string | null;
  serverTime: string;
}
export interface CashOutData {
  user: string;
  multiplier: string;
  payout: string;
  currency: string;
}
export interface DataUpdateData {
  round: string;
  elapsed: number;
  multiplier: string;
  cashOuts: CashOutData[];
}
export interface FinishedData {
  round: string;
  result: CrashResult;
  salt: string;
}

const PHASES: Record<CrashPhase, number> = { betting: 0, running: 1, busted: 2 };

const ms = (iso: string | null | undefined): number => {
  const value = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(value) ? value : 0;
};

function newRound(id: string, phase: CrashPhase, now: number): LocalRound {
  return {
    id,
    phase,
    bettingMs: 0,
    bettingEndsAt: now,
    base: -now,
    serverElapsed: 0,
    serverElapsedAt: now,
    crashPoint: null,
    bustMs: null,
    result: null,
  };
}

/** Busted at `result`: the crash point, the bust time, the result. */
function bust(round: LocalRound, result: CrashResult): LocalRound {
  const crashPoint = hundredthsOf(result.crashPoint);
  return { ...round, phase: 'busted', crashPoint, bustMs: timeFor(crashPoint), result };
}

function withResult(history: CrashResult[], result: CrashResult): CrashResult[] {
  if (history.some((r) => r.id === result.id)) return history;
  return [result, ...history].sort((a, b) => compareRoundIds(b.id, a.id)).slice(0, HISTORY_KEPT);
}

/** The room from a `CrashState` snapshot that arrived at `now`. */
export function fromSnapshot(snapshot: CrashState, now: number, previous: RoomState = EMPTY_ROOM): RoomState {
  const r = snapshot.round;
  let history = snapshot.history.slice(0, HISTORY_KEPT);
  for (const result of previous.history) history = withResult(history, result);
  const old = previous.round;
  // Events may have moved on while the snapshot was on its way: a stale snapshot only adds results.
  if (
    old &&
    r &&
    (compareRoundIds(r.id, old.id) < 0 || (r.id === old.id && PHASES[r.phase] < PHASES[old.phase]))
  )
    return { ...previous, status: 'ready', history };
  let round: LocalRound | null = null;
  if (r) {
    round = newRound(r.id, r.phase, now);
    round.bettingMs = r.bettingMs;
    round.bettingEndsAt = now + (ms(r.bettingEndsAt) - ms(r.serverTime));
    round.base = r.elapsed - now;
    round.serverElapsed = r.elapsed;
    if (old?.id === r.id && old.phase === 'running' && r.phase === 'running') {
      round.base = Math.max(round.base, old.base);
      round.serverElapsed = Math.max(round.serverElapsed, old.serverElapsed);
    }
    if (r.phase === 'busted' && r.result) round = bust(round, r.result);
  }
  return {
    status: 'ready',
    round,
    bets: snapshot.bets,
    mine: snapshot.mine && round && snapshot.mine.id === round.id ? snapshot.mine : null,
    mineConfirmed: true,
    history,
    chain: previous.chain,
  };
}

/** A new round takes bets (or the one shown is told its timer again). */
export function onTimerStart(state: RoomState, data: TimerStartData, now: number): RoomState {
  const current = state.round;
  if (current && compareRoundIds(data.round, current.id) < 0) return state;
  const same = current?.id === data.round;
  const round: LocalRound = same && current ? { ...current } : newRound(data.round, 'betting', now);
  round.bettingMs = data.duration;
  round.bettingEndsAt = now + (ms(data.endsAt) - ms(data.serverTime));
  const history = current?.result ? withResult(state.history, current.result) : state.history;
  return {
    ...state,
    round,
    bets: same ? state.bets : [],
    mine: same ? state.mine : null,
    mineConfirmed: same ? state.mineConfirmed : true,
    history,
    chain: data.chain,
  };
}

/** Betting opened, or closed because the multiplier started rising. */
export function onBettingState(state: RoomState, data: BettingStateData, now: number): RoomState {
  const current = state.round;
  if (current && compareRoundIds(data.round, current.id) < 0) return state;
  const same = current?.id === data.round;
  let round: LocalRound = same && current ? { ...current } : newRound(data.round, data.state, now);
  if (data.state === 'running') {
    const elapsed = Math.max(0, ms(data.serverTime) - ms(data.startedAt));
    round = { ...round, phase: 'running', base: elapsed - now, serverElapsed: elapsed, serverElapsedAt: now };
  } else if (data.state === 'betting' && !same) {
    round.phase = 'betting';
  }
  const mine = same ? state.mine : null;
  return {
    ...state,
    round,
    bets: same ? state.bets : [],
    mine:
      mine && round.phase === 'running'
        ? { ...mine, canBeCancelled: false, canBeFinished: mine.game.status === 'in-progress' }
        : mine,
    mineConfirmed: same ? state.mineConfirmed : true,
  };
}

/** A player's bet joined the round (a repeat of a known player replaces the row). */
export function onBet(state: RoomState, data: { round: string; bet: CrashBet }): RoomState {
  if (state.round?.id !== data.round) return state;
  const id = data.bet.user._id;
  const index = id ? state.bets.findIndex((b) => b.user._id === id) : -1;
  const bets = index < 0 ? [...state.bets, data.bet] : state.bets.map((b, i) => (i === index ? data.bet : b));
  return { ...state, bets };
}

/**
 * A bet was taken back. A hidden player's cancellation names nobody (`user` is empty): the last
 * hidden bet still in play goes (the resync after the round corrects the list if it was another).
 */
export function onCancellation(state: RoomState, data: { round: string; user: string }): RoomState {
  if (state.round?.id !== data.round) return state;
  let index = -1;
  state.bets.forEach((b, i) => {
    if (b.status === 'active' && b.user._id === data.user) index = i;
  });
  if (index < 0) return state;
  return { ...state, bets: state.bets.filter((_, i) => i !== index) };
}

function cashedOut(bet: CrashBet, c: CashOutData): CrashBet {
  return {
    ...bet,
    status: 'cashed_out',
    multiplier: c.multiplier,
    payout: c.payout,
    profit: subtractDecimals(c.payout, bet.wager),
  };
}

/** Which bet an announced cash-out belongs to: by player, or for a hidden one by amount. */
function cashOutIndex(bets: CrashBet[], c: CashOutData): number {
  if (c.user) return bets.findIndex((b) => b.status === 'active' && b.user._id === c.user);
  const hidden = bets
    .map((b, i) => [b, i] as const)
    .filter(([b]) => b.status === 'active' && b.user._id === '' && b.currency === c.currency);
  const exact = hidden.find(([b]) => paysExactly(b.wager, hundredthsOf(c.multiplier), c.payout));
  return (exact ?? hidden[0])?.[1] ?? -1;
}

function mineCashedOut(mine: MultiplayerPlayResponse, c: CashOutData): MultiplayerPlayResponse {
  return {
    ...mine,
    canBeFinished: false,
    canBeCancelled: false,
    game: {
      ...mine.game,
      status: 'win',
      win: true,
      bet: { ...mine.game.bet, ...cashedOut(mine.game.bet, c), user: mine.game.bet.user },
    },
  };
}

function isMyCashOut(mine: MultiplayerPlayResponse | null, c: CashOutData, me: string | null): boolean {
  if (!mine || mine.game.status !== 'in-progress') return false;
  if (c.user) return c.user === me;
  const bet = mine.game.bet;
  return (
    bet.user.private_bets &&
    bet.currency === c.currency &&
    paysExactly(bet.wager, hundredthsOf(c.multiplier), c.payout)
  );
}

/** The rising multiplier and the cash-outs since the last update. */
export function onDataUpdate(
  state: RoomState,
  data: DataUpdateData,
  now: number,
  me: string | null,
): RoomState {
  const current = state.round;
  if (!current || current.id !== data.round || current.phase === 'busted') return state;
  const round: LocalRound = {
    ...current,
    phase: 'running',
    base: current.phase === 'running' ? Math.max(current.base, data.elapsed - now) : data.elapsed - now,
    serverElapsed: Math.max(current.serverElapsed, data.elapsed),
    serverElapsedAt: now,
  };
  let bets = state.bets;
  let mine = state.mine;
  let mineConfirmed = state.mineConfirmed;
  for (const c of data.cashOuts) {
    const index = cashOutIndex(bets, c);
    if (index >= 0) bets = bets.map((b, i) => (i === index ? cashedOut(b, c) : b));
    if (mine && isMyCashOut(mine, c, me)) {
      mine = mineCashedOut(mine, c);
      mineConfirmed = true;
    }
  }
  if (mine && mine.game.status === 'in-progress')
    mine = { ...mine, canBeFinished: true, canBeCancelled: false };
  return { ...state, round, bets, mine, mineConfirmed };
}

function lost<T extends CrashBet>(bet: T): T {
  return {
    ...bet,
    status: 'lost',
    multiplier: '0.00',
    payout: '0',
    profit: subtractDecimals('0', bet.wager),
  };
}

/** The round busted: bets still in it lose (provisionally for the caller's own bet, see `mineConfirmed`). */
export function onFinished(state: RoomState, data: FinishedData): RoomState {
  const current = state.round;
  const history = withResult(state.history, data.result);
  if (!current || current.id !== data.round) return { ...state, history };
  const bets = state.bets.map((b) => (b.status === 'active' ? lost(b) : b));
  let mine = state.mine;
  let mineConfirmed = state.mineConfirmed;
  if (mine && mine.game.status === 'in-progress') {
    mine = {
      ...mine,
      canBeFinished: false,
      canBeCancelled: false,
      game: { ...mine.game, status: 'lose', win: false, bet: lost(mine.game.bet) },
    };
    mineConfirmed = false;
  }
  return { ...state, round: bust(current, data.result), bets, mine, mineConfirmed, history };
}

/** The server's answer to the caller's bet, cash-out or cancellation. */
export function onAnswer(state: RoomState, answer: MultiplayerPlayResponse): RoomState {
  if (state.round && state.round.id !== answer.id) return state;
  const bet = answer.game.bet;
  const view: CrashBet = {
    round: bet.round,
    user: bet.user.private_bets ? { ...bet.user, _id: '', name: 'Hidden', avatar: null } : bet.user,
    currency: bet.currency,
    wager: bet.wager,
    status: bet.status,
    multiplier: bet.multiplier,
    payout: bet.payout,
    profit: bet.profit,
  };
  let bets = state.bets;
  const index = bet.user.private_bets ? -1 : bets.findIndex((b) => b.user._id === bet.user._id);
  if (bet.status === 'cancelled') bets = index < 0 ? bets : bets.filter((_, i) => i !== index);
  else if (index >= 0) bets = bets.map((b, i) => (i === index ? view : b));
  else if (!bet.user.private_bets) bets = [...bets, view];
  return { ...state, bets, mine: answer, mineConfirmed: true };
}

/** The elapsed milliseconds the curve shows at `now` (0 while betting, the bust time once busted). */
export function displayElapsed(round: LocalRound | null, now: number): number {
  if (!round || round.phase === 'betting') return 0;
  if (round.phase === 'busted') return round.bustMs ?? round.serverElapsed;
  const lead = round.serverElapsed + MAX_LEAD_MS;
  return Math.max(0, Math.floor(Math.min(now + round.base, lead)));
}

/** Milliseconds of betting left at `now` (0 once over). */
export function bettingLeft(round: LocalRound | null, now: number): number {
  if (!round || round.phase !== 'betting') return 0;
  return Math.max(0, round.bettingEndsAt - now);
}
