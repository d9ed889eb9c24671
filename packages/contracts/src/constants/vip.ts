/**
 * VIP programme constants and the progress rule (spec 2 sections 3, 4 and 9), shared by server and web.
 */

/** Levels 1 to 10 are the programme's (spec 3 section 9); level 0 is a player who has reached none yet. */
export const VIP_MAX_LEVEL = 10;
/** At this level or above the profile card's progress is full (spec 2 section 9: 'Max VIP level in the card 8'). */
export const VIP_CARD_MAX_LEVEL = 8;
/** The profile card's scale: two percentages of up to 100 each (spec 2: '/200 EXP'). */
export const VIP_EXP_SCALE = 200;

export interface VipProgress {
  /** The average of the two capped percentages, 0 to 100 (the bar). */
  percent: number;
  /** Their sum, 0 to 200 (the card's 'N/200 EXP'). */
  exp: number;
}

const capped = (value: number, requirement: number): number =>
  requirement <= 0 ? 100 : Math.min(100, Math.max(0, (value / requirement) * 100));

/**
 * Spec 2 section 4: the average of two percentages, each capped at 100: deposited over the next level's
 * deposit requirement and wagered over its wager requirement; at level 8 or more, 100. Amounts are USD
 * decimal strings (or numbers); `next` is the next level's entry (undefined past the last level).
 */
export function vipProgress(
  level: number,
  deposited: string | number,
  wagered: string | number,
  next: { depositRequirement: string | number; wagerRequirement: string | number } | undefined,
): VipProgress {
  if (level >= VIP_CARD_MAX_LEVEL || !next) return { percent: 100, exp: VIP_EXP_SCALE };
  const d = capped(Number(deposited), Number(next.depositRequirement));
  const w = capped(Number(wagered), Number(next.wagerRequirement));
  return { percent: Math.floor((d + w) / 2), exp: Math.floor(d + w) };
}
