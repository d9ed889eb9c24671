/**
 * The text the slip shows for a refusal of the server (spec 3 section 8, "Sportsbook bet slip errors"):
 * the slip's texts by code in the player's language, the limits ("Min $1", "Max $20") as the server
 * says them (it knows the operator's limits), any other refusal with the server's message.
 */
import { SportSlipErrorCode } from '@nebula/contracts/constants';
import type { TFunction } from '../../lib/i18n';
import { errorCode } from './placement';

/** The text of a refusal: the slip's own texts by code; the limits ("Min $1") as the server says them. */
export function slipErrorText(t: TFunction, error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : '';
  if (code === SportSlipErrorCode.BetTooLow || code === SportSlipErrorCode.BetTooHigh) return message;
  if (typeof code === 'string' && code.startsWith('sport_'))
    return t(`sportsUi.errors.${code}`, { defaultValue: message });
  return message || t('errors.generic');
}
