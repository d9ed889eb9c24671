/**
 * Placing one bet of the slip (issue G9 item 3): a pre-match bet is placed at once; a live bet is
 * queued by the server for its markets' delay and confirmed after it. The wait is measured from the
 * server's own clock (`confirmAfter - serverTime`), so a wrong clock on the player's machine changes
 * nothing. A confirmation the server finds too early ("You're too fast") is reported and tried again
 * a moment later, until the queue entry expires. A live bet whose queueing call never got the server's
 * answer (the network failed, or the server failed with a 5xx and no slip code) is "failed to queue"
 * (spec 3 section 8), whatever the transport said. Framework-free: the calls and the clock are injected.
 */
import type { SportBet, SportPlaceBetRequest, SportPlaceBetResponse } from '@nebula/contracts';
import { SportSlipErrorCode } from '@nebula/contracts/constants';

/** The pause before confirming again after "You're too fast". */
export const TOO_FAST_RETRY_MS = 1000;
/** Confirmations tried at most for one queued bet (a bound, whatever the server answers). */
export const MAX_CONFIRM_ATTEMPTS = 30;

export interface PlacementDeps {
  place: (request: SportPlaceBetRequest) => Promise<SportPlaceBetResponse>;
  confirm: (queueId: string) => Promise<{ bet: SportBet }>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** The refusal of a live bet whose queueing call failed without the server's answer. */
export class QueueFailedError extends Error {
  override readonly name = 'QueueFailedError';
  readonly code = SportSlipErrorCode.FailedToQueue;
  constructor(cause: unknown) {
    super('Failed to queue the bet.', { cause });
  }
}

/** True for a failure that is not the server's answer to the request (network, 5xx without a slip code). */
function transportFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('status' in error)) return true;
  const status = (error as { status: unknown }).status;
  const code = errorCode(error);
  return status === 0 || (typeof status === 'number' && status >= 500 && !String(code).startsWith('sport_'));
}

export interface PlacementEvents {
  /** The bet waits in the queue until `dueAt` (local clock). */
  onQueued?: (info: { queueId: string; dueAt: number; delayMs: number }) => void;
  /** The server refused a confirmation as too early; the error carries its code and text. */
  onTooEarly?: (error: unknown) => void;
}

/** The code of a refusal (`ApiError.code`), if it has one. */
export function errorCode(error: unknown): string | number | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') return code;
  }
  return undefined;
}

function millis(iso: string): number {
  const value = Date.parse(iso);
  return Number.isFinite(value) ? value : 0;
}

/** Places one bet, waiting out and confirming a live bet's queue; resolves with the accepted bet. */
export async function placeBet(
  deps: PlacementDeps,
  request: SportPlaceBetRequest,
  events: PlacementEvents = {},
  live = false,
): Promise<SportBet> {
  let answer: SportPlaceBetResponse;
  try {
    answer = await deps.place(request);
  } catch (error) {
    throw live && transportFailure(error) ? new QueueFailedError(error) : error;
  }
  if (answer.status === 'placed') return answer.bet;
  const { queue } = answer;
  const server = millis(queue.serverTime);
  const start = deps.now();
  const dueAt = start + Math.max(0, millis(queue.confirmAfter) - server);
  const expiresAt = start + Math.max(0, millis(queue.expiresAt) - server);
  events.onQueued?.({ queueId: queue.queueId, dueAt, delayMs: queue.delayMs });
  await deps.sleep(Math.max(0, dueAt - deps.now()));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await deps.confirm(queue.queueId)).bet;
    } catch (error) {
      const tooEarly = errorCode(error) === SportSlipErrorCode.TooEarly;
      // Past the expiry the server answers "too late" itself: one more call gets that answer.
      if (!tooEarly || attempt >= MAX_CONFIRM_ATTEMPTS || deps.now() > expiresAt + TOO_FAST_RETRY_MS) {
        throw error;
      }
      events.onTooEarly?.(error);
      await deps.sleep(TOO_FAST_RETRY_MS);
    }
  }
}

/** A client request id for a placement (8 to 64 of A-Z a-z 0-9 _ -). */
export function newRequestId(random: () => string = () => crypto.randomUUID()): string {
  return `slip_${random().replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 64);
}
