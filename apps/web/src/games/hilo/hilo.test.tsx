import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type HiloAction,
  type HiloParams,
  type HiloState,
  arraySource,
  hilo,
  hiloParamsSchema,
  ratioToDecimal,
  replayExtended,
} from '@nebula/games';
import type { ExtendedBoardProps, ExtendedRoundView } from '../types';
import hiloUi from './index';
import { HiloBoard, flipDuration } from './hilo-board';
import { HiloActions } from './hilo-actions';
import { guessOdds, historyEntries } from './hilo-model';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Card index of a game rank (A = 1 .. K = 13), ♦ suit. */
const cardOfRank = (rank: number) => (rank === 1 ? 48 : 4 * (rank - 2));
const floatOfRank = (rank: number) => (cardOfRank(rank) + 0.5) / 52;

/** A round played through the real game: the first rank, then each action with the next rank. */
function roundOf(
  ranks: number[],
  actions: HiloAction[],
  overrides: Partial<ExtendedRoundView<HiloState>> = {},
): ExtendedRoundView<HiloState> {
  const replay = replayExtended(hilo, {}, actions, arraySource(ranks.map(floatOfRank)), 100);
  const open = replay.type === 'continue';
  return {
    betId: '7',
    state: open ? 'in-progress' : 'finished',
    last: actions.length === 0 ? 'start' : replay.type,
    view: open ? (hilo.view(replay.state) as HiloState) : replay.state,
    multiplier: ratioToDecimal(hilo.payout(replay.state, 100), 8),
    wager: '1',
    payout: '0',
    profit: '0',
    currency: 'btc',
    canTake: open && hilo.canTake(replay.state),
    canCancel: open && hilo.canCancel(replay.state),
    delay: 0,
    ...overrides,
  };
}

function props(overrides: Partial<ExtendedBoardProps<HiloParams, HiloState>> = {}) {
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
  } satisfies ExtendedBoardProps<HiloParams, HiloState>;
}

