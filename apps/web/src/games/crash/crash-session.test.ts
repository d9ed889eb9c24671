import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MultiplayerPlayResponse } from '@nebula/contracts';
import { DEFAULT_AUTO_FORM } from '../frame/auto-bet';
import type { PlayContext } from '../frame/session-types';
import { crashButton } from './crash-button';
import { CrashPlayer, type PlayerDeps } from './crash-player';
import { CrashRoom, RESYNC_AFTER_BUST_MS } from './crash-room';
import { FakeClient, answer, bet, result, roundView, snapshot } from './test-fixtures';

const context: PlayContext = { currency: 'usdt', decimals: 8, demo: false, quick: false, signedIn: true };

function setup(overrides: Partial<PlayerDeps> = {}) {
  const client = new FakeClient();
  const state = vi.fn(() => Promise.resolve(snapshot()));
  let clock = 0;
  const room = new CrashRoom({ client, api: { state }, me: () => 'u1', now: () => clock });
  const api = {
    bet: vi.fn((input: { bet: string }) =>
      Promise.resolve(
        answer('u1', 'in-progress', { round: room.state.round?.id, bet: { wager: input.bet } }),
      ),
    ),
    cashOut: vi.fn((round: string) =>
      Promise.resolve(
        answer('u1', 'win', { round, bet: { multiplier: '1.50', payout: '1.5', profit: '0.5' } }),
      ),
    ),
    cancel: vi.fn((round: string) => Promise.resolve(answer('u1', 'cancelled', { round }))),
  };
  const deps: PlayerDeps = {
    room,
    api,
    context: () => context,
    sound: { play: vi.fn() },
    onError: vi.fn(),
    onBlocked: vi.fn(),
    onSettled: vi.fn(),
    openLogin: vi.fn(),
    texts: { invalidWager: 'Invalid value', invalidAuto: 'Check the auto bet settings.' },
    sleep: () => Promise.resolve(),
    ...overrides,
  };
  const player = new CrashPlayer(deps);
  room.start();
  const tick = (ms: number) => {
    clock += ms;
  };
  return { client, room, player, api, deps, state, tick };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the crash room', () => {
  it('loads the snapshot, follows the events and tells a new round’s timer start once', async () => {
    const { client, room, state } = setup();
    await flush();
    expect(state).toHaveBeenCalledTimes(1);
    expect(room.state.round?.id).toBe('7');
    const starts: string[] = [];
    room.onTimerStart((id) => starts.push(id));
    client.timerStart('8');
    client.timerStart('8');
    expect(starts).toEqual(['8']);
    client.bet('8', bet('u2', { round: '8' }));
    expect(room.state.bets).toHaveLength(1);
    client.connect();
    await flush();
    expect(state).toHaveBeenCalledTimes(2);
    room.dispose();
    expect(client.listeners).toBe(0);
  });

  it('reports the caller’s lost bet once, after the resync confirms it', async () => {
    const { client, room, state } = setup();
    await flush();
    room.applyAnswer(answer('u1'));
    const finished: MultiplayerPlayResponse[] = [];
    room.onMineFinished((mine) => finished.push(mine));
    client.running('7');
    client.finished('7', '1.10');
    expect(finished).toEqual([]);
    state.mockResolvedValueOnce(
      snapshot({
        round: roundView({ phase: 'busted', result: result('7', '1.10') }),
        mine: answer('u1', 'lose'),
      }),
    );
    await vi.advanceTimersByTimeAsync(RESYNC_AFTER_BUST_MS);
    expect(finished.map((m) => m.game.status)).toEqual(['lose']);
    client.connect();
    await flush();
    expect(finished).toHaveLength(1);
  });

  it('reports an announced auto cash-out at once', async () => {
    const { client, room } = setup();
    await flush();
    room.applyAnswer(answer('u1', 'in-progress', { bet: { autoCashOut: '1.20' } }));
    const finished: string[] = [];
    room.onMineFinished((mine) => finished.push(mine.game.status));
    client.running('7');
    client.update('7', 3_100, '1.20', [{ user: 'u1', multiplier: '1.20', payout: '1.2', currency: 'usdt' }]);
    expect(finished).toEqual(['win']);
  });
});

