import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaccaratOutcome } from '@nebula/games';
import '../../lib/i18n';
import type { BoardProps, RoundView } from '../types';
import { BaccaratBoard } from './board';
import { BaccaratControls } from './controls';
import { dealDuration } from './deal';
import { type BaccaratUiParams, DEFAULT_BACCARAT_PARAMS, addChip } from './params';

// Player ♥9 ♠K (9), banker ♦7 ♣2 (9): a natural tie. Second coup: player 2+2 draws ♠2 (6), banker A+3 draws 4 (8).
const TIE: BaccaratOutcome = {
  player: [29, 46],
  banker: [20, 3],
  playerTotal: 9,
  bankerTotal: 9,
  winner: 'tie',
};
const BANKER: BaccaratOutcome = {
  player: [0, 1, 2],
  banker: [48, 4, 8],
  playerTotal: 6,
  bankerTotal: 8,
  winner: 'banker',
};

function roundOf(outcome: BaccaratOutcome, delay = 1000): RoundView<BaccaratOutcome> {
  return {
    betId: 'b',
    outcome,
    params: {},
    multiplier: '1',
    win: false,
    status: 'lose',
    profit: '0',
    payout: '0',
    wager: '0.01',
    currency: 'usd',
    quick: delay === 0,
    delay,
  };
}

function props(overrides: Partial<BoardProps<BaccaratUiParams, BaccaratOutcome>> = {}) {
  return {
    params: DEFAULT_BACCARAT_PARAMS,
    setParams: vi.fn(),
    locked: false,
    round: null,
    roundKey: 0,
    onAnimationEnd: vi.fn(),
    houseEdgeBps: 100,
    sound: { play: vi.fn() },
    wager: 0n,
    currency: 'usd',
    decimals: 2,
    ...overrides,
  } satisfies BoardProps<BaccaratUiParams, BaccaratOutcome>;
}

const cardsOf = (hand: string) =>
  [...document.querySelectorAll(`.bac-hand--${hand} .bac-card`)].map((el) =>
    Number(el.getAttribute('data-card')),
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('BaccaratBoard', () => {
  it('shows the pays and places the selected chip on a spot', () => {
    const setParams = vi.fn();
    render(<BaccaratBoard {...props({ setParams })} />);
    expect(screen.getByTestId('baccarat-bet-player').textContent).toContain('2.0051x');
    expect(screen.getByTestId('baccarat-bet-banker').textContent).toContain('1.9513x');
    expect(screen.getByTestId('baccarat-bet-tie').textContent).toContain('10.3745x');
    fireEvent.click(screen.getByTestId('baccarat-bet-player'));
    expect(setParams.mock.calls[0]![0]).toMatchObject({ player: '1', banker: '0', tie: '0' });
  });

  it('removes a side on right-click', () => {
    const setParams = vi.fn();
    const params = addChip(DEFAULT_BACCARAT_PARAMS, 'tie', 5n);
    render(<BaccaratBoard {...props({ params, setParams })} />);
    fireEvent.contextMenu(screen.getByTestId('baccarat-bet-tie'));
    expect(setParams.mock.calls[0]![0]).toMatchObject({ tie: '0' });
  });

  it('deals the cards in order, counts totals, then shows the winner and ends', () => {
    const onAnimationEnd = vi.fn();
    const params = addChip(DEFAULT_BACCARAT_PARAMS, 'player', 100n);
    const base = props({ onAnimationEnd, params });
    const { rerender } = render(<BaccaratBoard {...base} />);
    rerender(<BaccaratBoard {...base} round={roundOf(BANKER)} roundKey={1} />);
    expect(cardsOf('player')).toEqual([0, 1, 2]);
    expect(cardsOf('banker')).toEqual([48, 4, 8]);
    expect(document.querySelector('.bac-hand--player .bac-card.is-third')).toBeTruthy();
    expect(screen.queryByTestId('baccarat-result')).toBeNull();
    expect(screen.getByTestId('baccarat-total-player').textContent).toBe('');
    act(() => vi.advanceTimersByTime(dealDuration(1000) / 2));
    expect(onAnimationEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(dealDuration(1000)));
    expect(onAnimationEnd).toHaveBeenCalledWith(1);
    expect(screen.getByTestId('baccarat-result').textContent).toBe('banker');
    expect(screen.getByTestId('baccarat-total-player').textContent).toBe('6');
    expect(screen.getByTestId('baccarat-total-banker').textContent).toBe('8');
    expect(screen.getByTestId('baccarat-bet-player').className).toContain('is-lost');
    expect(base.sound.play).toHaveBeenCalledWith('card', expect.anything());
  });

  it('shows a tie at once in quick mode with pushes on player and banker', () => {
    const onAnimationEnd = vi.fn();
    const params = addChip(addChip(DEFAULT_BACCARAT_PARAMS, 'player', 1n), 'tie', 1n);
    const base = props({ onAnimationEnd, params });
    const { rerender } = render(<BaccaratBoard {...base} />);
    rerender(<BaccaratBoard {...base} round={roundOf(TIE, 0)} roundKey={2} />);
    expect(onAnimationEnd).toHaveBeenCalledWith(2);
    expect(screen.getByTestId('baccarat-result').textContent).toBe('tie');
    expect(screen.getByTestId('baccarat-total-player').textContent).toBe('9');
    expect(screen.getByTestId('baccarat-bet-player').className).toContain('is-push');
    expect(screen.getByTestId('baccarat-bet-tie').className).toContain('is-won');
    expect(document.querySelector('.bac-card.is-dealing')).toBeNull();
  });
});

describe('BaccaratControls', () => {
  it('selects a chip and is disabled while locked', () => {
    const setParams = vi.fn();
    const base = {
      params: DEFAULT_BACCARAT_PARAMS,
      setParams,
      locked: false,
      houseEdgeBps: 100,
      wager: 0n,
      currency: 'usd',
      decimals: 2,
    };
    const { rerender } = render(<BaccaratControls {...base} />);
    fireEvent.click(screen.getByTestId('baccarat-chip-100'));
    expect(setParams).toHaveBeenCalledWith({ ...DEFAULT_BACCARAT_PARAMS, chip: 100 });
    expect((screen.getByTestId('baccarat-undo') as HTMLButtonElement).disabled).toBe(true);
    rerender(<BaccaratControls {...base} locked />);
    expect((screen.getByTestId('baccarat-chip-10') as HTMLButtonElement).disabled).toBe(true);
  });
});
