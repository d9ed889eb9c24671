import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlackjackResult, blackjackParamsSchema } from '@nebula/games';
import blackjackUi from './index';
import { BlackjackActions } from './blackjack-actions';
import { BlackjackBoard } from './blackjack-board';
import { planTable, totalText } from './table-plan';
import { blackjackProps, blackjackRound } from './test-round';

afterEach(cleanup);

const HIT = { action: 'hit' } as const;
const SPLIT = { action: 'split' } as const;
const DOUBLE = { action: 'double' } as const;
const STAND = { action: 'stand' } as const;

describe('blackjack UI', () => {
  it('is an extended game without cash-out, params or cancel', () => {
    expect(blackjackUi.kind).toBe('extended');
    expect(blackjackUi.cashOut).toBe(false);
    expect(blackjackUi.Actions).toBe(BlackjackActions);
    expect(blackjackParamsSchema.safeParse(blackjackUi.defaultParams).success).toBe(true);
  });

  it('shows an empty table before the first round', () => {
    render(<BlackjackBoard {...blackjackProps()} />);
    expect(screen.getByTestId('blackjack-board').dataset.phase).toBe('none');
    expect(screen.getByText('Place your bet to deal')).toBeTruthy();
    expect(screen.queryByTestId('blackjack-player-total')).toBeNull();
    expect(screen.queryByTestId('blackjack-dealer-total')).toBeNull();
  });

  it('an open round: the player total, the dealer up card total and the hole card face down', () => {
    const round = blackjackRound(['10', '5', '6', 'K']);
    render(<BlackjackBoard {...blackjackProps({ round, roundKey: 1 })} />);
    const total = screen.getByTestId('blackjack-player-total');
    expect(total.textContent).toBe('16');
    expect(total.dataset.total).toBe('16');
    expect(screen.getByTestId('blackjack-dealer-total').dataset.total).toBe('5');
    expect(screen.getByRole('img', { name: 'Face-down card' })).toBeTruthy();
    expect(screen.getByTestId('blackjack-hand').dataset.active).toBe('true');
    expect(screen.queryByTestId('blackjack-result')).toBeNull();
  });

  it('a soft total in play reads low/high', () => {
    expect(totalText([48, 16], true)).toBe('7/17');
    expect(totalText([48, 16], false)).toBe('17');
    expect(totalText([48, 32], true)).toBe('21');
    render(
      <BlackjackBoard {...blackjackProps({ round: blackjackRound(['A', '9', '6', '7']), roundKey: 1 })} />,
    );
    expect(screen.getByTestId('blackjack-player-total').textContent).toBe('7/17');
  });

  it('a settled round turns the hole card over and labels every hand with its result', () => {
    // 8,8 split vs 10/7: left 8,3 doubled to 21 wins, right 8,9 pushes.
    const round = blackjackRound(['8', '10', '8', '7', '3', '10', '9'], [SPLIT, DOUBLE, STAND]);
    render(<BlackjackBoard {...blackjackProps({ round, roundKey: 3 })} />);
    expect(screen.queryByRole('img', { name: 'Face-down card' })).toBeNull();
    expect(screen.getByTestId('blackjack-dealer-total').dataset.total).toBe('17');
    const hands = screen.getAllByTestId('blackjack-hand');
    expect(hands).toHaveLength(2);
    expect(hands.map((hand) => hand.dataset.result)).toEqual([
      String(BlackjackResult.Win),
      String(BlackjackResult.Push),
    ]);
    expect(within(hands[0]!).getByText('Win')).toBeTruthy();
    expect(within(hands[0]!).getByText('Doubled ×2')).toBeTruthy();
    expect(within(hands[1]!).getByText('Push')).toBeTruthy();
    expect(hands.every((hand) => hand.dataset.active === 'false')).toBe(true);
  });

  it('shows insurance taken, then paid on a dealer blackjack', () => {
    const open = blackjackRound(['9', 'A', '8', 'K']);
    const { rerender } = render(<BlackjackBoard {...blackjackProps({ round: open, roundKey: 1 })} />);
    expect(screen.getByTestId('blackjack-board').dataset.phase).toBe('insurance');
    expect(screen.getByText('Insurance?')).toBeTruthy();
    const paid = blackjackRound(['9', 'A', '8', 'K'], [{ action: 'insurance', accept: true }]);
    rerender(<BlackjackBoard {...blackjackProps({ round: paid, roundKey: 2 })} />);
    expect(screen.getByTestId('blackjack-insurance').textContent).toBe('Insurance pays 2:1');
    expect(screen.getByTestId('blackjack-result').textContent).toBe('Dealer blackjack');
  });
});