describe('the player', () => {
  it('bets in the betting phase with the auto cash-out target, then can cancel', async () => {
    const { player, api, room } = setup();
    await flush();
    player.setWagerText('0.5');
    player.setTarget(250);
    expect(crashButton(room.state, player.state).kind).toBe('bet');
    await player.bet();
    expect(api.bet).toHaveBeenCalledWith({ bet: '0.5', currency: 'usdt', demo: false, autoCashOut: 250 });
    expect(crashButton(room.state, player.state).kind).toBe('cancel');
    await player.cancel();
    expect(api.cancel).toHaveBeenCalledWith('7');
    // A cancelled bet: this round takes no other; the button queues for the next.
    expect(crashButton(room.state, player.state).kind).toBe('queue');
  });

  it('cashes out while the round runs', async () => {
    const { player, api, room, client, deps } = setup();
    await flush();
    player.setWagerText('1');
    await player.bet();
    client.running('7');
    // Before the first update: the bet can be cashed out already.
    expect(room.state.mine?.canBeFinished).toBe(true);
    client.update('7', 7_000, '1.52');
    expect(crashButton(room.state, player.state).kind).toBe('cashout');
    await player.cashOut();
    expect(api.cashOut).toHaveBeenCalledWith('7');
    expect(room.state.mine?.game.status).toBe('win');
    expect(player.state.badge).toMatchObject({ win: true, multiplier: '1.50' });
    expect(player.state.visitBets.map((b) => b.round)).toEqual(['7']);
    expect(deps.onSettled).toHaveBeenCalledTimes(1);
  });

  it('queues a bet while the round runs and places it when the next round opens', async () => {
    const { player, api, room, client } = setup();
    await flush();
    client.running('7');
    player.setWagerText('0.2');
    expect(crashButton(room.state, player.state).kind).toBe('queue');
    player.toggleQueue();
    expect(crashButton(room.state, player.state).kind).toBe('unqueue');
    expect(player.locked).toBe(true);
    client.finished('7', '2.00');
    client.timerStart('8');
    await flush();
    expect(api.bet).toHaveBeenCalledTimes(1);
    expect(player.state.queued).toBe(false);
  });

  it('refuses an invalid wager without a request', async () => {
    const { player, api, deps } = setup();
    await flush();
    player.setWagerText('abc');
    await player.bet();
    expect(api.bet).not.toHaveBeenCalled();
    expect(deps.onBlocked).toHaveBeenCalledWith('Invalid value');
  });

  it('auto bet: advances on the timer start, applies on loss, stops after the games count', async () => {
    const { player, api, client, state } = setup();
    await flush();
    player.setBettingType('auto');
    player.setWagerText('1');
    player.setAutoForm({ ...DEFAULT_AUTO_FORM, games: '2', onLoss: 'increase', onLossPercent: '100' });
    player.startAuto();
    await flush();
    expect(api.bet).toHaveBeenCalledTimes(1);
    expect(player.state.autoRunning).toBe(true);
    // Round 7 busts: the loss doubles the wager; the next bet goes at round 8's timer start.
    client.running('7');
    client.finished('7', '1.00');
    state.mockResolvedValueOnce(
      snapshot({
        round: roundView({ phase: 'busted' }),
        mine: answer('u1', 'lose', { bet: { profit: '-1' } }),
      }),
    );
    await vi.advanceTimersByTimeAsync(RESYNC_AFTER_BUST_MS);
    expect(player.state.autoRun.played).toBe(1);
    expect(player.state.wagerText).toBe('2.00000000');
    client.timerStart('8');
    await flush();
    expect(api.bet).toHaveBeenCalledTimes(2);
    expect(api.bet.mock.calls[1]?.[0]).toMatchObject({ bet: '2' });
    // Round 8: cashed out by the auto target; that was the second game.
    client.running('8');
    client.update('8', 12_000, '2.00', [{ user: 'u1', multiplier: '2.00', payout: '4', currency: 'usdt' }]);
    await flush();
    expect(player.state.autoRun.played).toBe(2);
    expect(player.state.autoRunning).toBe(false);
    client.timerStart('9');
    await flush();
    expect(api.bet).toHaveBeenCalledTimes(2);
  });

  it('an error stops the auto run and is shown', async () => {
    const error = Object.assign(new Error('Not enough money'), { code: -4 });
    const { player, deps } = setup();
    (deps.api.bet as ReturnType<typeof vi.fn>).mockRejectedValueOnce(error);
    await flush();
    player.setBettingType('auto');
    player.setWagerText('1');
    player.startAuto();
    await flush();
    // Marked as the error that stopped the auto run (a limit refusal then says so).
    expect(deps.onError).toHaveBeenCalledWith(error, { auto: true });
    expect(player.state.autoRunning).toBe(false);
  });

  it('guests are sent to the login for a queued bet and for auto bet', async () => {
    const { player, deps, client } = setup({ context: () => ({ ...context, signedIn: false }) });
    await flush();
    client.running('7');
    player.toggleQueue();
    expect(player.state.queued).toBe(false);
    player.setBettingType('auto');
    player.startAuto();
    expect(deps.openLogin).toHaveBeenCalledTimes(2);
    expect(player.state.autoRunning).toBe(false);
  });
});
