import { describe, expect, it } from 'vitest';
import { multiplierAt, timeFor } from '@nebula/games';
import {
  EMPTY_ROOM,
  MAX_LEAD_MS,
  type RoomState,
  bettingLeft,
  displayElapsed,
  fromSnapshot,
  onAnswer,
  onBet,
  onBettingState,
  onCancellation,
  onDataUpdate,
  onFinished,
  onTimerStart,
} from './crash-model';
import { paysExactly, pillTone, sortPlayers, subtractDecimals, timerLevel } from './crash-format';
import { HASH, answer, at, bet, result, roundView, snapshot } from './test-fixtures';

const timer = (round: string, serverMs = 0) => ({
  round,
  duration: 15_000,
  endsAt: at(serverMs + 15_000),
  serverTime: at(serverMs),
  chain: { id: 1, terminatingHash: HASH },
});
const running = (round: string, startedMs = 0, serverMs = startedMs) => ({
  round,
  state: 'running' as const,
  startedAt: at(startedMs),
  serverTime: at(serverMs),
});

/** A room running round 7 since page time 1000 with bets of u1 and u2 and the caller's (u1) bet. */
function runningRoom(): RoomState {
  let state = onTimerStart(EMPTY_ROOM, timer('7'), 0);
  state = onBet(state, { round: '7', bet: bet('u1') });
  state = onBet(state, { round: '7', bet: bet('u2', { wager: '0.5' }) });
  state = onAnswer(state, answer('u1'));
  return onBettingState(state, running('7'), 1_000);
}

describe('decimal helpers', () => {
  it('subtracts exactly and checks payouts of trimmed strings', () => {
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('1.52', '1')).toBe('0.52');
    expect(subtractDecimals('0', '0.5')).toBe('-0.5');
    expect(paysExactly('0.1', 152n, '0.152')).toBe(true);
    expect(paysExactly('0.00000003', 150n, '0.00000004')).toBe(true);
    expect(paysExactly('0.2', 152n, '0.152')).toBe(false);
    expect(paysExactly('0.1', 153n, '0.152')).toBe(false);
  });
});

describe('timer, pills and the players order', () => {
  it('turns orange at 10 s left and red at 5 s (spec 3 section 9)', () => {
    expect(timerLevel(15_000)).toBe('calm');
    expect(timerLevel(10_001)).toBe('calm');
    expect(timerLevel(10_000)).toBe('warn');
    expect(timerLevel(5_001)).toBe('warn');
    expect(timerLevel(5_000)).toBe('danger');
    expect(timerLevel(0)).toBe('danger');
  });

  it('colours results below 2x, from 2x and from 10x', () => {
    expect(['1.00', '1.99', '2.00', '9.99', '10.00', '1234.56'].map(pillTone)).toEqual([
      'low',
      'low',
      'mid',
      'mid',
      'high',
      'high',
    ]);
  });

  it('lists cash-outs first (highest first), then bets in play by USD value, then losses', () => {
    const rows = sortPlayers(
      [
        bet('a', { status: 'lost' }),
        bet('b', { wager: '1', currency: 'usdt' }),
        bet('c', { status: 'cashed_out', multiplier: '1.50' }),
        bet('d', { wager: '0.001', currency: 'btc' }),
        bet('e', { status: 'cashed_out', multiplier: '3.10' }),
        bet('f', { status: 'cancelled' }),
      ],
      (currency) => (currency === 'btc' ? 60_000 : 1),
    );
    expect(rows.map((b) => b.user._id)).toEqual(['e', 'c', 'd', 'b', 'a']);
  });
});

describe('the room from the snapshot', () => {
  it('maps server times onto the page clock, whatever the page clock says', () => {
    const state = fromSnapshot(
      snapshot({ round: roundView({ bettingEndsAt: at(12_000), serverTime: at(2_000) }) }),
      500,
    );
    expect(state.status).toBe('ready');
    expect(bettingLeft(state.round, 500)).toBe(10_000);
    expect(bettingLeft(state.round, 11_000)).toBe(0);
  });

  it('continues a running round from its elapsed time and shows a busted one at its crash point', () => {
    const run = fromSnapshot(snapshot({ round: roundView({ phase: 'running', elapsed: 4_000 }) }), 100);
    expect(displayElapsed(run.round, 100)).toBe(4_000);
    expect(displayElapsed(run.round, 300)).toBe(4_200);
    const busted = fromSnapshot(
      snapshot({ round: roundView({ phase: 'busted', elapsed: 9_000, result: result('7', '1.71') }) }),
      0,
    );
    expect(busted.round?.crashPoint).toBe(171n);
    expect(displayElapsed(busted.round, 99_999)).toBe(timeFor(171n));
  });

  it('ignores a snapshot older than the events already applied, but keeps its results', () => {
    const state = runningRoom();
    const stale = fromSnapshot(
      snapshot({ round: roundView({ id: '7' }), history: [result('6', '2.00')] }),
      2_000,
      state,
    );
    expect(stale.round).toBe(state.round);
    expect(stale.history.map((r) => r.id)).toEqual(['6']);
  });

  it("keeps the caller's bet only for the current round", () => {
    const state = fromSnapshot(snapshot({ mine: answer('u1', 'win', { round: '6' }) }), 0);
    expect(state.mine).toBeNull();
  });
});

