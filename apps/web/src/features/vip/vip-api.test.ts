import { describe, expect, it } from 'vitest';
import type { VipResponse } from '@nebula/contracts';
import { progressOf, splitVip } from './vip-api';

const level = (n: number, deposit: string, wager: string) => ({
  type: 'level' as const,
  level: n,
  name: `L${n}`,
  depositRequirement: deposit,
  wagerRequirement: wager,
  bonusWheelMaxReward: '0',
  levelUpBonus: '0',
  rakebackPercent: '0',
  faucetMax: '0',
  withdrawFeePercent: '0',
  withdrawMinUsd: '0',
  withdrawMaxUsd: '0',
  withdrawPerDay: 1,
});

const answer = (deposited: string, wagered: string): VipResponse => [
  level(2, '250', '5000'),
  { type: 'data', deposited, wagered },
  level(1, '50', '1000'),
  ...[3, 4, 5, 6, 7, 8, 9, 10].map((n) => level(n, String(n * 1000), String(n * 100000))),
];

describe('VIP progress (spec 2 section 4)', () => {
  it('splits the data entry from the levels, in level order', () => {
    const view = splitVip(answer('30', '10'));
    expect(view.data).toEqual({ deposited: '30', wagered: '10' });
    expect(view.levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('averages the two percentages towards the next level, each capped at 100, out of 200 EXP', () => {
    // Level 0 towards Bronze ($50, $1,000): 60% and 1%.
    expect(progressOf(splitVip(answer('30', '10')), 0)).toMatchObject({ percent: 30, exp: 61 });
    // A deposit far above the requirement counts 100, not more.
    expect(progressOf(splitVip(answer('5000', '500')), 0)).toMatchObject({ percent: 75, exp: 150 });
    // Level 1 measures against level 2.
    expect(progressOf(splitVip(answer('125', '2500')), 1)).toMatchObject({ percent: 50, exp: 100 });
  });

  it('is full at level 8 or above', () => {
    expect(progressOf(splitVip(answer('0', '0')), 8)).toMatchObject({ percent: 100, exp: 200 });
    expect(progressOf(splitVip(answer('0', '0')), 10)).toMatchObject({ percent: 100, exp: 200 });
  });
});
