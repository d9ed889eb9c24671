/**
 * The `security` setting (settings registry): the multi-account rule of registration (spec: register
 * code 2). A field not stored takes the default of the mode (production: 3 accounts per IP address, 1
 * per device, in 24 hours; otherwise off); 0 switches a limit off.
 */
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { defineSetting } from '../../platform/settings/index.js';

export const securitySetting = defineSetting(
  'security',
  z.object({
    maxAccountsPerIp: z.number().int().min(0).max(10_000).optional(),
    maxAccountsPerDevice: z.number().int().min(0).max(10_000).optional(),
    windowHours: z.number().int().min(1).max(8_760).optional(),
  }),
  {},
  'auth',
  'Multi-account rule of registration (code 2): accounts per IP address and per device within windowHours; 0 switches a limit off; a field not given takes the default (production: 3, 1, 24; otherwise off).',
);

export interface SecuritySettings {
  maxAccountsPerIp: number;
  maxAccountsPerDevice: number;
  windowHours: number;
}

/** The rule in force: the stored fields over the mode's defaults. */
export async function loadSecuritySettings(
  ctx: Pick<AppContext, 'config' | 'settings'>,
): Promise<SecuritySettings> {
  const defaults: SecuritySettings = ctx.config.isProduction
    ? { maxAccountsPerIp: 3, maxAccountsPerDevice: 1, windowHours: 24 }
    : { maxAccountsPerIp: 0, maxAccountsPerDevice: 0, windowHours: 24 };
  const stored = await ctx.settings.get(securitySetting);
  return {
    maxAccountsPerIp: stored.maxAccountsPerIp ?? defaults.maxAccountsPerIp,
    maxAccountsPerDevice: stored.maxAccountsPerDevice ?? defaults.maxAccountsPerDevice,
    windowHours: stored.windowHours ?? defaults.windowHours,
  };
}
