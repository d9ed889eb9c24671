/**
 * Promo codes module (issue G7 item 1, decision 0038): codes created by staff (admin.ts) or seeded in
 * development (seed.ts), activated once per player from the promotions account as real money or a
 * bonus with its wagering (activate.ts), the public list, and the promotion banners of the lobby
 * (an operator setting, settings.ts). It owns `promocodes` and `promocode_activations`. Calls:
 * `POST /api/promocode/activate`, `/api/promocode/listPublic`, `/api/promotionBanners`,
 * `/api/promocode/promotion-banner-activate`, and the staff `/api/admin/promocodes[/create|/disable]`.
 */
import {
  adminPromocodeCreateEndpoint,
  adminPromocodeDisableEndpoint,
  adminPromocodesEndpoint,
  promocodeActivateEndpoint,
  promocodeListPublicEndpoint,
  promotionBannerActivateEndpoint,
  promotionBannersEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { activatePromocode } from './activate.js';
import { createCode, disableCode, listAdmin } from './admin.js';
import { listPublic } from './codes.js';
import { promocodeSettings, promotionBannersSetting } from './settings.js';
import { seedDemoPromocodes } from './seed.js';

export { activatePromocode, promocodeError } from './activate.js';
export { listPublic, usedCodesOf } from './codes.js';
export { DEMO_PROMOCODES } from './seed.js';
export {
  DEMO_BANNERS,
  dailyLimitSetting,
  maxBalanceSetting,
  promocodeSettings,
  promotionBannersSetting,
} from './settings.js';

const signedIn = (user: AuthUser | null): AuthUser => {
  if (!user) throw AppError.unauthenticated();
  return user;
};

async function enabledBanners(ctx: AppContext) {
  return (await ctx.settings.get(promotionBannersSetting)).filter((b) => b.enabled);
}

export const promocodesModule = defineModule({
  name: 'promocodes',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, promocodeActivateEndpoint, ({ input, user }) =>
      activatePromocode(ctx, signedIn(user).id, input.code),
    );
    registerEndpoint(app, promocodeListPublicEndpoint, () => listPublic(ctx.database));
    registerEndpoint(app, promotionBannersEndpoint, async ({ input, user }) =>
      (await enabledBanners(ctx))
        .filter((b) => input.sport === undefined || b.sport === input.sport)
        // Spec 2 section 6: no Poker banners for guests.
        .filter((b) => user !== null || b.type !== 'Poker')
        .map((b) => ({
          _id: b.id,
          code: b.code,
          type: b.type,
          sport: b.sport,
          link: b.link,
          title: b.title,
          text: b.text,
          button: b.button,
        })),
    );
    registerEndpoint(app, promotionBannerActivateEndpoint, async ({ input, user }) => {
      const id = signedIn(user).id;
      const codes = new Set(
        (await enabledBanners(ctx)).filter((b) => b.code !== '').map((b) => b.code.toLowerCase()),
      );
      // Only a banner's code (anything else is answered as an unknown code, after the block check).
      return activatePromocode(ctx, id, input.code, codes);
    });
    registerEndpoint(app, adminPromocodesEndpoint, async ({ input, reply }) => {
      reply.header('cache-control', 'no-store');
      return listAdmin(ctx, input);
    });
    registerEndpoint(app, adminPromocodeCreateEndpoint, ({ input, user }) =>
      createCode(ctx, signedIn(user), input),
    );
    registerEndpoint(app, adminPromocodeDisableEndpoint, ({ input, user }) =>
      disableCode(ctx, signedIn(user), input.id),
    );
  },
  settings: promocodeSettings,
  async seed({ database, demo }) {
    if (demo) await seedDemoPromocodes(database);
  },
});
