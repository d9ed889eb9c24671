/**
 * The protection module's relation for statements that must read a player's protection inline (the
 * pre-bet read of every stake, decision 0015's second way), and the block's error. A plain subquery:
 * PostgreSQL pulls it up, so a left join costs one primary-key lookup in the same statement.
 *
 * Columns:
 *  - `user_id` (uuid);
 *  - `blocked` ('time_out' | 'self_exclusion' | null: the block in force now, on the database's clock);
 *  - `guarded` (boolean: a loss or wager limit or a session limit is in force: the stake is judged
 *    inside its transaction, modules/protection guard.ts);
 *  - `deposit_guarded` (boolean: a deposit limit is in force).
 *
 * Use: `left join ${PROTECTION} pp on pp.user_id = u.id` (a player without a record has no row).
 */
import { ProtectionErrorCode, ProtectionMessages } from '@nebula/contracts';
import { AppError } from '../../platform/errors.js';

export const PROTECTION = `(select user_id,
    case when block_type is not null and (block_until is null or block_until > now()) then block_type end as blocked,
    guarded, deposit_guarded
  from player_protection)`;

export type BlockType = 'time_out' | 'self_exclusion';

/** The condition (SQL) that a player of a statement has no time-out or self-exclusion in force: `${notBlocked('u.id')}`. */
export const notBlocked = (userId: string) =>
  `not exists (select 1 from ${PROTECTION} pb where pb.user_id = ${userId} and pb.blocked is not null)`;

/** A tip to a player who cannot receive one now (never says why). */
export const recipientUnavailable = () =>
  new AppError(403, ProtectionErrorCode.RecipientUnavailable, ProtectionMessages.recipientUnavailable);

/** The 403 a blocked player gets on everything that moves money or plays, except withdrawals. */
export function blockedError(type: BlockType): AppError {
  return type === 'time_out'
    ? new AppError(403, ProtectionErrorCode.TimedOut, ProtectionMessages.timedOut)
    : new AppError(403, ProtectionErrorCode.SelfExcluded, ProtectionMessages.selfExcluded);
}
