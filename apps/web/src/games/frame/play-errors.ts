/**
 * What a failed Play does (spec 3 section 8): 0 ends silently; -2 opens the login modal with the
 * server's 'Authorization is required'; -7 opens it for guests; -6 is a warning; -8 is ignored; other
 * negative codes show the server's text; a 422 validation failure shows its message; any other
 * positive code shows 'An error has occurred (code {code})'. -3 (unknown game) also returns home.
 * A refusal of player protection (issue G5: a loss, wager or session limit, a time-out or
 * self-exclusion) shows the server's text and is marked `refusal` with its code, so the frame can keep
 * it on screen (and an auto run says why it stopped).
 */
import { ProtectionErrorCode } from '@nebula/contracts/constants';
import { NETWORK_ERROR_CODE, isApiError } from '../../lib/api';
import { ClientErrorCode, RealtimeError } from '../../lib/realtime';

export type PlayErrorAction =
  | { kind: 'silent' }
  | {
      kind: 'toast';
      level: 'error' | 'warning';
      /** The text to show; null means the generic 'An error has occurred (code {code})'. */
      text: string | null;
      code: number;
      login?: boolean;
      home?: boolean;
      /** The protection code of a refusal (`loss_limit`, `timed_out`...). */
      refusal?: ProtectionRefusal;
    };

/** The protection refusals a bet can meet. */
export const PROTECTION_REFUSALS = [
  ProtectionErrorCode.LossLimit,
  ProtectionErrorCode.WagerLimit,
  ProtectionErrorCode.SessionLimit,
  ProtectionErrorCode.SelfExcluded,
  ProtectionErrorCode.TimedOut,
] as const;
export type ProtectionRefusal = (typeof PROTECTION_REFUSALS)[number];

/** The protection code of a failed call (the text code over HTTP, `reason` over the socket), or null. */
export function protectionRefusal(error: unknown): ProtectionRefusal | null {
  let reason: unknown;
  if (error instanceof RealtimeError) reason = error.reason;
  else if (isApiError(error)) reason = error.code;
  return PROTECTION_REFUSALS.includes(reason as ProtectionRefusal) ? (reason as ProtectionRefusal) : null;
}

/** The numeric play code and message of a failed call (socket or HTTP). */
export function playErrorCode(error: unknown): { code: number; message: string; transport: boolean } {
  if (error instanceof RealtimeError) {
    const transport = Object.values(ClientErrorCode).includes(error.code as 429 | 503 | 504);
    return { code: error.code, message: error.message, transport };
  }
  if (isApiError(error)) {
    if (error.code === NETWORK_ERROR_CODE) return { code: 503, message: error.message, transport: true };
    return {
      code: typeof error.code === 'number' ? error.code : error.status,
      message: error.message,
      transport: false,
    };
  }
  return { code: 500, message: error instanceof Error ? error.message : String(error), transport: false };
}

export function playErrorAction(error: unknown, isGuest: boolean): PlayErrorAction {
  const { code, message, transport } = playErrorCode(error);
  if (code === 0 || code === -8) return { kind: 'silent' };
  const refusal = protectionRefusal(error);
  if (refusal) return { kind: 'toast', level: 'warning', text: message, code, refusal };
  if (transport) return { kind: 'toast', level: 'error', text: message, code };
  if (code === -2) return { kind: 'toast', level: 'error', text: message, code, login: true };
  if (code === -7) return { kind: 'toast', level: 'error', text: message, code, login: isGuest };
  if (code === -6) return { kind: 'toast', level: 'warning', text: message, code };
  if (code === -3) return { kind: 'toast', level: 'error', text: message, code, home: true };
  if (code < 0) return { kind: 'toast', level: 'error', text: message, code };
  if (code === 422) return { kind: 'toast', level: 'error', text: message, code };
  return { kind: 'toast', level: 'error', text: null, code };
}
