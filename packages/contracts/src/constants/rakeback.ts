/** Rakeback's texts, cooldown and codes (spec 2 sections 8-9; decision 0040). */
/** Spec 2 sections 8 and 9. */
export const RakebackMessages = {
  cooldown: 'You can collect cashback after 4 hours',
  claimed: 'Available cashback is claimed successfully',
  nothing: 'There is no cashback to collect yet.',
} as const;

/** Spec 2 section 9: one claim per 4 hours. */
export const RAKEBACK_COOLDOWN_MS = 4 * 60 * 60 * 1000;

/** Error codes of `claimRakeback` (HTTP 422). */
export const RakebackErrorCode = {
  /** Claimed less than 4 hours ago. */
  Cooldown: 1,
  /** Nothing has accrued since the last payment. */
  Nothing: 2,
} as const;
