/** Tips and rain: limits, texts and error codes (spec 3 sections 2, 5 and 9). */

/** Spec 3 section 9: "Rain: up to 25 users by command". */
export const RAIN_MIN_USERS = 1;
export const RAIN_MAX_USERS = 25;

/** Spec 3 section 9: bot rain 10 to 20 per day, 5 to 15 recipients, a deposit in the last 24 h. */
export const BOT_RAIN = {
  perDayMin: 10,
  perDayMax: 20,
  recipientsMin: 5,
  recipientsMax: 15,
  depositHours: 24,
} as const;

/** Spec 3 section 5 texts: "Rain: ... invalid users length and invalid amount. Tip: invalid username, invalid amount." */
export const TipMessages = {
  invalidUsername: 'Invalid username',
  invalidAmount: 'Invalid amount',
  invalidUsersLength: 'Invalid users length',
  /** Spec 3 section 8 (play code -4). */
  notEnoughMoney: 'Not enough money',
  self: 'You cannot tip yourself.',
  notEnoughUsers: 'Not enough eligible players in this chat for that many users.',
  noEligibleUsers: 'Nobody in this chat can receive a rain right now.',
  rateLimited: 'Too many tips and rains. Try again in a minute.',
  muted: 'You cannot tip or rain while your chat is muted.',
  unknownCurrency: 'Unknown currency.',
} as const;

export const TipErrorCode = {
  InvalidUsername: 'invalid_username',
  InvalidAmount: 'invalid_amount',
  InvalidUsersLength: 'invalid_users_length',
  NotEnoughMoney: 'insufficient_balance',
  Self: 'tip_self',
  NotEnoughUsers: 'rain_not_enough_users',
  RateLimited: 'rate_limited',
  Muted: 'tip_muted',
  UnknownCurrency: 'invalid_currency',
} as const;
