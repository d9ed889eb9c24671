import { describe, expect, it } from 'vitest';
import {
  EMPTY_SLIP,
  acceptOdds,
  applyEventStatus,
  applyOdds,
  changedSelections,
  potentialPayout,
  removeSelection,
  setMode,
  setStake,
  slipBets,
  slipProblem,
  slipTotals,
  toggleSelection,
  totalOdds,
  type SlipSelection,
} from './slip-model';

function pick(
  outcomeId: string,
  eventId: string,
  odds: number,
  extra: Partial<SlipSelection> = {},
): SlipSelection {
  return {
    outcomeId,
    outcomeName: `Outcome ${outcomeId}`,
    marketId: `m${eventId}`,
    marketName: '1x2',
    eventId,
    eventName: `Event ${eventId}`,
    sportKey: 'soccer-1',
    odds,
    acceptedOdds: odds,
    active: true,
    live: false,
    simulated: true,
    realMoney: true,
    ...extra,
  };
}

/** Stakes in cents (2 decimals) for the tests. */
const cents = (text: string): bigint | null =>
  /^\d+(\.\d{1,2})?$/.test(text) ? BigInt(Math.round(Number(text) * 100)) : null;

describe('the bet slip model', () => {
  it('toggles a selection and switches to multi at the second one', () => {
    let slip = toggleSelection(EMPTY_SLIP, pick('1', 'e1', 1850));
    expect(slip.mode).toBe('single');
    slip = toggleSelection(slip, pick('2', 'e2', 2100));
    expect(slip.mode).toBe('multi');
    expect(slip.selections.map((s) => s.outcomeId)).toEqual(['1', '2']);
    slip = toggleSelection(slip, pick('2', 'e2', 2100));
    expect(slip.selections).toHaveLength(1);
    expect(slip.mode).toBe('single');
  });

  it('keeps singles when the player chose them, and refuses multi with one selection', () => {
    let slip = toggleSelection(EMPTY_SLIP, pick('1', 'e1', 1850));
    expect(setMode(slip, 'multi')).toBe(slip);
    slip = setMode(toggleSelection(slip, pick('2', 'e2', 2100)), 'single');
    slip = toggleSelection(slip, pick('3', 'e3', 3000));
    expect(slip.mode).toBe('single');
  });

  it('multiplies odds in thousandths and rounds the payout down to the unit', () => {
    expect(totalOdds([1850, 2100])).toBe(3885);
    expect(totalOdds([1333, 1333, 1333])).toBe(2367);
    // 10.00 x 1.85 x 2.10 = 38.85; 0.07 x 1.333 = 0.09331 -> 0.09
    expect(potentialPayout(1000n, [1850, 2100])).toBe(3885n);
    expect(potentialPayout(7n, [1333])).toBe(9n);
  });

  it('adds singles up and multiplies a multi', () => {
    let slip = toggleSelection(toggleSelection(EMPTY_SLIP, pick('1', 'e1', 1850)), pick('2', 'e2', 2000));
    slip = setStake(slip, 'multi', '10');
    expect(slipTotals(slip, cents)).toEqual({ stake: 1000n, payout: 3700n, odds: 3700 });
    slip = setStake(setStake(setMode(slip, 'single'), '1', '2'), '2', '3');
    expect(slipTotals(slip, cents)).toEqual({ stake: 500n, payout: 970n, odds: 0 });
  });

  it('refuses two selections of one event in a multi, but not as singles', () => {
    let slip = toggleSelection(toggleSelection(EMPTY_SLIP, pick('1', 'e1', 1850)), pick('2', 'e1', 3400));
    slip = setStake(slip, 'multi', '5');
    expect(slipProblem(slip, cents)).toEqual({ kind: 'sameEvent', eventIds: ['e1'] });
    slip = setStake(setStake(setMode(slip, 'single'), '1', '1'), '2', '1');
    expect(slipProblem(slip, cents)).toBeNull();
  });

  it('blocks on a closed selection and on a missing stake', () => {
    let slip = toggleSelection(EMPTY_SLIP, pick('1', 'e1', 1850));
    expect(slipProblem(slip, cents)).toEqual({ kind: 'noStake' });
    slip = setStake(slip, '1', 'abc');
    expect(slipProblem(slip, cents)).toEqual({ kind: 'noStake' });
    slip = setStake(slip, '1', '2.50');
    expect(slipProblem(slip, cents)).toBeNull();
    slip = applyOdds(slip, new Map([['1', { odds: 1850, active: false }]]));
    expect(slipProblem(slip, cents)).toEqual({ kind: 'closed', outcomeIds: ['1'] });
  });

  it('follows odds changes and asks for acceptance as the odds-change policy says', () => {
    let slip = setStake(toggleSelection(EMPTY_SLIP, pick('1', 'e1', 1850)), '1', '1');
    const same = applyOdds(slip, new Map([['9', { odds: 1200, active: true }]]));
    expect(same).toBe(slip);
    slip = applyOdds(slip, new Map([['1', { odds: 1900, active: true }]]));
    expect(slip.selections[0]).toMatchObject({ odds: 1900, acceptedOdds: 1850 });
    expect(slipProblem(slip, cents, 'none')).toEqual({ kind: 'oddsChanged', outcomeIds: ['1'] });
    // Better odds need no acceptance under 'higher', worse ones do; 'any' takes all.
    expect(slipProblem(slip, cents, 'higher')).toBeNull();
    const worse = applyOdds(slip, new Map([['1', { odds: 1700, active: true }]]));
    expect(changedSelections(worse, 'higher')).toHaveLength(1);
    expect(changedSelections(worse, 'any')).toHaveLength(0);
    slip = acceptOdds(slip);
    expect(slip.selections[0]).toMatchObject({ odds: 1900, acceptedOdds: 1900 });
    expect(slipProblem(slip, cents)).toBeNull();
  });

  it('marks a selection live when its event starts and closed when it ends', () => {
    let slip = toggleSelection(EMPTY_SLIP, pick('1', 'e1', 1850));
    slip = applyEventStatus(slip, 'e1', 'live');
    expect(slip.selections[0]).toMatchObject({ live: true, active: true });
    slip = applyEventStatus(slip, 'e1', 'ended');
    expect(slip.selections[0]).toMatchObject({ live: false, active: false });
  });

  it('builds one bet per single and one multi, demo where an event takes demo bets only', () => {
    let slip = toggleSelection(EMPTY_SLIP, pick('1', 'e1', 1850, { live: true }));
    slip = toggleSelection(slip, pick('2', 'e2', 2000, { realMoney: false }));
    slip = setStake(slip, 'multi', ' 4 ');
    expect(slipBets(slip, false)).toEqual([
      {
        type: 'multi',
        selections: [
          { outcome: '1', odds: 1850 },
          { outcome: '2', odds: 2000 },
        ],
        stake: '4',
        demo: true,
        live: true,
      },
    ]);
    slip = setStake(setStake(setMode(slip, 'single'), '1', '1'), '2', '2');
    expect(slipBets(slip, false).map((bet) => [bet.type, bet.stake, bet.demo, bet.live])).toEqual([
      ['single', '1', false, true],
      ['single', '2', true, false],
    ]);
  });

  it('forgets the stake of a removed selection', () => {
    let slip = setStake(toggleSelection(EMPTY_SLIP, pick('1', 'e1', 1850)), '1', '5');
    slip = removeSelection(slip, '1');
    expect(slip).toEqual(EMPTY_SLIP);
  });
});
