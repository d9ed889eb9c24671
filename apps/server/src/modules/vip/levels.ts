/**
 * The VIP level table (decision 0035): levels 0 (no level reached yet) to 10, one operator setting,
 * `vip.levels`, in the settings registry (decision 0016). Each row names the level and says what it
 * takes (deposited and wagered in total, USD) and what it gives: the one-time level-up bonus, the bonus
 * wheel's largest reward, the rakeback rate, the faucet's largest reward and the withdrawal terms (fee
 * percent, minimum and maximum in USD, withdrawals per 24 hours; withdrawals read them from here, the
 * one source). The stored value lists only what an operator changed: rows by level, each with any of
 * the fields, laid over the defaults field by field (a later default still applies to a field nobody
 * set). The merged table must keep both requirements non-decreasing from level to level.
 */
import { VIP_MAX_LEVEL } from '@nebula/contracts';
import { z } from 'zod';
import { defineSetting, type Setting } from '../../platform/settings/index.js';

const usd = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'a USD amount such as 1000 or 2.50');
const percent = z.string().regex(/^(\d{1,2}(\.\d{1,4})?|100)$/, 'a percent such as 1.5');

export const vipLevelRowSchema = z.object({
  level: z.number().int().min(0).max(VIP_MAX_LEVEL),
  name: z.string().trim().min(1).max(40),
  /** Deposited in total (USD) to reach the level. */
  depositRequirement: usd,
  /** Wagered in total (USD) to reach the level. */
  wagerRequirement: usd,
  /** Paid once in real money when the level is reached (USD, in the `vip.reward_currency`). */
  levelUpBonus: usd,
  bonusWheelMaxReward: usd,
  rakebackPercent: percent,
  faucetMax: usd,
  withdrawFeePercent: percent,
  withdrawMinUsd: usd,
  withdrawMaxUsd: usd,
  withdrawPerDay: z.number().int().min(1).max(1000),
});
export type VipLevelRow = z.infer<typeof vipLevelRowSchema>;

type Row = Omit<VipLevelRow, 'level'>;
const row = (
  name: string,
  [depositRequirement, wagerRequirement]: [string, string],
  [levelUpBonus, bonusWheelMaxReward, rakebackPercent, faucetMax]: [string, string, string, string],
  [withdrawFeePercent, withdrawMinUsd, withdrawMaxUsd, withdrawPerDay]: [string, string, string, number],
): Row => ({
  name,
  depositRequirement,
  wagerRequirement,
  levelUpBonus,
  bonusWheelMaxReward,
  rakebackPercent,
  faucetMax,
  withdrawFeePercent,
  withdrawMinUsd,
  withdrawMaxUsd,
  withdrawPerDay,
});

/**
 * Defaults in the spirit of the large casinos: wager thresholds growing about 2.5 times a level
 * (Bronze at $1,000 wagered, the top level at $10 million), a small deposit threshold beside each,
 * level-up bonuses of roughly 0.05 to 0.2 percent of the wager step, rakeback from 5 to 15 percent,
 * and cheaper, larger, more frequent withdrawals higher up.
 */
export const DEFAULT_VIP_LEVELS: readonly VipLevelRow[] = [
  row('Member', ['0', '0'], ['0', '1', '0', '0.02'], ['2', '10', '2000', 3]),
  row('Bronze', ['50', '1000'], ['2', '5', '5', '0.05'], ['1.8', '10', '5000', 3]),
  row('Silver', ['250', '5000'], ['5', '10', '6', '0.1'], ['1.6', '10', '10000', 4]),
  row('Gold', ['1000', '25000'], ['15', '25', '7', '0.2'], ['1.4', '10', '15000', 4]),
  row('Platinum I', ['2500', '100000'], ['40', '50', '8', '0.3'], ['1.2', '10', '25000', 5]),
  row('Platinum II', ['5000', '250000'], ['100', '100', '9', '0.5'], ['1', '5', '40000', 6]),
  row('Diamond I', ['10000', '500000'], ['250', '250', '10', '0.75'], ['0.8', '5', '60000', 8]),
  row('Diamond II', ['25000', '1000000'], ['500', '500', '11', '1'], ['0.6', '5', '80000', 10]),
  row('Obsidian', ['50000', '2500000'], ['1000', '1000', '12', '1.5'], ['0.4', '5', '100000', 12]),
  row('Opal', ['100000', '5000000'], ['2500', '2500', '13', '2'], ['0.2', '5', '150000', 15]),
  row('Legend', ['250000', '10000000'], ['5000', '5000', '15', '3'], ['0', '5', '250000', 20]),
].map((r, level) => ({ level, ...r }));

