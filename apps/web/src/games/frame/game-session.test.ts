import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayResponse } from '@nebula/contracts';
import { RealtimeError } from '../../lib/realtime';
import type { GameUi, StakesApi } from '../types';
import { ANIMATION_GRACE_MS, GameSession, type PlayContext, type SessionDeps } from './game-session';
import type { PlayRequest } from './play-api';

type Params = { target: number };

const board = (() => null) as unknown as GameUi<Params, unknown>['Board'];

function response(id: string, win: boolean, wager: string, multiplier = win ? '2' : '0'): PlayResponse {
  const payout = win ? (Number(wager) * Number(multiplier)).toFixed(8) : '0';
  return {
    game: {
      id: 'dice',
      data: { roll: 1 },
      delay: 1000,
      status: win ? 'win' : 'lose',
      win,
      multiplier,
      profit: (Number(payout) - Number(wager)).toFixed(8),
      payout,
    },
    type: 'single',
    id,
  };
}

const context = (patch: Partial<PlayContext> = {}): PlayContext => ({
  currency: 'btc',
  decimals: 8,
  demo: false,
  quick: false,
  signedIn: true,
  ...patch,
});

function setup(options: {
  outcomes?: boolean[];
  ui?: Partial<GameUi<Params, unknown>>;
  ctx?: Partial<PlayContext>;
  autoAnimate?: boolean;
  send?: SessionDeps<Params>['send'];
}) {
  const outcomes = [...(options.outcomes ?? [])];
  const sent: PlayRequest[] = [];
  let next = 0;
  const send =
    options.send ??
    vi.fn(async (request: PlayRequest) => {
      sent.push(request);
      next += 1;
      return response(String(next), outcomes.shift() ?? false, request.bet);
    });
  const deps: SessionDeps<Params> = {
    gameId: 'dice',
    ui: { id: 'dice', defaultParams: { target: 5050 }, Board: board, ...options.ui },
    context: () => context(options.ctx),
    send,
    sound: { play: vi.fn() },
    onError: vi.fn(),
    onBlocked: vi.fn(),
    onSettled: vi.fn(),
    openLogin: vi.fn(),
    texts: { invalidWager: 'Invalid value', invalidAuto: 'Check the auto bet settings.' },
    sleep: () => Promise.resolve(),
  };
  const session = new GameSession<Params>(deps);
  if (options.autoAnimate !== false) {
    // A board that finishes its animation as soon as a round arrives.
    session.store.subscribe((state, previous) => {
      if (state.roundKey !== previous.roundKey) queueMicrotask(() => session.animationEnd(state.roundKey));
    });
  }
  return { session, deps, sent };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GameSession: a manual bet', () => {
  it('sends Play, hands the round to the board, then shows the popup and the history row', async () => {
    const { session, deps, sent } = setup({ outcomes: [true], ctx: { quick: true } });
    session.setWagerText('0.0001');
    const round = await session.playOnce();
    expect(sent).toEqual([
      { api_id: 'dice', bet: '0.0001', demo: false, currency: 'btc', quick: true, data: { target: 5050 } },
    ]);
    expect(round?.betId).toBe('1');
    const state = session.store.getState();
    expect(state.roundKey).toBe(1);
    expect(state.pending).toBe(false);
    expect(state.popup).toMatchObject({ kind: 'win', multiplier: '2', betId: '1', amount: '0.00020000' });
    expect(state.visitBets.map((bet) => bet.id)).toEqual(['1']);
    expect(deps.onSettled).toHaveBeenCalledOnce();
    expect(deps.sound.play).toHaveBeenCalledWith('win');
  });

  it('blocks a second bet while one is in flight and locks the inputs', async () => {
    const { session, sent } = setup({ outcomes: [false, false] });
    session.setWagerText('1');
    const first = session.playOnce();
    expect(session.store.getState().pending).toBe(true);
    expect(await session.playOnce()).toBeNull();
    session.setWagerText('5');
    session.setBettingType('auto');
    expect(session.store.getState()).toMatchObject({ wagerText: '1', bettingType: 'manual' });
    await first;
    expect(sent).toHaveLength(1);
  });

  it('carries on after delay + 600 ms when the board never reports the end', async () => {
    vi.useFakeTimers();
    const { session } = setup({ outcomes: [false], autoAnimate: false });
    session.setWagerText('1');
    const done = session.playOnce();
    await vi.advanceTimersByTimeAsync(1000 + ANIMATION_GRACE_MS - 1);
    expect(session.store.getState().pending).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect((await done)?.betId).toBe('1');
    expect(session.store.getState().popup?.kind).toBe('lose');
    await vi.advanceTimersByTimeAsync(2000);
    expect(session.store.getState().popup).toBeNull();
  });

  it("refuses locally on the game's block reason or an invalid wager", async () => {
    const { session, deps, sent } = setup({ ui: { blockReason: () => 'Select cells!' } });
    await session.playOnce();
    expect(deps.onBlocked).toHaveBeenCalledWith('Select cells!');
    const other = setup({});
    other.session.setWagerText('abc');
    await other.session.playOnce();
    expect(other.deps.onBlocked).toHaveBeenCalledWith('Invalid value');
    expect(sent).toHaveLength(0);
  });

  it('reports a failed Play and unlocks', async () => {
    const error = new RealtimeError(-4, 'Not enough money');
    const { session, deps } = setup({ send: () => Promise.reject(error) });
    session.setWagerText('1');
    expect(await session.playOnce()).toBeNull();
    expect(deps.onError).toHaveBeenCalledWith(error);
    expect(session.store.getState().pending).toBe(false);
  });

  it('resets the wager to zero at the precision on a currency switch (stakes cleared)', () => {
    const clear = vi.fn(() => ({ target: 0 }));
    const stakes: StakesApi<Params> = { total: (p) => BigInt(p.target), scale: (p) => p, clear };
    const { session } = setup({ ui: { stakes }, ctx: { decimals: 2 } });
    session.resetWager();
    expect(session.store.getState()).toMatchObject({ wagerText: '0.00', params: { target: 0 } });
    expect(clear).toHaveBeenCalled();
  });

  it('scales the stakes for ½ and x2 of a stake game', () => {
    const scale = vi.fn((p: Params, num: bigint, den: bigint) => ({
      target: Number((BigInt(p.target) * num) / den),
    }));
    const { session } = setup({ ui: { stakes: { total: (p) => BigInt(p.target), scale, clear: (p) => p } } });
    session.scaleWager('double');
    expect(session.store.getState().params).toEqual({ target: 10100 });
    session.scaleWager('half');
    expect(session.store.getState().params).toEqual({ target: 5050 });
    expect(session.wager()).toBe(5050n);
  });
});