describe('hilo UI', () => {
  it('is a cash-out extended game with empty params', () => {
    expect(hiloUi.kind).toBe('extended');
    expect(hiloUi.cashOut).toBe(true);
    expect(hiloParamsSchema.safeParse(hiloUi.defaultParams).success).toBe(true);
    expect(hiloUi.Actions).toBe(HiloActions);
  });

  it('shows a face-down card and disabled buttons before the first round', () => {
    render(
      <>
        <HiloBoard {...props()} />
        <HiloActions {...props()} />
      </>,
    );
    expect(screen.getByTestId('hilo-current-card').dataset.rank).toBe('');
    expect(screen.getByText('Place a bet to draw the first card')).toBeTruthy();
    for (const id of ['hilo-higher', 'hilo-lower', 'hilo-equal', 'hilo-skip']) {
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('shows the current card, the history with each decision, and the multiplier', () => {
    // 5; higher -> 9 (9/13); skip -> Q; lower -> 3 (12/13).
    const round = roundOf([5, 9, 12, 3], [{ guess: 'higher' }, { skip: true }, { guess: 'lower' }]);
    render(<HiloBoard {...props({ round, roundKey: 3 })} />);
    expect(screen.getByTestId('hilo-current-card').dataset.rank).toBe('3');
    const history = screen.getAllByTestId('hilo-history-card');
    expect(history.map((card) => [card.dataset.decision, card.dataset.result])).toEqual([
      ['higher', 'correct'],
      ['skip', 'skip'],
      ['lower', 'correct'],
    ]);
    // 0.99 * 13/9 = 1.43; 0.99 * 13/9 * 13/12 = 1.549...
    expect(history[0]!.textContent).toContain('1.43×');
    expect(history[2]!.textContent).toContain('1.54×');
    expect(screen.getByTestId('hilo-multiplier').textContent).toContain('1.54×');
  });

  it('marks a lost round: the wrong guess in the history and the badge', () => {
    const round = roundOf([8, 2], [{ guess: 'higher' }]);
    expect(round.state).toBe('finished');
    render(<HiloBoard {...props({ round, roundKey: 2 })} />);
    expect(screen.getByTestId('hilo-board').className).toContain('is-lost');
    expect(screen.getByTestId('hilo-current-card').dataset.rank).toBe('2');
    expect(screen.getAllByTestId('hilo-history-card').map((card) => card.dataset.result)).toEqual(['wrong']);
    expect(screen.getByText('Wrong guess')).toBeTruthy();
    expect(screen.getByTestId('hilo-multiplier').textContent).toContain('0.00×');
  });

  it('buttons show chance and multiplier and send the decision', () => {
    const round = roundOf([10], []);
    const turn = vi.fn();
    const base = props({ round, roundKey: 1, turn });
    const { rerender } = render(<HiloActions {...base} />);
    expect(screen.getByTestId('hilo-higher').textContent).toContain('3.21×30.76%');
    expect(screen.getByTestId('hilo-lower').textContent).toContain('1.28×76.92%');
    expect(screen.getByTestId('hilo-equal').textContent).toContain('12.87×7.69%');
    expect(screen.getByTestId('hilo-skip').textContent).toContain('52 left');
    fireEvent.click(screen.getByTestId('hilo-lower'));
    fireEvent.click(screen.getByTestId('hilo-skip'));
    expect(turn.mock.calls).toEqual([[{ guess: 'lower' }], [{ skip: true }]]);
    rerender(<HiloActions {...base} busy />);
    fireEvent.click(screen.getByTestId('hilo-higher'));
    expect((screen.getByTestId('hilo-higher') as HTMLButtonElement).disabled).toBe(true);
    expect(turn).toHaveBeenCalledTimes(2);
  });

  it('disables Skip once the 52 skips are used', () => {
    const skips: HiloAction[] = new Array<HiloAction>(52).fill({ skip: true });
    const round = roundOf(new Array<number>(53).fill(7), skips);
    render(<HiloActions {...props({ round, roundKey: 1 })} />);
    expect((screen.getByTestId('hilo-skip') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('hilo-skip').textContent).toContain('0 left');
    expect((screen.getByTestId('hilo-higher') as HTMLButtonElement).disabled).toBe(false);
  });

  it('deals the new card with a flip and pops for a guess that came true', async () => {
    vi.useFakeTimers();
    const base = props();
    const { rerender } = render(<HiloBoard {...base} />);
    const round = roundOf([4, 6], [{ guess: 'higher' }], { delay: 600 });
    rerender(<HiloBoard {...base} round={round} roundKey={1} />);
    const card = screen.getByTestId('hilo-current-card');
    expect(card.className).toContain('is-flipping');
    expect(base.sound.play).toHaveBeenCalledWith('card');
    await act(() => vi.advanceTimersByTimeAsync(650));
    expect(base.sound.play).toHaveBeenCalledWith(
      'pop',
      expect.objectContaining({ pitch: expect.any(Number) }),
    );
  });

  it('animates only new cards, never a restore or a take', () => {
    const round = roundOf([4, 6], [{ guess: 'higher' }], { delay: 600 });
    expect(flipDuration(round)).toBe(600);
    expect(flipDuration({ ...round, delay: 5000 })).toBe(900);
    expect(flipDuration({ ...round, last: 'restore' })).toBe(0);
    expect(flipDuration({ ...round, last: 'take' })).toBe(0);
    expect(flipDuration({ ...round, delay: 0 })).toBe(0);
    expect(flipDuration(null)).toBe(0);
  });

  it('model: history multipliers and odds come from the game math', () => {
    const { view } = roundOf([1, 1], [{ guess: 'lower' }]);
    expect(historyEntries(view.cards, 100).map((entry) => entry.multiplier)).toEqual([
      { num: 1287n, den: 100n },
    ]);
    expect(guessOdds(view, 100).map((odd) => odd.chance)).toEqual(['100.00', '7.69', '7.69']);
  });
});
