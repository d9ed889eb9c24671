/**
 * Tips module (spec 3 sections 2, 5 and 9; issue F8 item 4): tip a player by name
 * (tip.service.ts), rain on active chatters who meet the rain rules (rain.service.ts), and the
 * leader's scheduled bot rain paid from the promotions account (bot-rain.ts). All money moves
 * through the ledger with idempotency keys; the `tips` setting configures it (settings.ts).
 */
import {
  adminChatRainEndpoint,
  rainEndpoint,
  rainRulesEndpoint,
  RAIN_MAX_USERS,
  RAIN_MIN_USERS,
  tipEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { botRainSchedule } from './admin-rain.js';
import { defineModule } from '../../platform/module.js';
import { tipsEnv } from './tips.env.js';
import { tipsJobs } from './bot-rain.js';
import { eligibleCount, eligibleForRain, makeItRain, rainRulesCache } from './rain.service.js';
import { loadTipsSettings, tipsSettings } from './settings.js';
import { sendTip } from './tip.service.js';
import { show, tipCurrency, usdMinimum } from './tips.shared.js';

export {
  BOT_RAIN_INTERVAL_MS,
  MISSED_AFTER_MS,
  STALE_CLAIM_MS,
  botRainKey,
  planBotRainDay,
  recentDepositors,
  tipsJobs,
  runBotRain,
  runBotRainSlot,
  utcDay,
  type RandomInt,
  type SlotOutcome,
} from './bot-rain.js';
export {
  announcePendingRains,
  announceRain,
  eligibleCount,
  eligibleForRain,
  makeItRain,
  payRain,
  rainCandidates,
  rainMessageData,
  RainRulesCache,
  type RainPlan,
  type RainUser,
} from './rain.service.js';
export {
  DEFAULT_BOT_CHANNELS,
  tipsSetting,
  tipsSettings,
  loadTipsSettings,
  saveTipsSettings,
  type TipsSettings,
} from './settings.js';
export { sendTip, tipMessageData } from './tip.service.js';
export { tipsEnv } from './tips.env.js';

const signedIn = (user: AuthUser | null): AuthUser => {
  // The endpoint policies already refused anonymous callers; this narrows the type.
  if (!user) throw new Error('policy let an anonymous caller through');
  return user;
};

function registerTipsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The back office's chat screen: the bot rain schedule (decision 0045).
  registerEndpoint(app, adminChatRainEndpoint, () => botRainSchedule(ctx));
  registerEndpoint(app, tipEndpoint, ({ input, user }) => sendTip(ctx, signedIn(user), input));
  registerEndpoint(app, rainEndpoint, ({ input, user }) => makeItRain(ctx, signedIn(user), input));
  registerEndpoint(app, rainRulesEndpoint, async ({ input, user }) => {
    const settings = await loadTipsSettings(ctx);
    const rules = settings.rain;
    const currency = input.currency ? await tipCurrency(ctx.database, input.currency) : null;
    const [tipMinimum, rainShareMinimum, eligible, qualifies] = await Promise.all([
      currency ? usdMinimum(ctx, currency, settings.tipMinUsd) : null,
      currency ? usdMinimum(ctx, currency, settings.rainMinShareUsd) : null,
      input.channel ? eligibleCount(ctx, input.channel, rules, user?.id ?? null) : null,
      user ? eligibleForRain(ctx.database, [user.id], rules) : null,
    ]);
    return {
      minUsers: RAIN_MIN_USERS,
      maxUsers: RAIN_MAX_USERS,
      activeMinutes: rules.activeMinutes,
      wagerUsd: rules.wagerUsd,
      wagerDays: rules.wagerDays,
      depositHours: rules.depositHours,
      currency: currency?.id ?? null,
      tipMinimum: currency && tipMinimum !== null ? show(tipMinimum, currency) : null,
      rainShareMinimum: currency && rainShareMinimum !== null ? show(rainShareMinimum, currency) : null,
      eligible,
      youQualify: user && qualifies ? qualifies.has(user.id) : null,
      bot: {
        enabled: settings.bot.enabled,
        perDayMin: settings.bot.perDayMin,
        perDayMax: settings.bot.perDayMax,
        recipientsMin: settings.bot.recipientsMin,
        recipientsMax: settings.bot.recipientsMax,
        depositHours: settings.bot.depositHours,
      },
    };
  });
}

export const tipsModule = defineModule({
  name: 'tips',
  services: [rainRulesCache],
  register: registerTipsRoutes,
  env: tipsEnv,
  jobs: tipsJobs,
  settings: tipsSettings,
});