describe('blackjack actions', () => {
  it('are all disabled before a round, with no insurance question', () => {
    render(<BlackjackActions {...blackjackProps()} />);
    for (const id of ['hit', 'stand', 'double', 'split']) {
      expect((screen.getByTestId(`blackjack-${id}`) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.queryByTestId('blackjack-insurance-yes')).toBeNull();
  });

  it('enable exactly what the round allows and send the decision', () => {
    const turn = vi.fn();
    const { rerender } = render(
      <BlackjackActions {...blackjackProps({ round: blackjackRound(['10', '5', '6', 'K']), turn })} />,
    );
    const enabled = (id: string) => !(screen.getByTestId(`blackjack-${id}`) as HTMLButtonElement).disabled;
    expect(['hit', 'stand', 'double', 'split'].map(enabled)).toEqual([true, true, true, false]);
    fireEvent.click(screen.getByTestId('blackjack-hit'));
    expect(turn).toHaveBeenLastCalledWith(HIT);
    rerender(<BlackjackActions {...blackjackProps({ round: blackjackRound(['8', '5', '8', 'K']), turn })} />);
    expect(enabled('split')).toBe(true);
    fireEvent.click(screen.getByTestId('blackjack-split'));
    expect(turn).toHaveBeenLastCalledWith(SPLIT);
    rerender(
      <BlackjackActions
        {...blackjackProps({ round: blackjackRound(['2', '5', '3', 'K', '4'], [HIT]), turn })}
      />,
    );
    expect(['hit', 'stand', 'double', 'split'].map(enabled)).toEqual([true, true, false, false]);
    turn.mockClear();
    rerender(
      <BlackjackActions
        {...blackjackProps({ round: blackjackRound(['10', '5', '6', 'K']), turn, busy: true })}
      />,
    );
    expect(['hit', 'stand', 'double', 'split'].map(enabled)).toEqual([false, false, false, false]);
    fireEvent.click(screen.getByTestId('blackjack-stand'));
    expect(turn).not.toHaveBeenCalled();
  });

  it('ask for insurance only while the dealer shows an ace', () => {
    const turn = vi.fn();
    render(<BlackjackActions {...blackjackProps({ round: blackjackRound(['9', 'A', '8', '5']), turn })} />);
    expect((screen.getByTestId('blackjack-hit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('blackjack-insurance-no'));
    expect(turn).toHaveBeenLastCalledWith({ action: 'insurance', accept: false });
    fireEvent.click(screen.getByTestId('blackjack-insurance-yes'));
    expect(turn).toHaveBeenLastCalledWith({ action: 'insurance', accept: true });
  });
});

describe('blackjack table plan', () => {
  it('deals the opening cards one by one in shoe order: player, dealer, player, hole card', () => {
    const plan = planTable(blackjackRound(['10', '5', '6', 'K'], [], { delay: 1000 }), null)!;
    const motions = [plan.hands[0]!.cards[0], plan.dealer[0], plan.hands[0]!.cards[1], plan.dealer[1]].map(
      (c) => c!.motion!,
    );
    expect(motions.map((m) => m.kind)).toEqual(['deal', 'deal', 'deal', 'deal']);
    const delays = motions.map((m) => m.delay);
    expect([...delays].sort((a, b) => a - b)).toEqual(delays);
    expect(new Set(delays).size).toBe(4);
    expect(plan.dealer[1]).toMatchObject({ card: null, faceDown: true });
    expect(plan.cues).toHaveLength(4);
    expect(plan.hands[0]!.readyAt).toBe(motions[2]!.delay + motions[2]!.duration);
  });

  it('animates only the new cards: a split card slides over, the hole card turns, then the dealer draws', () => {
    const start = planTable(blackjackRound(['8', '10', '8', '7'], [], { delay: 1000 }), null)!;
    const split = planTable(
      blackjackRound(['8', '10', '8', '7', '3'], [SPLIT], { delay: 1000 }),
      start.snapshot,
    )!;
    expect(split.hands.map((hand) => hand.id)).toEqual([0, 1]);
    expect(split.hands[0]!.cards.map((card) => card.motion?.kind ?? null)).toEqual([null, 'deal']);
    expect(split.hands[1]!.cards[0]!.motion?.kind).toBe('slide');
    expect(split.dealer.every((card) => !card.motion)).toBe(true);
    const done = planTable(
      blackjackRound(['8', '10', '8', '7', '3', '9', '5', '4'], [SPLIT, STAND, STAND], { delay: 1000 }),
      planTable(
        blackjackRound(['8', '10', '8', '7', '3', '9'], [SPLIT, STAND], { delay: 1000 }),
        split.snapshot,
      )!.snapshot,
    )!;
    // Dealer 10,7 stands: the hole card turns over and nothing else moves.
    expect(done.settled).toBe(true);
    expect(done.dealer.map((card) => card.motion?.kind ?? null)).toEqual([null, 'reveal']);
    expect(done.hands.flatMap((hand) => hand.cards).every((card) => !card.motion)).toBe(true);
  });

  it('shows everything at once on restore or in quick mode', () => {
    const restored = planTable(
      blackjackRound(['10', '6', '7', 'Q', '2'], [STAND], { delay: 1000, last: 'restore' }),
      null,
    )!;
    expect(restored.cues).toEqual([]);
    expect(restored.doneAt).toBe(0);
    const quick = planTable(blackjackRound(['10', '5', '6', 'K'], [], { delay: 0 }), null)!;
    expect(quick.dealer.every((card) => !card.motion)).toBe(true);
  });
});
