/**
 * Test fixtures of the crash UI (tests only): the server's views (rounds, bets, answers, snapshots)
 * and a fake realtime client that delivers events by name.
 */
import type {
  CrashBet,
  CrashOwnBet,
  CrashResult,
  CrashRound,
  CrashState,
  MultiplayerPlayResponse,
} from '@nebula/contracts';
import { isEventData } from '@nebula/contracts/constants';
import type { RoomClient } from './crash-room';

export const T0 = '2026-01-01T12:00:00.000Z';
export const HASH = 'a'.repeat(64);

/** ISO time `ms` after T0. */
export const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

export function roundView(overrides: Partial<CrashRound> = {}): CrashRound {
  return {
    id: '7',
    phase: 'betting',
    bettingMs: 15_000,
    bettingEndsAt: at(15_000),
    startedAt: null,
    elapsed: 0,
    multiplier: '1.00',
    result: null,
    serverTime: T0,
    ...overrides,
  };
}

export function result(id: string, crashPoint: string, overrides: Partial<CrashResult> = {}): CrashResult {
  return {
    id,
    crashPoint,
    hash: HASH,
    chainId: 1,
    chainIndex: Number(id),
    houseEdgeBps: 100,
    scheme: 'hmac32',
    bustedAt: T0,
    ...overrides,
  };
}

export function bet(user: string, overrides: Partial<CrashBet> = {}): CrashBet {
  return {
    round: '7',
    user: { _id: user, name: `name-${user}`, avatar: null, private_bets: false },
    currency: 'usdt',
    wager: '1',
    status: 'active',
    multiplier: '0.00',
    payout: '0',
    profit: '0',
    ...overrides,
  };
}

export function ownBet(user: string, overrides: Partial<CrashOwnBet> = {}): CrashOwnBet {
  return { ...bet(user), autoCashOut: null, demo: false, ...overrides };
}

const BET_STATUS = {
  'in-progress': 'active',
  win: 'cashed_out',
  lose: 'lost',
  cancelled: 'cancelled',
} as const;

/** The multiplayer Play response of the caller's bet. */
export function answer(
  user: string,
  status: MultiplayerPlayResponse['game']['status'] = 'in-progress',
  overrides: {
    round?: string;
    bet?: Partial<CrashOwnBet>;
    canBeFinished?: boolean;
    canBeCancelled?: boolean;
  } = {},
): MultiplayerPlayResponse {
  const round = overrides.round ?? '7';
  return {
    game: {
      id: 'crash',
      round,
      status,
      win: status === 'win',
      delay: 0,
      bet: ownBet(user, { round, status: BET_STATUS[status], ...overrides.bet }),
    },
    type: 'multiplayer',
    id: round,
    canBeFinished: overrides.canBeFinished ?? false,
    canBeCancelled: overrides.canBeCancelled ?? status === 'in-progress',
  };
}

export function snapshot(overrides: Partial<CrashState> = {}): CrashState {
  return { round: roundView(), bets: [], mine: null, history: [], ...overrides };
}

/** A realtime client whose events the test emits. */
export class FakeClient implements RoomClient {
  private readonly handlers = new Map<string, Set<(data: unknown) => void>>();
  private readonly connects = new Set<Parameters<RoomClient['onConnect']>[0]>();

  /** Like RealtimeClient.on: by the reference's name, only data that passes its guard. */
  on: RoomClient['on'] = (ref, handler) => {
    const guarded = (data: unknown) => {
      if (isEventData(ref, data)) handler(data, { channel: 'Everyone', event: ref.name, data });
    };
    let set = this.handlers.get(ref.name);
    if (!set) this.handlers.set(ref.name, (set = new Set()));
    set.add(guarded);
    return () => void set.delete(guarded);
  };

  onConnect: RoomClient['onConnect'] = (handler) => {
    this.connects.add(handler);
    return () => void this.connects.delete(handler);
  };

  emit(event: string, data: Record<string, unknown>): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler({ game: 'crash', ...data });
  }

  connect(): void {
    for (const handler of [...this.connects]) handler({ connectionId: 'c1', user: null });
  }

  /** Listeners still attached (a disposed room leaves none). */
  get listeners(): number {
    let n = this.connects.size;
    for (const set of this.handlers.values()) n += set.size;
    return n;
  }

  // The page's events, with the round and the server's times filled in.
  timerStart(round: string, serverMs = 0, duration = 15_000): void {
    this.emit('MultiplayerTimerStart', {
      round,
      duration,
      endsAt: at(serverMs + duration),
      serverTime: at(serverMs),
      chain: { id: 1, terminatingHash: HASH },
    });
  }

  running(round: string, serverMs = 0): void {
    this.emit('MultiplayerBettingStateChange', {
      round,
      state: 'running',
      startedAt: at(serverMs),
      serverTime: at(serverMs),
    });
  }

  bet(round: string, value: CrashBet): void {
    this.emit('MultiplayerGameBet', { round, bets: [value] });
  }

  update(round: string, elapsed: number, multiplier: string, cashOuts: unknown[] = []): void {
    this.emit('MultiplayerDataUpdate', { round, elapsed, multiplier, cashOuts });
  }

  finished(round: string, crashPoint: string): void {
    this.emit('MultiplayerGameFinished', { round, result: result(round, crashPoint), salt: 'salt' });
  }
}