describe('the round events', () => {
  it('opens a new round on the timer start and drops the last round bets', () => {
    let state = runningRoom();
    state = onFinished(state, { round: '7', result: result('7', '2.50'), salt: 's' });
    state = onTimerStart(state, timer('8', 20_000), 30_000);
    expect(state.round?.id).toBe('8');
    expect(state.round?.phase).toBe('betting');
    expect(state.bets).toEqual([]);
    expect(state.mine).toBeNull();
    expect(bettingLeft(state.round, 30_000)).toBe(15_000);
    expect(state.history[0]?.id).toBe('7');
    // An older round's timer is ignored.
    expect(onTimerStart(state, timer('5'), 0)).toBe(state);
  });

  it('interpolates between updates, never backwards, at most MAX_LEAD_MS past the last one', () => {
    let state = runningRoom();
    expect(displayElapsed(state.round, 1_000)).toBe(0);
    expect(displayElapsed(state.round, 1_100)).toBe(100);
    // A late update (network delay) does not pull the curve back.
    state = onDataUpdate(state, { round: '7', elapsed: 150, multiplier: '1.00', cashOuts: [] }, 1_300, 'u1');
    expect(displayElapsed(state.round, 1_300)).toBe(300);
    // An update ahead of the estimate moves it forward.
    state = onDataUpdate(state, { round: '7', elapsed: 600, multiplier: '1.03', cashOuts: [] }, 1_400, 'u1');
    expect(displayElapsed(state.round, 1_400)).toBe(600);
    // Silence: the curve stops MAX_LEAD_MS after the last update.
    expect(displayElapsed(state.round, 60_000)).toBe(600 + MAX_LEAD_MS);
    expect(multiplierAt(displayElapsed(state.round, 1_500))).toBe(multiplierAt(700));
  });

  it('marks cash-outs on the list and on the caller’s bet; a hidden one by its amount', () => {
    let state = runningRoom();
    state = onBet(state, { round: '7', bet: bet('', { wager: '2', user: hidden() }) });
    state = onBet(state, { round: '7', bet: bet('', { wager: '0.3', user: hidden() }) });
    state = onDataUpdate(
      state,
      {
        round: '7',
        elapsed: 7_000,
        multiplier: '1.52',
        cashOuts: [
          { user: 'u2', multiplier: '1.50', payout: '0.75', currency: 'usdt' },
          { user: 'u1', multiplier: '1.52', payout: '1.52', currency: 'usdt' },
          { user: '', multiplier: '1.52', payout: '0.456', currency: 'usdt' },
        ],
      },
      8_000,
      'u1',
    );
    const byWager = Object.fromEntries(state.bets.map((b) => [`${b.user._id}:${b.wager}`, b]));
    expect(byWager['u2:0.5']).toMatchObject({
      status: 'cashed_out',
      multiplier: '1.50',
      payout: '0.75',
      profit: '0.25',
    });
    expect(byWager['u1:1']).toMatchObject({ status: 'cashed_out', profit: '0.52' });
    expect(byWager[':0.3']).toMatchObject({ status: 'cashed_out', payout: '0.456' });
    expect(byWager[':2']?.status).toBe('active');
    expect(state.mine?.game).toMatchObject({ status: 'win', win: true });
    expect(state.mine?.canBeFinished).toBe(false);
    expect(state.mineConfirmed).toBe(true);
  });

  it('busts: bets still in play lose, the caller’s bet provisionally until the server confirms it', () => {
    let state = runningRoom();
    state = onFinished(state, { round: '7', result: result('7', '1.20'), salt: 's' });
    expect(state.round?.phase).toBe('busted');
    expect(state.round?.crashPoint).toBe(120n);
    expect(state.bets.map((b) => [b.status, b.profit])).toEqual([
      ['lost', '-1'],
      ['lost', '-0.5'],
    ]);
    expect(state.mine?.game.status).toBe('lose');
    expect(state.mineConfirmed).toBe(false);
    expect(state.history[0]?.crashPoint).toBe('1.20');
    // The answer (or the resync) is the server's word.
    expect(onAnswer(state, answer('u1', 'lose')).mineConfirmed).toBe(true);
  });

  it('drops a cancelled bet; a hidden cancellation takes the last hidden bet', () => {
    let state = onTimerStart(EMPTY_ROOM, timer('7'), 0);
    state = onBet(state, { round: '7', bet: bet('u2') });
    state = onBet(state, { round: '7', bet: bet('', { user: hidden(), wager: '3' }) });
    state = onCancellation(state, { round: '7', user: 'u2' });
    expect(state.bets.map((b) => b.wager)).toEqual(['3']);
    state = onCancellation(state, { round: '7', user: '' });
    expect(state.bets).toEqual([]);
    expect(onCancellation(state, { round: '8', user: 'x' })).toBe(state);
  });

  it('puts the caller’s answer on the list and takes it off when cancelled', () => {
    let state = onTimerStart(EMPTY_ROOM, timer('7'), 0);
    state = onAnswer(state, answer('u1'));
    expect(state.bets.map((b) => b.user._id)).toEqual(['u1']);
    state = onBet(state, { round: '7', bet: bet('u1') });
    expect(state.bets).toHaveLength(1);
    state = onAnswer(state, answer('u1', 'cancelled'));
    expect(state.bets).toEqual([]);
    expect(state.mine?.game.status).toBe('cancelled');
  });
});

function hidden() {
  return { _id: '', name: 'Hidden', avatar: null, private_bets: true };
}
