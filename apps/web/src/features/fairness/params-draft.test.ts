import { describe, expect, it } from 'vitest';
import {
  VERIFIABLE_GAMES,
  bpsToPercent,
  defaultDrafts,
  draftToParams,
  formatJson,
  fromHundredths,
  paramsToDrafts,
  percentToBps,
  toHundredths,
} from './params-draft';
import { toggleKenoPick } from '../../games/keno/verifier';

describe('hundredths', () => {
  it('parses decimals with up to two places', () => {
    expect(toHundredths('50')).toBe(5000);
    expect(toHundredths('50.5')).toBe(5050);
    expect(toHundredths('0.01')).toBe(1);
    expect(toHundredths(' 2.00 ')).toBe(200);
    expect(toHundredths('1.001')).toBeNaN();
    expect(toHundredths('abc')).toBeNaN();
    expect(toHundredths('')).toBeNaN();
  });

  it('formats them back', () => {
    expect(fromHundredths(5050)).toBe('50.50');
    expect(fromHundredths(1)).toBe('0.01');
    expect(fromHundredths(100_000_000)).toBe('1000000.00');
    expect(percentToBps('1')).toBe(100);
    expect(bpsToPercent(250)).toBe('2.50');
  });
});

describe('drafts', () => {
  it('every game has a default draft that builds params', () => {
    const drafts = defaultDrafts();
    for (const game of VERIFIABLE_GAMES) {
      const result = draftToParams(game, drafts);
      // Keno needs at least one pick before it can be replayed.
      expect(result.ok).toBe(game !== 'keno');
    }
  });

  it('round-trips the params of each game through the editor', () => {
    const cases: [string, unknown][] = [
      ['dice', { target: 5050, condition: 'under' }],
      ['limbo', { target: 1000 }],
      ['plinko', { rows: 16, risk: 'medium' }],
      ['keno', { picks: [4, 9, 13], risk: 'high' }],
      ['wheel', { segments: 40, risk: 'high' }],
      ['wheel', { segments: 10, risk: 'medium', layout: 2 }],
      ['roulette', { placements: [{ type: 'dozen', index: 2, amount: '5' }] }],
      ['diamonds', {}],
      ['baccarat', { player: '0', banker: '100', tie: '5' }],
    ];
    for (const [game, params] of cases) {
      const drafts = paramsToDrafts(game, params);
      expect(draftToParams(game as never, drafts)).toEqual({ ok: true, params });
    }
  });

  it('reports shape errors by texts key', () => {
    const drafts = defaultDrafts();
    drafts.dice.target = '50.555';
    expect(draftToParams('dice', drafts)).toEqual({ ok: false, errorKey: 'fairnessUi.errors.target' });
    drafts.roulette.json = '{ nope';
    expect(draftToParams('roulette', drafts)).toEqual({ ok: false, errorKey: 'fairnessUi.errors.json' });
  });

  it('wheel: new drafts use the current layout; link params without one are layout 1', () => {
    expect(draftToParams('wheel', defaultDrafts())).toEqual({
      ok: true,
      params: { segments: 10, risk: 'low', layout: 2 },
    });
    expect(paramsToDrafts('wheel', { segments: 10, risk: 'medium' }).wheel.layout).toBe('1');
    expect(paramsToDrafts('wheel', { segments: 10, risk: 'medium', layout: 9 }).wheel.layout).toBe('1');
  });

  it('falls back to defaults for unreadable link params', () => {
    const drafts = paramsToDrafts('plinko', { rows: 'many', risk: 'extreme' });
    expect(drafts.plinko).toEqual(defaultDrafts().plinko);
    expect(paramsToDrafts('dice', 'garbage').dice).toEqual(defaultDrafts().dice);
  });

  it('toggles keno picks, sorted, at most ten', () => {
    expect(toggleKenoPick([5, 1], 3)).toEqual([1, 3, 5]);
    expect(toggleKenoPick([1, 3, 5], 3)).toEqual([1, 5]);
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(toggleKenoPick(ten, 11)).toEqual(ten);
  });

  it('keeps number arrays on one line in the JSON editor', () => {
    const text = formatJson({ placements: [{ type: 'split', numbers: [1, 2], amount: '1' }] });
    expect(text).toContain('"numbers": [1, 2]');
    expect(JSON.parse(text)).toEqual({ placements: [{ type: 'split', numbers: [1, 2], amount: '1' }] });
  });
});
