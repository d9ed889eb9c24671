/**
 * Tips and rain configuration: the `tips` setting (settings registry, platform/settings), every field
 * optional, defaults below. A malformed setting is ignored as a whole (the defaults apply) and logged.
 *
 *   {
 *     "tipMinUsd": "0.10",            smallest tip, in USD (converted with the currency's price)
 *     "rainMinShareUsd": "0.01",      smallest share of one rain recipient, in USD
 *     "perMinute": 10,                tips plus rains one player may send per minute
 *     "rain": {                       who can receive a player's rain (the modal shows these rules):
 *       "activeMinutes": 30,            wrote in the channel within this many minutes,
 *       "wagerUsd": "10",               and wagered at least this many USD
 *       "wagerDays": 7,                 in the last this many days,
 *       "depositHours": 24              or had a deposit credited in the last this many hours
 *     },
 *     "bot": {                        the scheduled bot rain (spec 3 section 9)
 *       "enabled": true,                (default: BOT_RAIN, else on except when NODE_ENV=test)
 *       "perDayMin": 10, "perDayMax": 20, "recipientsMin": 5, "recipientsMax": 15, "depositHours": 24,
 *       "amounts": {"usdt": "10"},      the total of one rain per currency; the slots of a day take
 *                                       the currencies in turn
 *       "channels": ["casino_en", "casino_de"]   where the service message goes
 *     }
 *   }
 *
 * Without a price, a USD minimum cannot be converted: the minimum is then one atomic unit.
 */
import { BOT_RAIN, CHAT_CHANNELS, type ChatChannel } from '@nebula/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { defineSetting, type Setting, type SettingsStore } from '../../platform/settings/index.js';
import { tipsEnv } from './tips.env.js';

const usd = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'a USD amount such as 0.10');
const decimal = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, 'a decimal amount such as 10');
const channel = z.enum(CHAT_CHANNELS as unknown as [ChatChannel, ...ChatChannel[]]);

export const DEFAULT_BOT_CHANNELS: ChatChannel[] = CHAT_CHANNELS.filter((c) => c.startsWith('casino_'));

const rainRulesSchema = z
  .object({
    activeMinutes: z.number().int().min(1).max(1440).default(30),
    wagerUsd: usd.default('10'),
    wagerDays: z.number().int().min(1).max(90).default(7),
    depositHours: z.number().int().min(1).max(720).default(24),
  })
  .strict();

const botSchema = z
  .object({
    enabled: z.boolean().optional(),
    perDayMin: z.number().int().min(0).max(200).default(BOT_RAIN.perDayMin),
    perDayMax: z.number().int().min(0).max(200).default(BOT_RAIN.perDayMax),
    recipientsMin: z.number().int().min(1).max(25).default(BOT_RAIN.recipientsMin),
    recipientsMax: z.number().int().min(1).max(25).default(BOT_RAIN.recipientsMax),
    depositHours: z.number().int().min(1).max(720).default(BOT_RAIN.depositHours),
    amounts: z.record(z.string().min(1).max(32), decimal).default({ usdt: '10' }),
    channels: z.array(channel).min(1).default(DEFAULT_BOT_CHANNELS),
  })
  .strict()
  .refine((b) => b.perDayMin <= b.perDayMax, { message: 'perDayMin must not exceed perDayMax' })
  .refine((b) => b.recipientsMin <= b.recipientsMax, {
    message: 'recipientsMin must not exceed recipientsMax',
  });

export const tipsSettingsSchema = z
  .object({
    tipMinUsd: usd.default('0.10'),
    rainMinShareUsd: usd.default('0.01'),
    perMinute: z.number().int().min(1).max(1000).default(10),
    rain: rainRulesSchema.default(rainRulesSchema.parse({})),
    bot: botSchema.default(botSchema.parse({})),
  })
  .strict();

export type TipsSettings = Omit<z.infer<typeof tipsSettingsSchema>, 'bot'> & {
  bot: Omit<z.infer<typeof botSchema>, 'enabled'> & { enabled: boolean };
};
export type RainRules = TipsSettings['rain'];

export const tipsSetting = defineSetting(
  'tips',
  tipsSettingsSchema,
  {},
  'tips',
  'Tips and rain: minimums in USD, sends per minute, who can receive a rain, and the scheduled bot rain.',
);

/** The tips module's settings. */
export const tipsSettings: readonly Setting[] = [tipsSetting];

/** The settings in force (defaults for whatever is missing; all defaults when the setting is malformed). */
export async function loadTipsSettings(ctx: Pick<AppContext, 'settings' | 'config'>): Promise<TipsSettings> {
  const s = await ctx.settings.get(tipsSetting);
  // The bot pays real money on its own: off in automated test runs unless a test turns it on.
  return { ...s, bot: { ...s.bot, enabled: s.bot.enabled ?? tipsEnv.of(ctx.config).botRainDefault } };
}

/** Replaces the `tips` setting (tests and the back office); a 422 when it does not parse. */
export async function saveTipsSettings(settings: SettingsStore, value: unknown): Promise<void> {
  await settings.change(tipsSetting, value);
}