/** The stored rows: a level and any of its fields. */
const storedRows = z
  .array(vipLevelRowSchema.partial().required({ level: true }).strict())
  .max(VIP_MAX_LEVEL + 1)
  .refine((rows) => new Set(rows.map((r) => r.level)).size === rows.length, 'each level at most once');

/** Lays `rows` over the defaults (field by field) and checks the whole table. */
export function mergeVipLevels(rows: readonly Partial<VipLevelRow>[]): VipLevelRow[] {
  const byLevel = new Map(rows.map((r) => [r.level, r]));
  return DEFAULT_VIP_LEVELS.map((d) => ({ ...d, ...byLevel.get(d.level), level: d.level }));
}

const cents = (usdText: string): bigint => {
  const [whole = '0', frac = ''] = usdText.split('.');
  return BigInt(whole + frac.padEnd(2, '0'));
};

export const vipLevelsSchema = storedRows.transform((rows, ctx) => {
  const table = mergeVipLevels(rows);
  for (let i = 1; i < table.length; i++) {
    const [prev, cur] = [table[i - 1]!, table[i]!];
    for (const key of ['depositRequirement', 'wagerRequirement'] as const)
      if (cents(cur[key]) < cents(prev[key]))
        ctx.addIssue({
          code: 'custom',
          message: `level ${cur.level}: ${key} is below level ${prev.level}'s`,
        });
  }
  const base = table[0]!;
  if (cents(base.depositRequirement) !== 0n || cents(base.wagerRequirement) !== 0n)
    ctx.addIssue({ code: 'custom', message: 'level 0 requires nothing (every player starts there)' });
  return table;
});

export const vipLevelsSetting = defineSetting(
  'vip.levels',
  vipLevelsSchema,
  [],
  'vip',
  'The VIP levels 0 to 10, each {level, name, depositRequirement, wagerRequirement (USD in total), levelUpBonus, bonusWheelMaxReward, faucetMax, withdrawMinUsd, withdrawMaxUsd (USD), rakebackPercent, withdrawFeePercent (percent), withdrawPerDay}; list only the levels and fields to change, the rest keep their defaults.',
  { permission: 'vip' },
);

export const vipRewardCurrencySetting = defineSetting(
  'vip.reward_currency',
  z.string().regex(/^[a-z0-9_]{1,32}$/, 'a currency id such as usdt'),
  'usdt',
  'vip',
  'The currency the level-up bonuses are paid in (their USD amount converted at its price when paid), from the promotions account.',
  { permission: 'vip' },
);

export const vipExcludedSetting = defineSetting(
  'vip.excluded',
  z.array(z.string().regex(/^[a-z0-9_:-]{1,64}$/)).max(500),
  [],
  'vip',
  'Products (e.g. sports) and game ids (e.g. dice) whose wagers do not count towards VIP progress.',
  { permission: 'vip' },
);

export const vipSettings: readonly Setting[] = [
  vipLevelsSetting,
  vipRewardCurrencySetting,
  vipExcludedSetting,
];

/** The level `deposited` and `wagered` (USD decimal strings) reach: the highest whose both requirements they meet. */
export function levelReached(table: readonly VipLevelRow[], deposited: string, wagered: string): number {
  const d = cents(deposited.split('.')[0] + '.' + (deposited.split('.')[1] ?? '').slice(0, 2));
  const w = cents(wagered.split('.')[0] + '.' + (wagered.split('.')[1] ?? '').slice(0, 2));
  let level = 0;
  for (const r of table)
    if (d >= cents(r.depositRequirement) && w >= cents(r.wagerRequirement)) level = Math.max(level, r.level);
  return level;
}

/** The row of `level` (clamped to the table). */
export function vipLevelRow(table: readonly VipLevelRow[], level: number): VipLevelRow {
  const clamped = Math.max(0, Math.min(VIP_MAX_LEVEL, level));
  return table.find((r) => r.level === clamped) ?? table[0]!;
}
