import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUTO_FORM,
  NEW_AUTO_RUN,
  applyWagerChange,
  autoStep,
  parseAutoForm,
  parsePercent,
  type AutoSettings,
} from './auto-bet';

const settings = (patch: Partial<AutoSettings> = {}): AutoSettings => ({
  games: 0,
  onWin: { action: 'reset', percent: 0 },
  onLoss: { action: 'reset', percent: 0 },
  stopOnWin: false,
  stopOnProfit: null,
  stopOnLoss: null,
  ...patch,
});

describe('auto bet settings', () => {
  it('parses the form: games 0 = infinite, percents to integers, stop amounts in the currency', () => {
    const parsed = parseAutoForm(
      { ...DEFAULT_AUTO_FORM, games: '5', onLoss: 'increase', onLossPercent: '100', stopOnProfit: '0.001' },
      8,
    );
    expect(parsed).toEqual({
      ok: true,
      settings: settings({
        games: 5,
        onLoss: { action: 'increase', percent: 100 },
        stopOnProfit: 100_000n,
      }),
    });
    expect(parseAutoForm({ ...DEFAULT_AUTO_FORM, games: '' }, 8)).toMatchObject({
      ok: true,
      settings: { games: 0 },
    });
  });

  it('flags the first invalid field', () => {
    expect(parseAutoForm({ ...DEFAULT_AUTO_FORM, games: '1.5' }, 8)).toEqual({ ok: false, field: 'games' });
    expect(parseAutoForm({ ...DEFAULT_AUTO_FORM, onWinPercent: 'x' }, 8)).toEqual({
      ok: false,
      field: 'onWinPercent',
    });
    expect(parseAutoForm({ ...DEFAULT_AUTO_FORM, stopOnLoss: '0.001' }, 2)).toEqual({
      ok: false,
      field: 'stopOnLoss',
    });
  });

  it('parses percents as parseInt does', () => {
    expect(parsePercent('50.9')).toBe(50);
    expect(parsePercent('')).toBe(0);
    expect(parsePercent('-5')).toBeNull();
  });
});

describe('auto bet step', () => {
  const win = { win: true, profit: 98n };
  const loss = { win: false, profit: -100n };

  it('resets to the initial bet or increases by the percent, separately for win and loss', () => {
    const s = settings({
      onWin: { action: 'reset', percent: 0 },
      onLoss: { action: 'increase', percent: 100 },
    });
    const afterLoss = autoStep(s, NEW_AUTO_RUN, loss);
    expect(afterLoss.change).toEqual({ kind: 'scale', num: 200n, den: 100n });
    expect(applyWagerChange(100n, 100n, afterLoss.change)).toBe(200n);
    const afterWin = autoStep(s, afterLoss.run, win);
    expect(afterWin.change).toEqual({ kind: 'reset' });
    expect(applyWagerChange(400n, 100n, afterWin.change)).toBe(100n);
  });

  it('rounds an increase down to the last decimal and keeps the wager for +0 %', () => {
    const change = autoStep(
      settings({ onLoss: { action: 'increase', percent: 33 } }),
      NEW_AUTO_RUN,
      loss,
    ).change;
    expect(applyWagerChange(10n, 10n, change)).toBe(13n); // 13.3 -> 13
    const none = autoStep(
      settings({ onLoss: { action: 'increase', percent: 0 } }),
      NEW_AUTO_RUN,
      loss,
    ).change;
    expect(none).toBeNull();
    expect(applyWagerChange(10n, 5n, none)).toBe(10n);
  });

  it('counts rounds and stops when the games count is reached (0 = never)', () => {
    let run = NEW_AUTO_RUN;
    const s = settings({ games: 3 });
    const stops = [];
    for (let i = 0; i < 3; i++) {
      const step = autoStep(s, run, loss);
      run = step.run;
      stops.push(step.stop);
    }
    expect(stops).toEqual([null, null, 'games']);
    expect(run).toEqual({ played: 3, profit: -300n });
    let infinite = NEW_AUTO_RUN;
    for (let i = 0; i < 1000; i++) {
      const step = autoStep(settings(), infinite, loss);
      expect(step.stop).toBeNull();
      infinite = step.run;
    }
  });

  it('stops on a win when asked', () => {
    const s = settings({ stopOnWin: true });
    expect(autoStep(s, NEW_AUTO_RUN, loss).stop).toBeNull();
    expect(autoStep(s, NEW_AUTO_RUN, win).stop).toBe('win');
  });

  it('stops when the run profit reaches +X or its loss reaches X', () => {
    const s = settings({ stopOnProfit: 150n, stopOnLoss: 250n });
    let step = autoStep(s, NEW_AUTO_RUN, win); // +98
    expect(step.stop).toBeNull();
    step = autoStep(s, step.run, win); // +196
    expect(step.stop).toBe('profit');
    let down = autoStep(s, NEW_AUTO_RUN, loss); // -100
    down = autoStep(s, down.run, loss); // -200
    expect(down.stop).toBeNull();
    down = autoStep(s, down.run, loss); // -300
    expect(down.stop).toBe('loss');
  });
});
