/**
 * The bonus wheel and the faucet (spec 1 sections 3-9, spec 2 sections 5, 8 and 9; decision 0039): their
 * codes, texts and timings, shared by server and web. The texts are the spec's, as written.
 */

/** Spec 1 section 9: 5 s spin, 8 rotations, 6 segments doubled to 12. */
export const WHEEL_SPIN_MS = 5_000;
export const WHEEL_ROTATIONS = 8;
export const WHEEL_PRIZE_COUNT = 6;
export const WHEEL_SEGMENT_COUNT = 12;

/** Spin failure codes (body `code`): 3 is the spec's; 1 and 2 are "any other failure". */
export const WheelCodes = {
  /** No ticket left. */
  noTickets: 1,
  /** The wheel cannot pay now (no price for its currency, or the player's level caps it at 0). */
  unavailable: 2,
  /** An active bonus: use it first. */
  activeBonus: 3,
} as const;

/** Spec 1 section 8. */
export const WheelMessages = {
  activeBonus: 'Use available deposit bonus before spinning the wheel.',
  otherFailure: "You don't have enough tickets to spin the wheel.",
  unavailable: 'The bonus wheel is not available right now.',
  /** Spec 1 section 6 (the tooltip). */
  tooltip: 'Every player gets one spin after registration; more spins come from special promo codes.',
} as const;

/** Faucet failure codes (spec 2 section 8). */
export const FaucetCodes = {
  /** The next claim is not available yet. */
  notYet: 1,
  /** A deposit is required. */
  depositRequired: 2,
} as const;

/** Spec 2 section 8 and spec 3 section 8 ('Faucet: come back tomorrow; deposit required.'). */
export const FaucetMessages = {
  notYet: 'The faucet is not available yet. Come back tomorrow.',
  depositRequired: 'A deposit is required to use the faucet. Make a deposit and come back.',
} as const;

/** Spec 2 section 9: status refresh 500 ms, reward animation 5 s, re-enable delay 1.5 s. */
export const FAUCET_REFRESH_MS = 500;
export const FAUCET_REWARD_MS = 5_000;
export const FAUCET_REENABLE_MS = 1_500;

/** How long until the next faucet claim, in the unit the dialog shows it (null: available now). */
export function faucetWait(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; count: number } | null {
  if (!(seconds > 0)) return null;
  const s = Math.ceil(seconds);
  if (s < 60) return { unit: 'seconds', count: s };
  if (s < 3600) return { unit: 'minutes', count: Math.ceil(s / 60) };
  return { unit: 'hours', count: Math.ceil(s / 3600) };
}

/**
 * The faucet dialog's status (spec 2 section 5): 'Available', or 'Available in N seconds/minutes/hours'
 * while the next claim time is in the future. `seconds` until the next claim (<= 0: available).
 */
export function faucetStatus(seconds: number): string {
  const wait = faucetWait(seconds);
  if (!wait) return 'Available';
  const unit = wait.count === 1 ? wait.unit.slice(0, -1) : wait.unit;
  return `Available in ${wait.count} ${unit}`;
}