describe('GameSession: auto bet', () => {
  it('plays the games count with on-loss increase and on-win reset, then stops', async () => {
    const { session, sent } = setup({ outcomes: [false, false, true, false] });
    session.setWagerText('0.00000010');
    session.setBettingType('auto');
    session.setAutoForm({ games: '4', onLoss: 'increase', onLossPercent: '100', onWin: 'reset' });
    await session.runAuto();
    expect(sent.map((request) => request.bet)).toEqual(['0.0000001', '0.0000002', '0.0000004', '0.0000001']);
    const state = session.store.getState();
    expect(state.autoRunning).toBe(false);
    expect(state.autoRun.played).toBe(4);
    expect(state.visitBets).toHaveLength(4);
    expect(state.wagerText).toBe('0.00000020');
  });

  it('stops on a win when asked, and on Stop', async () => {
    const { session, sent } = setup({ outcomes: [false, true, false, false] });
    session.setWagerText('1');
    session.setAutoForm({ stopOnWin: true });
    await session.runAuto();
    expect(sent).toHaveLength(2);

    const other = setup({ outcomes: [] });
    other.session.setWagerText('1');
    other.session.store.subscribe((state) => {
      if (state.autoRun.played === 3) other.session.stopAuto();
    });
    await other.session.runAuto();
    expect(other.sent).toHaveLength(3);
  });

  it('stops on the first error, reported while the run still counts as running', async () => {
    let calls = 0;
    const { session, deps } = setup({
      send: async (request) => {
        calls += 1;
        if (calls === 2) throw new RealtimeError(403, 'Over your loss limit', 'loss_limit');
        return response(String(calls), false, request.bet);
      },
    });
    // The frame reads `autoRunning` in onError to say the refusal stopped the auto run.
    const runningAtError: boolean[] = [];
    vi.mocked(deps.onError).mockImplementation(() => {
      runningAtError.push(session.store.getState().autoRunning);
    });
    session.setWagerText('1');
    await session.runAuto();
    expect(calls).toBe(2);
    expect(deps.onError).toHaveBeenCalledOnce();
    expect(runningAtError).toEqual([true]);
    expect(session.store.getState().autoRunning).toBe(false);
  });

  it('sends guests to the login modal and flags invalid settings', async () => {
    const guest = setup({ ctx: { signedIn: false, demo: true } });
    await guest.session.runAuto();
    expect(guest.deps.openLogin).toHaveBeenCalled();
    expect(guest.sent).toHaveLength(0);
    const invalid = setup({});
    invalid.session.setAutoForm({ games: '1.5' });
    await invalid.session.runAuto();
    expect(invalid.session.store.getState().autoFormError).toBe('games');
    expect(invalid.deps.onBlocked).toHaveBeenCalled();
  });
});
