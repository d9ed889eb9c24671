import { SportBetStatus, type SportLegResult } from '@nebula/contracts';
import { describe, expect, it } from 'vitest';
import { finalScores, marketShapes, outcomeResult, priceMarket } from './model.js';
import { cashOutValue, potentialPayout, settleBet, totalOdds } from './odds.js';

/**
 * The settlement tables (decision 0028): every leg result on a single, and multis combining them,
 * with payout = floor(stake x product of effective odds) computed exactly.
 */
const STAKE = 100_000_000n; // 1.00000000

describe('single bets: every leg result', () => {
  const cases: [SportLegResult, number, string | undefined, bigint, number][] = [
    // result, odds, dead heat, payout, status
    ['won', 2500, undefined, 250_000_000n, SportBetStatus.Won],
    ['lost', 2500, undefined, 0n, SportBetStatus.Lost],
    ['void', 2500, undefined, STAKE, SportBetStatus.Refunded],
    // half won: half at 2.5, half back: (1 + 2.5) / 2 = 1.75
    ['half_won', 2500, undefined, 175_000_000n, SportBetStatus.Won],
    // half lost: half back
    ['half_lost', 2500, undefined, 50_000_000n, SportBetStatus.Won],
    // dead heat of two: half the stake at full odds
    ['dead_heat', 3000, '1/2', 150_000_000n, SportBetStatus.Won],
    // dead heat of three at 2.0 pays 2/3 of the stake: a loss of a third, still a paid bet
    ['dead_heat', 2000, '1/3', 66_666_666n, SportBetStatus.Won],
    ['pending', 2500, undefined, -1n, -1],
  ];
  it.each(cases)('%s at %i (dead heat %s) pays %d', (result, odds, dh, payout, status) => {
    const deadHeat = dh ? { num: BigInt(dh.split('/')[0]!), den: BigInt(dh.split('/')[1]!) } : undefined;
    const out = settleBet(STAKE, [{ odds, result, deadHeat }]);
    if (payout < 0n) expect(out).toBeUndefined();
    else expect(out).toEqual({ payout, status });
  });
});

describe('multi bets: combinations', () => {
  const leg = (result: SportLegResult, odds: number, deadHeat?: { num: bigint; den: bigint }) => ({
    odds,
    result,
    deadHeat,
  });
  it('all won multiplies the odds', () => {
    expect(settleBet(STAKE, [leg('won', 1500), leg('won', 2000), leg('won', 1333)])).toEqual({
      payout: 399_900_000n,
      status: SportBetStatus.Won,
    });
  });
  it('a lost leg settles the multi at once, whatever is pending', () => {
    expect(settleBet(STAKE, [leg('pending', 1500), leg('lost', 2000)])).toEqual({
      payout: 0n,
      status: SportBetStatus.Lost,
    });
  });
  it('a pending leg and no lost leg leaves it pending', () => {
    expect(settleBet(STAKE, [leg('won', 1500), leg('pending', 2000)])).toBeUndefined();
  });
  it('a void leg counts as odds 1', () => {
    expect(settleBet(STAKE, [leg('won', 1500), leg('void', 2000)])).toEqual({
      payout: 150_000_000n,
      status: SportBetStatus.Won,
    });
  });
  it('all void refunds exactly', () => {
    expect(settleBet(STAKE, [leg('void', 1500), leg('void', 2000)])).toEqual({
      payout: STAKE,
      status: SportBetStatus.Refunded,
    });
  });
  it('half won x half lost x won x dead heat', () => {
    // 1.75 (half won at 2.5) x 0.5 (half lost) x 1.8 x (3.0 x 1/2) = 2.3625
    const out = settleBet(STAKE, [
      leg('half_won', 2500),
      leg('half_lost', 1900),
      leg('won', 1800),
      leg('dead_heat', 3000, { num: 1n, den: 2n }),
    ]);
    expect(out).toEqual({ payout: 236_250_000n, status: SportBetStatus.Won });
  });
  it('rounds down once at the end (never per leg)', () => {
    // 3 legs at 1.001: 1.003003001 x 7 atomic units = 7.021021007 -> 7
    expect(settleBet(7n, [leg('won', 1001), leg('won', 1001), leg('won', 1001)])?.payout).toBe(7n);
    // 1.333 x 1.333 x 3 = 5.330667 -> 5 (per-leg rounding would give 3 -> 3 -> 3)
    expect(settleBet(3n, [leg('won', 1333), leg('won', 1333)])?.payout).toBe(5n);
  });
  it('potential payout and total odds are the exact product', () => {
    expect(potentialPayout(STAKE, [1500, 2000])).toBe(300_000_000n);
    expect(totalOdds([1500, 2000, 1333])).toBe(3999);
  });
});

describe('cash-out value', () => {
  it('pays the stake at the accepted odds over the current odds, less the margin', () => {
    // accepted 2.0, now 1.25: worth 1.6 x stake, less 5% = 1.52
    expect(cashOutValue(STAKE, [{ odds: 2000, result: 'pending', currentOdds: 1250 }], 500)).toBe(
      152_000_000n,
    );
  });
  it('counts settled legs at their factor and refuses a lost leg', () => {
    expect(
      cashOutValue(
        STAKE,
        [
          { odds: 2000, result: 'won', currentOdds: null },
          { odds: 1500, result: 'pending', currentOdds: 1500 },
        ],
        0,
      ),
    ).toBe(200_000_000n);
    expect(cashOutValue(STAKE, [{ odds: 2000, result: 'lost', currentOdds: null }], 0)).toBeUndefined();
    expect(cashOutValue(STAKE, [{ odds: 2000, result: 'pending', currentOdds: null }], 0)).toBeUndefined();
  });
});

describe('the model', () => {
  it('settles Asian lines into half results', () => {
    expect(outcomeResult('total', { total: '2.25' }, 'over', 1, 1)).toBe('half_lost');
    expect(outcomeResult('total', { total: '2.25' }, 'under', 1, 1)).toBe('half_won');
    expect(outcomeResult('total', { total: '2.25' }, 'over', 2, 1)).toBe('won');
    expect(outcomeResult('handicap', { hcp: '-0.75' }, '1', 1, 0)).toBe('half_won');
    expect(outcomeResult('handicap', { hcp: '-0.75' }, '2', 1, 0)).toBe('half_lost');
    expect(outcomeResult('handicap', { hcp: '-1.5' }, '1', 2, 0)).toBe('won');
    expect(outcomeResult('total', { total: '2' }, 'over', 1, 1)).toBe('void');
    expect(outcomeResult('btts', {}, 'yes', 1, 1)).toBe('won');
    expect(outcomeResult('1x2', {}, 'x', 1, 1)).toBe('won');
  });
  it('prices every market with the margin: the implied probabilities sum above 1', () => {
    const dist = finalScores({ home: 0, away: 0 }, { home: 1.5, away: 1.1 });
    for (const shape of marketShapes(2.7, 'A', 'B')) {
      const priced = priceMarket(shape, dist, 500);
      for (const p of priced) expect(Number.isInteger(p.odds)).toBe(true);
      if (shape.template === '1x2' || shape.specifiers.total === '2.5') {
        const book = priced.reduce((s, p) => s + 1000 / p.odds, 0);
        expect(book).toBeGreaterThan(1.03);
        expect(book).toBeLessThan(1.08);
      }
    }
  });
});
