import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CoinflipAction,
  type CoinflipParams,
  type CoinflipSide,
  type CoinflipState,
  arraySource,
  coinflip,
  coinflipParamsSchema,
  ratio,
  ratioToDecimal,
  replayExtended,
} from '@nebula/games';
import type { ExtendedBoardProps, ExtendedRoundView } from '../types';
import coinflipUi from './index';
import { CoinflipActions } from './coinflip-actions';
import { CoinflipBoard } from './coinflip-board';
import { coinAngles, compactMultiplier, nextAngle, spinDuration } from './coinflip-model';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const floatOf = (side: CoinflipSide) => (side === 'heads' ? 0.25 : 0.75);

/** A round played through the real game: each call against the coin's `results`. */
function roundOf(
  calls: CoinflipSide[],
  results: CoinflipSide[],
  overrides: Partial<ExtendedRoundView<CoinflipState>> = {},
): ExtendedRoundView<CoinflipState> {
  const actions: CoinflipAction[] = calls.map((side) => ({ side }));
  const replay = replayExtended(coinflip, {}, actions, arraySource(results.map(floatOf)), 100);
  const open = replay.type === 'continue';
  return {
    betId: '9',
    state: open ? 'in-progress' : 'finished',
    last: actions.length === 0 ? 'start' : replay.type,
    view: open ? (coinflip.view(replay.state) as CoinflipState) : replay.state,
    multiplier: ratioToDecimal(coinflip.payout(replay.state, 100), 8),
    wager: '1',
    payout: '0',
    profit: '0',
    currency: 'btc',
    canTake: open && coinflip.canTake(replay.state),
    canCancel: open && coinflip.canCancel(replay.state),
    delay: 0,
    ...overrides,
  };
}

function props(overrides: Partial<ExtendedBoardProps<CoinflipParams, CoinflipState>> = {}) {
  return {
    params: {},
    setParams: vi.fn(),
    locked: false,
    round: null,
    roundKey: 0,
    turn: vi.fn(),
    busy: false,
    houseEdgeBps: 100,
    sound: { play: vi.fn() },
    wager: 100_000_000n,
    currency: 'btc',
    decimals: 8,
    ...overrides,
  } satisfies ExtendedBoardProps<CoinflipParams, CoinflipState>;
}

