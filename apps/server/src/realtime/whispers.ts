import { RealtimeErrorCode, type Whisper, type WhisperResponse } from '@nebula/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../platform/context.js';
import { AppError, assertStorableText, validationError } from '../platform/errors.js';
import { enforcePolicy } from '../platform/policy.js';

export interface WhisperCaller {
  user: AuthUser | null;
  /** Set when the call came over the socket. */
  connectionId?: string;
  /** The caller's private channel (User.{id} or Guest.{connection}), when on the socket. */
  privateChannel?: string;
}

export type WhisperHandler<W extends Whisper> = (args: {
  input: z.output<W['request']>;
  caller: WhisperCaller;
}) => Promise<WhisperResponse<W>> | WhisperResponse<W>;

interface Entry {
  whisper: Whisper;
  handler: WhisperHandler<Whisper>;
}

/**
 * Whisper handlers, registered by modules. The socket and POST /api/whisper both call `dispatch`,
 * so validation and policy are identical on both transports.
 */
export class WhisperRegistry {
  private readonly entries = new Map<string, Entry>();

  register<W extends Whisper>(whisper: W, handler: WhisperHandler<W>): void {
    if (this.entries.has(whisper.event)) throw new Error(`whisper ${whisper.event} registered twice`);
    this.entries.set(whisper.event, { whisper, handler: handler as unknown as WhisperHandler<Whisper> });
  }

  list(): Whisper[] {
    return [...this.entries.values()].map((e) => e.whisper);
  }

  /**
   * Runs a whisper; throws AppError (unknown event 404, policy 401/403, validation 422, text
   * PostgreSQL cannot store 422).
   */
  async dispatch(event: string, data: unknown, caller: WhisperCaller): Promise<unknown> {
    const entry = this.entries.get(event);
    if (!entry)
      throw new AppError(404, 'unknown_event', `Unknown event ${JSON.stringify(event.slice(0, 64))}.`);
    enforcePolicy(entry.whisper.policy, caller.user);
    assertStorableText(data, 'data');
    const parsed = entry.whisper.request.safeParse(data);
    if (!parsed.success) throw validationError(parsed.error, 'data');
    const result = await entry.handler({ input: parsed.data, caller });
    const checked = entry.whisper.response.safeParse(result);
    if (!checked.success) throw new AppError(500, 'internal', 'Internal server error.');
    return checked.data;
  }
}

/**
 * The socket's numeric error code for an error thrown by a handler; an error with a text code (e.g.
 * `loss_limit`) answers its HTTP status as the code and the text code as `reason`, so a client can
 * tell refusals apart as over HTTP.
 */
export function socketErrorOf(err: unknown): { code: number; message: string; reason?: string } {
  if (err instanceof AppError) {
    if (typeof err.code === 'number') return { code: err.code, message: err.message };
    return { code: err.status, message: err.message, reason: err.code };
  }
  return { code: RealtimeErrorCode.Internal, message: 'Internal server error.' };
}
