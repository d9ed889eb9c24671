/**
 * Promo codes (issue G7 item 1; spec 1 section 7, spec 2 sections 5, 7-8, spec 3 section 7): the calls
 * the wallet's Promocode tab, the lobby's promotion banners and the back office share, and what follows
 * a successful activation ("success toast, then user data refresh": balances and bonus money). Zod-free.
 */
import type {
  adminPromocodeCreateEndpoint,
  adminPromocodeDisableEndpoint,
  adminPromocodesEndpoint,
  promocodeActivateEndpoint,
  promocodeListPublicEndpoint,
  promotionBannerActivateEndpoint,
  promotionBannersEndpoint,
} from '@nebula/contracts';
import { endpointRef } from './api';
import { refreshBonus } from './bonus';
import { queryClient } from './query-client';

export const promocodeApi = {
  activate: endpointRef<typeof promocodeActivateEndpoint>('POST', '/api/promocode/activate'),
  listPublic: endpointRef<typeof promocodeListPublicEndpoint>('POST', '/api/promocode/listPublic'),
  banners: endpointRef<typeof promotionBannersEndpoint>('POST', '/api/promotionBanners'),
  bannerActivate: endpointRef<typeof promotionBannerActivateEndpoint>(
    'POST',
    '/api/promocode/promotion-banner-activate',
  ),
  adminList: endpointRef<typeof adminPromocodesEndpoint>('POST', '/api/admin/promocodes'),
  adminCreate: endpointRef<typeof adminPromocodeCreateEndpoint>('POST', '/api/admin/promocodes/create'),
  adminDisable: endpointRef<typeof adminPromocodeDisableEndpoint>('POST', '/api/admin/promocodes/disable'),
};

/** After an activation: the balances (the shell's currencies), the bonus money, the tickets and the public list. */
export function refreshAfterActivation(): void {
  void queryClient.invalidateQueries({ queryKey: ['currencies'] });
  void queryClient.invalidateQueries({ queryKey: ['promocodes'] });
  // The wheel's tickets (features/wheel-faucet `TICKET_DATA_KEY`): special codes give spins.
  void queryClient.invalidateQueries({ queryKey: ['ticketData'] });
  void refreshBonus();
}