describe('coinflip UI', () => {
  it('is a cash-out extended game with empty params', () => {
    expect(coinflipUi.kind).toBe('extended');
    expect(coinflipUi.cashOut).toBe(true);
    expect(coinflipParamsSchema.safeParse(coinflipUi.defaultParams).success).toBe(true);
  });

  it('shows the coin without a side and disabled calls before the first round', () => {
    render(
      <>
        <CoinflipBoard {...props()} />
        <CoinflipActions {...props()} />
      </>,
    );
    expect(screen.getByTestId('coinflip-coin').dataset.side).toBe('');
    expect(screen.getAllByTestId('coinflip-step')).toHaveLength(20);
    expect((screen.getByTestId('coinflip-heads') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('coinflip-tails') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the streak, the flips on the ladder and the multiplier', () => {
    const round = roundOf(['heads', 'tails', 'tails'], ['heads', 'tails', 'tails']);
    render(<CoinflipBoard {...props({ round, roundKey: 4 })} />);
    expect(screen.getByTestId('coinflip-coin').dataset.side).toBe('tails');
    expect(screen.getByTestId('coinflip-streak').textContent).toBe('3');
    expect(screen.getByTestId('coinflip-multiplier').textContent).toBe('7.92×');
    const steps = screen.getAllByTestId('coinflip-step');
    expect(steps.slice(0, 4).map((step) => step.dataset.result)).toEqual(['right', 'right', 'right', '']);
    expect(steps[3]!.className).toContain('is-next');
    expect(steps[19]!.textContent).toContain('1.03M×');
    expect(screen.getByText('Next 15.84×')).toBeTruthy();
  });

  it('marks a lost round on the coin and the ladder', () => {
    const round = roundOf(['heads', 'heads'], ['heads', 'tails']);
    expect(round.state).toBe('finished');
    render(<CoinflipBoard {...props({ round, roundKey: 2 })} />);
    expect(screen.getByTestId('coinflip-board').className).toContain('is-lost');
    expect(screen.getByTestId('coinflip-coin').dataset.side).toBe('tails');
    expect(
      screen
        .getAllByTestId('coinflip-step')
        .map((step) => step.dataset.result)
        .slice(0, 3),
    ).toEqual(['right', 'wrong', '']);
    expect(screen.getByText('Wrong call')).toBeTruthy();
    expect(screen.getByTestId('coinflip-multiplier').textContent).toBe('0.00×');
  });

  it('the buttons show the next multiplier and send the call; busy disables them', () => {
    const turn = vi.fn();
    const round = roundOf(['tails'], ['tails']);
    const base = props({ round, roundKey: 1, turn });
    const { rerender } = render(<CoinflipActions {...base} />);
    expect(screen.getByTestId('coinflip-heads').textContent).toContain('3.96×50%');
    fireEvent.click(screen.getByTestId('coinflip-tails'));
    expect(turn).toHaveBeenCalledExactlyOnceWith({ side: 'tails' });
    rerender(<CoinflipActions {...base} busy />);
    fireEvent.click(screen.getByTestId('coinflip-heads'));
    expect(turn).toHaveBeenCalledTimes(1);
  });

  it('spins the coin onto the result and pops for a right call', async () => {
    vi.useFakeTimers();
    const base = props();
    const { rerender } = render(<CoinflipBoard {...base} />);
    const round = roundOf(['heads', 'tails'], ['heads', 'tails'], { delay: 800 });
    rerender(<CoinflipBoard {...base} round={round} roundKey={2} />);
    const coin = screen.getByTestId('coinflip-coin');
    expect(coin.parentElement!.className).toContain('is-tossing');
    expect(Number(coin.dataset.angle) % 360).toBe(180);
    expect(base.sound.play).toHaveBeenCalledWith('roll', expect.anything());
    // In the air: the ladder and the streak still show the round before this flip.
    const results = () => screen.getAllByTestId('coinflip-step').map((step) => step.dataset.result);
    expect(results().slice(0, 3)).toEqual(['right', '', '']);
    expect(screen.getByTestId('coinflip-streak').textContent).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(850));
    expect(base.sound.play).toHaveBeenCalledWith('pop', expect.anything());
    expect(results().slice(0, 3)).toEqual(['right', 'right', '']);
    expect(screen.getByTestId('coinflip-streak').textContent).toBe('2');
  });

  it('model: angles land heads at 0 and tails at 180 after 5+ turns; spin timing; compact values', () => {
    expect(nextAngle(0, 'heads')).toBe(1800);
    expect(nextAngle(0, 'tails')).toBe(1980);
    expect(nextAngle(1980, 'heads')).toBe(3960);
    expect(nextAngle(1980, 'tails')).toBe(3780);
    const state: CoinflipState = {
      flips: [
        { call: 'heads', result: 'tails' },
        { call: 'tails', result: 'tails' },
      ],
    };
    expect(coinAngles(state)).toEqual({ from: 1980, angle: 3780 });
    const round = roundOf(['heads'], ['heads'], { delay: 800 });
    expect(spinDuration(round)).toBe(800);
    expect(spinDuration({ ...round, delay: 3000 })).toBe(1100);
    expect(spinDuration({ ...round, last: 'take' })).toBe(0);
    expect(spinDuration({ ...round, last: 'start' })).toBe(0);
    expect(compactMultiplier(ratio(101376, 100))).toBe('1.01K');
    expect(compactMultiplier(ratio(51904512, 100))).toBe('519.04K');
    expect(compactMultiplier(ratio(99999, 100))).toBe('999.99');
  });
});
