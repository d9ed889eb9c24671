import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type VideoPokerAction,
  type VideoPokerParams,
  type VideoPokerView,
  arraySource,
  ratioToDecimal,
  replayExtended,
  videoPokerParamsSchema,
  videoPokerTable,
  videopoker,
} from '@nebula/games';
import type { ExtendedBoardProps, ExtendedRoundView } from '../types';
import videoPokerUi from './index';
import { VideoPokerActions } from './videopoker-actions';
import { PAYING_HANDS, VideoPokerBoard, cardMotions } from './videopoker-board';

afterEach(cleanup);

/**
 * Floats of a shuffle dealing ♦10 ♦J ♦Q ♦K ♦2, then ♦A ♥3 ♠4 ♣6 ♦9: a royal flush when the first four
 * are held, nothing when only ♦2 is (float i picks position `pick` of the 52 - i cards left).
 */
const ROYAL_DRAW = [32, 35, 38, 41, 0, 43, 4, 8, 16, 24].map((pick, i) => (pick + 0.5) / (52 - i));

let bet = 0;
function roundOf(actions: VideoPokerAction[], overrides: Partial<ExtendedRoundView<VideoPokerView>> = {}) {
  const replay = replayExtended(videopoker, {}, actions, arraySource(ROYAL_DRAW), 100);
  const open = replay.type === 'continue';
  bet += 1;
  return {
    betId: String(bet),
    state: open ? 'in-progress' : 'finished',
    last: actions.length === 0 ? 'start' : replay.type,
    view: open ? (videopoker.view(replay.state) as VideoPokerView) : replay.state,
    multiplier: ratioToDecimal(videopoker.payout(replay.state, 100), 8),
    wager: '1',
    payout: '0',
    profit: '0',
    currency: 'btc',
    canTake: false,
    canCancel: false,
    delay: 0,
    ...overrides,
  } satisfies ExtendedRoundView<VideoPokerView>;
}

function props(overrides: Partial<ExtendedBoardProps<VideoPokerParams, VideoPokerView>> = {}) {
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
  } satisfies ExtendedBoardProps<VideoPokerParams, VideoPokerView>;
}

const cards = () => screen.getAllByTestId('videopoker-card');

describe('video poker UI', () => {
  it('is an extended game without cash-out or params', () => {
    expect(videoPokerUi.kind).toBe('extended');
    expect(videoPokerUi.cashOut).toBe(false);
    expect(videoPokerUi.Actions).toBe(VideoPokerActions);
    expect(videoPokerParamsSchema.safeParse(videoPokerUi.defaultParams).success).toBe(true);
  });

  it('shows the scaled pay table and five face-down cards before a round', () => {
    render(<VideoPokerBoard {...props({ houseEdgeBps: 200 })} />);
    const rows = screen.getByTestId('videopoker-paytable').querySelectorAll('tr');
    expect([...rows].map((row) => row.dataset.hand)).toEqual(PAYING_HANDS);
    const table = videoPokerTable(200);
    expect(rows[0]!.textContent).toBe(`Royal Flush${ratioToDecimal(table['royal-flush'], 2)}×`);
    expect(rows[8]!.textContent).toContain(ratioToDecimal(table['jacks-or-better'], 2));
    expect(cards()).toHaveLength(5);
    expect(cards().every((card) => (card as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getAllByRole('img').every((card) => card.dataset.card === '')).toBe(true);
    render(<VideoPokerActions {...props()} />);
    expect((screen.getByTestId('videopoker-draw') as HTMLButtonElement).disabled).toBe(true);
  });

  it('holds cards on click and draws with the holds', () => {
    const round = roundOf([]);
    const turn = vi.fn();
    render(
      <>
        <VideoPokerBoard {...props({ round, roundKey: 1, turn })} />
        <VideoPokerActions {...props({ round, roundKey: 1, turn })} />
      </>,
    );
    expect(screen.getAllByRole('img').map((card) => Number(card.dataset.card))).toEqual([32, 36, 40, 44, 0]);
    for (const i of [0, 1, 2, 3]) fireEvent.click(cards()[i]!);
    fireEvent.click(cards()[1]!);
    fireEvent.click(cards()[1]!);
    expect(cards().map((card) => card.dataset.held)).toEqual(['true', 'true', 'true', 'true', 'false']);
    expect(cards().map((card) => card.dataset.index)).toEqual(['0', '1', '2', '3', '4']);
    expect(screen.getByTestId('videopoker-draw').textContent).toContain('Replace 1 card');
    fireEvent.click(screen.getByTestId('videopoker-draw'));
    expect(turn).toHaveBeenCalledWith({ hold: [true, true, true, true, false] });
  });

  it('ignores clicks and disables Draw while a call is in flight', () => {
    const round = roundOf([]);
    const turn = vi.fn();
    render(
      <>
        <VideoPokerBoard {...props({ round, roundKey: 1, busy: true })} />
        <VideoPokerActions {...props({ round, roundKey: 1, busy: true, turn })} />
      </>,
    );
    fireEvent.click(cards()[0]!);
    expect(cards()[0]!.dataset.held).toBe('false');
    expect((screen.getByTestId('videopoker-draw') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lights the winning line and shows the result after the draw', () => {
    const round = roundOf([{ hold: [true, true, true, true, false] }]);
    render(<VideoPokerBoard {...props({ round, roundKey: 2 })} />);
    const lit = screen
      .getByTestId('videopoker-paytable')
      .querySelector('[data-active="true"]') as HTMLElement;
    expect(lit.dataset.hand).toBe('royal-flush');
    expect(lit.className).toContain('is-win');
    expect(screen.getByTestId('videopoker-result').dataset.hand).toBe('royal-flush');
    expect(cards().map((card) => card.dataset.held)).toEqual(['true', 'true', 'true', 'true', 'false']);
    expect(cards().every((card) => (card as HTMLButtonElement).disabled)).toBe(true);
    const lost = roundOf([{ hold: [false, false, false, false, true] }]);
    cleanup();
    render(<VideoPokerBoard {...props({ round: lost, roundKey: 3 })} />);
    expect(screen.getByTestId('videopoker-result').textContent).toBe('No win');
    expect(screen.getByTestId('videopoker-paytable').querySelector('[data-active="true"]')).toBeNull();
  });

  it('turns all five cards on the deal, only the replaced ones on the draw, none on restore', () => {
    const deal = cardMotions(roundOf([], { delay: 1000 }));
    expect(deal.map((motion) => motion?.kind)).toEqual(['flip', 'flip', 'flip', 'flip', 'flip']);
    const draw = cardMotions(roundOf([{ hold: [true, false, true, false, true] }], { delay: 1000 }));
    expect(draw.map((motion) => motion?.kind ?? null)).toEqual([null, 'flip', null, 'flip', null]);
    expect(draw[3]!.delay).toBeGreaterThan(draw[1]!.delay);
    expect(cardMotions(roundOf([], { delay: 1000, last: 'restore' }))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(cardMotions(roundOf([], { delay: 0 }))).toEqual([null, null, null, null, null]);
  });
});
