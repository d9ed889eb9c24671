/**
 * Promo codes (issue G7 item 1; spec 1 sections 7-8, spec 2 sections 5, 7-8, spec 3 sections 5, 8):
 * the numbered activation errors and their texts, shared by server and web.
 */

/** Spec 1 section 8 / spec 3 section 8: the activation's error codes. */
export const PromocodeErrorCode = {
  Invalid: 1,
  Expired: 2,
  Exhausted: 3,
  AlreadyUsed: 4,
  PromoLimit: 5,
  ReferralOnly: 6,
  VipOnly: 7,
  OwnCode: 8,
  Private: 9,
} as const;
export type PromocodeErrorCode = (typeof PromocodeErrorCode)[keyof typeof PromocodeErrorCode];

/** The texts of the activation's answers (codes 8 and 9 are the spec's words exactly). */
export const PromocodeMessages = {
  [PromocodeErrorCode.Invalid]: 'Invalid code',
  [PromocodeErrorCode.Expired]: 'This promocode has expired',
  [PromocodeErrorCode.Exhausted]: 'Activation limit exceeded',
  [PromocodeErrorCode.AlreadyUsed]: 'You have already used this promocode',
  [PromocodeErrorCode.PromoLimit]: 'You have reached the promocode limit. Try again later.',
  [PromocodeErrorCode.ReferralOnly]: 'This promocode is only for referred players',
  [PromocodeErrorCode.VipOnly]: 'This promocode is only for VIP players',
  [PromocodeErrorCode.OwnCode]: 'You cannot activate your own promocode!',
  [PromocodeErrorCode.Private]: 'This promocode is private and cannot be activated with your account',
} as const satisfies Record<PromocodeErrorCode, string>;

/** The low-balance rule (spec 3 section 5: 'balance must be low to activate promocodes'). */
export const PROMOCODE_BALANCE_TOO_HIGH = 'balance_too_high';
export const promocodeBalanceMessage = (maxUsd: string) =>
  `Your balance must be below $${maxUsd} to activate a promocode.`;

/** Spec 2 section 8: a banner's activation failure, and a guest's (spec 2 section 5). */
export const PromotionBannerMessages = {
  failed: 'Something went wrong, Please try again.',
  login: 'Please login to your account.',
  success: 'Promocode activated!',
} as const;

/** Spec 2 section 3: a promotion banner's type ('Deposit' is one value, 'Poker' another). */
export const PROMOTION_BANNER_TYPES = ['Deposit', 'Poker', 'Casino', 'Sport'] as const;
export type PromotionBannerType = (typeof PROMOTION_BANNER_TYPES)[number];

/** Codes: 3 to 32 letters, digits, dashes or underscores; compared case-insensitively. */
export const PROMOCODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** The back office's permission for the promo code screens. */
export const PROMOCODES_PERMISSION = 'promocodes';
export const ADMIN_PROMOCODES_PAGE = 50;
