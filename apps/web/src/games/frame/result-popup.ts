/**
 * The result popup over the stage (spec 3 section 4): a cancelled round shows nothing; a round with
 * zero profit and a zero multiplier shows a loss; otherwise the win flag decides, or the status when
 * there is no flag. It stays 2 s (spec 3 section 9).
 */
import { multiplierText } from '../../lib/multiplier-format';

export const RESULT_POPUP_MS = 2000;

export interface PopupRound {
  cancelled?: boolean;
  profit: string;
  multiplier: string;
  win?: boolean;
  status?: string;
}

export type PopupKind = 'win' | 'lose';

const ZERO = /^-?0*(?:\.0*)?$/;

function isZeroDecimal(value: string): boolean {
  const text = value.trim();
  return text.length > 0 && ZERO.test(text);
}

/** What the popup shows for a settled round, or null for nothing. */
export function resultPopupKind(round: PopupRound): PopupKind | null {
  if (round.cancelled) return null;
  if (isZeroDecimal(round.profit) && isZeroDecimal(round.multiplier)) return 'lose';
  if (typeof round.win === 'boolean') return round.win ? 'win' : 'lose';
  return round.status === 'win' ? 'win' : 'lose';
}

/** A multiplier for display (results and history): the app's rule, 2 decimals truncated, ending in x. */
export function formatMultiplier(multiplier: string): string {
  return `${multiplierText(multiplier)}x`;
}
