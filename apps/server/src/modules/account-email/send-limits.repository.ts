import type { Database } from '../../db/client.js';
import type { TokenPurpose } from './email-tokens.repository.js';

/**
 * How often an account may be mailed. One row per account and purpose, taken with a conditional
 * upsert: the row is locked and the condition checked on its latest version, so concurrent
 * requests on any number of nodes can never exceed the limit.
 */
export interface SendRule {
  /** Minimum spacing between two mails. */
  minGapSeconds: number;
  /** At most this many mails per window (a fixed window starting with its first mail). */
  max: number;
  windowSeconds: number;
}

/** The verify button: one mail a minute, five a day (spec 2: "You're too quick..."). */
export const VERIFY_RULE: SendRule = { minGapSeconds: 60, max: 5, windowSeconds: 86_400 };
/** Changing the address mails the new one at once (fixing a typo must work) but counts against the day. */
export const EMAIL_CHANGE_RULE: SendRule = { minGapSeconds: 0, max: 5, windowSeconds: 86_400 };
/** Password reset: three mails an hour per account, over silently. */
export const RESET_RULE: SendRule = { minGapSeconds: 0, max: 3, windowSeconds: 3_600 };

/** Takes one send from the account's allowance; false when the rule forbids it now. */
export async function takeSendSlot(
  database: Database,
  userId: string,
  purpose: TokenPurpose,
  rule: SendRule,
): Promise<boolean> {
  const rows = await database.query(
    `insert into email_send_limits as l (user_id, purpose, last_sent_at, window_started_at, sent_in_window)
     values ($1, $2, now(), now(), 1)
     on conflict (user_id, purpose) do update set
       last_sent_at = now(),
       window_started_at = case when l.window_started_at <= now() - make_interval(secs => $4::int)
                                then now() else l.window_started_at end,
       sent_in_window = case when l.window_started_at <= now() - make_interval(secs => $4::int)
                             then 1 else l.sent_in_window + 1 end
     where l.last_sent_at <= now() - make_interval(secs => $3::int)
       and (l.window_started_at <= now() - make_interval(secs => $4::int) or l.sent_in_window < $5::int)
     returning 1 as taken`,
    [userId, purpose, rule.minGapSeconds, rule.windowSeconds, rule.max],
  );
  return rows.length > 0;
}

/** Gives a send back when the mail could not go out, so the player can retry at once. */
export async function releaseSendSlot(
  database: Database,
  userId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await database.query(
    `update email_send_limits set sent_in_window = greatest(sent_in_window - 1, 0),
            last_sent_at = now() - interval '1 day'
      where user_id = $1 and purpose = $2`,
    [userId, purpose],
  );
}

/** A lookup shaped like `takeSendSlot`, for paths that must cost about the same but change nothing. */
export async function peekSendLimit(
  database: Database,
  userId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await database.query('select sent_in_window from email_send_limits where user_id = $1 and purpose = $2', [
    userId,
    purpose,
  ]);
}
