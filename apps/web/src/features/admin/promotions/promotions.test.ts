import { describe, expect, it } from 'vitest';
import type { AdminVipLevel } from '@nebula/contracts';
import { chances, prizeProblem } from './tab-wheel';
import { mergeLevels, storedLevels, validCell } from './vip-table';

const prizes = (weights: string[]) => weights.map((weight, i) => ({ usd: String(i + 1), weight }));

describe('the wheel editor', () => {
  it('shows each prize’s chance as its weight over the sum', () => {
    const odds = chances(prizes(['40', '25', '17', '10', '6', '22']))!;
    expect(odds.map((c) => c.toFixed(2))).toEqual(['33.33', '20.83', '14.17', '8.33', '5.00', '18.33']);
    expect(odds.reduce((s, c) => s + c, 0)).toBeCloseTo(100, 9);
  });

  it('refuses weights that are not whole numbers, all zero, or prizes that are not USD amounts', () => {
    expect(chances(prizes(['1', '2.5', '1', '1', '1', '1']))).toBeNull();
    expect(prizeProblem(prizes(['1', '-1', '1', '1', '1', '1']))?.key).toBe(
      'adminPromotions.wheel.badWeight',
    );
    expect(prizeProblem(prizes(['0', '0', '0', '0', '0', '0']))?.key).toBe('adminPromotions.wheel.allZero');
    expect(prizeProblem([...prizes(['1', '1', '1', '1', '1']), { usd: '1.234', weight: '1' }])?.key).toBe(
      'adminPromotions.wheel.badUsd',
    );
    expect(prizeProblem(prizes(['0', '0', '0', '0', '0', '3']))).toBeNull();
  });
});

const level = (n: number, rakebackPercent: string): AdminVipLevel => ({
  level: n,
  name: `L${n}`,
  depositRequirement: String(n * 10),
  wagerRequirement: String(n * 100),
  levelUpBonus: '0',
  bonusWheelMaxReward: '1',
  rakebackPercent,
  faucetMax: '0.05',
  withdrawFeePercent: '1',
  withdrawMinUsd: '10',
  withdrawMaxUsd: '1000',
  withdrawPerDay: 3,
});

describe('the VIP level grid', () => {
  const defaults = [level(0, '0'), level(1, '5'), level(2, '6')];

  it('lays the stored cells over the defaults and stores back only what differs from them', () => {
    const grid = mergeLevels(defaults, [{ level: 1, rakebackPercent: '7' }]);
    expect(grid.map((r) => r.rakebackPercent)).toEqual(['0', '7', '6']);
    expect(grid[2]!.withdrawPerDay).toBe('3');
    grid[2] = { ...grid[2]!, rakebackPercent: '6', withdrawPerDay: '4', name: ' Gold ' };
    expect(storedLevels(defaults, grid)).toEqual([
      { level: 1, rakebackPercent: '7' },
      { level: 2, name: 'Gold', withdrawPerDay: 4 },
    ]);
    expect(storedLevels(defaults, mergeLevels(defaults, []))).toEqual([]);
  });

  it('checks each cell like the server’s schema', () => {
    expect(validCell('rakebackPercent', '17.5')).toBe(true);
    expect(validCell('rakebackPercent', '101')).toBe(false);
    expect(validCell('faucetMax', '0.123')).toBe(false);
    expect(validCell('withdrawPerDay', '0')).toBe(false);
    expect(validCell('name', '  ')).toBe(false);
  });
});
