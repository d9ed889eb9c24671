/**
 * Player protection's operator settings (settings registry, platform/settings; decision 0025):
 *
 *   protection.help_organisations   where the screens send a player who needs help (name, url, text)
 *   protection.reality_check        the intervals offered (seconds) and the default of a player who
 *                                   chose none (null: off until they choose)
 *   protection.session_break_minutes  minutes without activity after which a new session starts
 *
 * And the module's clock (`protection.clock`, a per-server service): every time the module reasons
 * about (pending changes' 24 h, periods, sessions, blocks it writes) comes from it, so a test moves
 * time by replacing it instead of sleeping.
 */
import { REALITY_CHECK_MAX_SECONDS, REALITY_CHECK_MIN_SECONDS } from '@nebula/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { defineService } from '../../platform/services.js';
import { defineSetting, type Setting } from '../../platform/settings/index.js';

export const DEFAULT_HELP_ORGANISATIONS = [
  {
    name: 'Gamblers Anonymous',
    url: 'https://www.gamblersanonymous.org/',
    description: 'Self-help meetings worldwide for anyone who wants to stop gambling.',
  },
  {
    name: 'GamCare',
    url: 'https://www.gamcare.org.uk/',
    description: 'Free advice, support and counselling (UK), by phone and live chat, 24/7.',
  },
  {
    name: 'BeGambleAware',
    url: 'https://www.begambleaware.org/',
    description: 'Information, self-assessment and free confidential treatment (UK).',
  },
  {
    name: 'Gambling Therapy',
    url: 'https://www.gamblingtherapy.org/',
    description: 'Free online support in many languages for anyone affected by gambling.',
  },
];

export const helpOrganisationsSetting = defineSetting(
  'protection.help_organisations',
  z
    .array(
      z
        .object({
          name: z.string().trim().min(1).max(100),
          url: z.url({ protocol: /^https?$/ }).max(300),
          description: z.string().max(300).default(''),
        })
        .strict(),
    )
    .max(30),
  DEFAULT_HELP_ORGANISATIONS,
  'protection',
  'Help organisations the responsible-gambling screens and the footer link to (name, url, description).',
);

const seconds = z.number().int().min(REALITY_CHECK_MIN_SECONDS).max(REALITY_CHECK_MAX_SECONDS);

export const realityCheckSetting = defineSetting(
  'protection.reality_check',
  z
    .object({
      choices: z.array(seconds).min(1).max(20),
      defaultSeconds: seconds.nullable(),
    })
    .strict()
    .refine((v) => v.defaultSeconds === null || v.choices.includes(v.defaultSeconds), {
      message: 'defaultSeconds must be one of choices (or null)',
    }),
  { choices: [900, 1800, 2700, 3600, 5400, 7200], defaultSeconds: 3600 },
  'protection',
  'Reality-check intervals offered to players (seconds, ascending), and the interval of a player who chose none (null: off).',
);

export const sessionBreakSetting = defineSetting(
  'protection.session_break_minutes',
  z.number().int().min(1).max(1440),
  30,
  'protection',
  'Minutes without activity after which the next activity starts a new session (session limit, reality check).',
);

export const protectionSettings: readonly Setting[] = [
  helpOrganisationsSetting,
  realityCheckSetting,
  sessionBreakSetting,
];

export interface ProtectionSettings {
  help: z.output<typeof helpOrganisationsSetting.schema>;
  realityCheck: { choices: number[]; defaultSeconds: number | null };
  sessionBreakMinutes: number;
}

export async function loadProtectionSettings(ctx: Pick<AppContext, 'settings'>): Promise<ProtectionSettings> {
  const [help, realityCheck, sessionBreakMinutes] = await Promise.all([
    ctx.settings.get(helpOrganisationsSetting),
    ctx.settings.get(realityCheckSetting),
    ctx.settings.get(sessionBreakSetting),
  ]);
  return {
    help,
    realityCheck: {
      choices: [...realityCheck.choices].sort((a, b) => a - b),
      defaultSeconds: realityCheck.defaultSeconds,
    },
    sessionBreakMinutes,
  };
}

/** The module's clock (see the module comment). */
export interface ProtectionClock {
  now(): Date;
}

export const protectionClock = defineService<ProtectionClock>('protection.clock', () => ({
  now: () => new Date(),
}));
