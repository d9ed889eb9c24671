/**
 * The back office's actions on a player (issue G8 item 2; decision 0041). Each checks its permission
 * (the endpoint's policy), refuses bad input with a 4xx before anything is written, and writes its staff
 * audit row in the same transaction as its change: both commit or neither does.
 *
 * Balance adjustment: one ledger transfer between the player's real account and the house account
 * (kind `adjustment`), with a reason; the amount is the currency's decimal text converted exactly to
 * atomic units (too many decimals is refused, never rounded); a debit never takes a balance below zero
 * (the ledger's CHECK); the ledger key `staff-adjust:{staff}:{requestId}` makes a replayed request move
 * nothing and write no second audit row; fresh 2FA is required when the staff member has 2FA on; no
 * staff member adjusts their own balance.
 */
import { PlayerAdminCodes } from '@nebula/contracts';
import { parseWireAmount, toDecimalString } from '@nebula/money';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction } from '../audit/index.js';
import { assertFreshTwoFactor, endUserSessions } from '../auth/index.js';
import { currencyDecimals } from '../currencies/index.js';
import { playerBalance } from '../ledger/index.js';
import { holdsPermission } from '../../platform/policy.js';
import { findUserById, roleCatalogue, rolesOf, setBan, setRoles } from '../users/index.js';
import { unknownUser } from './players.reads.js';

export interface AdjustInput {
  userId: string;
  currency: string;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
  requestId: string;
}

const invalidAmount = (message: string) =>
  new AppError(422, PlayerAdminCodes.invalidAmount, message, [{ path: 'amount', message }]);

/** POST /api/admin/user/balance. */
export async function adjustBalance(
  ctx: AppContext,
  staff: AuthUser,
  input: AdjustInput,
): Promise<{ ok: true; balance: string; replayed: boolean }> {
  const { database } = ctx;
  const player = await findUserById(database, input.userId);
  if (!player) throw unknownUser();
  if (player.id === staff.id)
    throw new AppError(403, PlayerAdminCodes.ownRoles, 'Staff cannot adjust their own balance.');
  const currency = input.currency.trim().toLowerCase();
  const decimals = (await currencyDecimals(database, [currency])).get(currency);
  if (decimals === undefined)
    throw new AppError(422, 'unknown_currency', `Unknown currency ${input.currency}.`, [
      { path: 'currency', message: 'Unknown currency.' },
    ]);
  const parsed = parseWireAmount(input.amount, decimals);
  if (!parsed.ok) throw invalidAmount(parsed.error.message);
  if (parsed.value <= 0n) throw invalidAmount('The amount must be greater than 0.');
  const amount = parsed.value;
  await assertFreshTwoFactor(database, staff);

  const playerAccount = { user: player.id, kind: 'real' as const };
  const house = { system: 'house' as const };
  const credit = input.direction === 'credit';
  return ctx.ledger.transaction(async (ledger, tx) => {
    const result = await ledger.transfer({
      key: `staff-adjust:${staff.id}:${input.requestId}`,
      kind: 'adjustment',
      currency,
      amount,
      from: credit ? house : playerAccount,
      to: credit ? playerAccount : house,
      metadata: { reason: input.reason, staff: staff.id },
    });
    const after = await playerBalance(tx, { ...playerAccount, currency });
    const show = (v: bigint) => toDecimalString(v, decimals);
    if (!result.replayed) {
      const before = credit ? after - amount : after + amount;
      await recordStaffAction(tx, {
        actor: staff,
        action: 'players.adjust_balance',
        target: { type: 'user', id: player.id },
        before: { balance: show(before), currency },
        after: { balance: show(after), currency },
        details: {
          name: player.name,
          direction: input.direction,
          amount: show(amount),
          currency,
          reason: input.reason,
          transferId: result.transferId,
          requestId: input.requestId,
        },
      });
    }
    return { ok: true as const, balance: show(after), replayed: result.replayed };
  });
}

/** POST /api/admin/user/signOut: ends every live session of the player. */
export async function forceSignOut(
  ctx: AppContext,
  staff: AuthUser,
  userId: string,
): Promise<{ ok: true; revoked: number }> {
  const player = await findUserById(ctx.database, userId);
  if (!player) throw unknownUser();
  const revoked = await ctx.database.transaction(async (tx) => {
    const count = await endUserSessions(tx, player.id);
    await recordStaffAction(tx, {
      actor: staff,
      action: 'players.sign_out',
      target: { type: 'user', id: player.id },
      details: { name: player.name, sessions: count },
    });
    return count;
  });
  return { ok: true, revoked };
}

/**
 * POST /api/admin/user/roles (administrators): replaces the account's roles. Nobody changes their own
 * roles (so nobody raises them, and the last administrator cannot demote themselves); every role must
 * exist. Audited with the roles before and after.
 */
export async function changeRoles(
  ctx: AppContext,
  staff: AuthUser,
  userId: string,
  roles: readonly string[],
): Promise<{ ok: true; roles: string[] }> {
  const { database } = ctx;
  const player = await findUserById(database, userId);
  if (!player) throw unknownUser();
  if (player.id === staff.id)
    throw new AppError(403, PlayerAdminCodes.ownRoles, 'Staff cannot change their own roles.');
  const known = new Set((await roleCatalogue(database)).map((r) => r.id));
  const unknown = roles.filter((r) => !known.has(r));
  if (unknown.length > 0)
    throw new AppError(422, PlayerAdminCodes.unknownRole, `Unknown role: ${unknown.join(', ')}.`, [
      { path: 'roles', message: 'Unknown role.' },
    ]);
  const after = [...roles].sort();
  await database.transaction(async (tx) => {
    const before = await setRoles(tx, player.id, after);
    if (!before) throw unknownUser();
    await recordStaffAction(tx, {
      actor: staff,
      action: 'players.roles',
      target: { type: 'user', id: player.id },
      before: { roles: before },
      after: { roles: after },
      details: { name: player.name },
    });
  });
  return { ok: true, roles: after };
}

/**
 * POST /api/admin/user/ban (`users`; decision 0047): bans the account and ends every live session in
 * one transaction with its audit row `players.ban`. From then on every sign-in is refused (403
 * `account_banned`) and its bearer tokens answer 419, so it neither bets, withdraws nor chats. Nobody
 * bans themselves; an account holding any staff role is banned only by an administrator.
 */
export async function banPlayer(
  ctx: AppContext,
  staff: AuthUser,
  userId: string,
  reason: string,
): Promise<{ ok: true; revoked: number }> {
  const { database } = ctx;
  const player = await findUserById(database, userId);
  if (!player) throw unknownUser();
  if (player.id === staff.id)
    throw new AppError(403, PlayerAdminCodes.notBannable, 'Staff cannot ban their own account.');
  const roles = await rolesOf(database, player.id);
  if (roles.some((r) => r.id !== 'player') && !holdsPermission(staff, '*'))
    throw new AppError(403, PlayerAdminCodes.notBannable, 'Only administrators ban staff accounts.');
  const revoked = await database.transaction(async (tx) => {
    const before = await setBan(tx, player.id, reason);
    if (before === undefined) throw unknownUser();
    if (before !== null)
      throw new AppError(409, PlayerAdminCodes.alreadyBanned, 'This account is already banned.');
    const count = await endUserSessions(tx, player.id);
    await recordStaffAction(tx, {
      actor: staff,
      action: 'players.ban',
      target: { type: 'user', id: player.id },
      before: { banned: false },
      after: { banned: true },
      details: { name: player.name, reason, sessions: count },
    });
    return count;
  });
  return { ok: true, revoked };
}

/** POST /api/admin/user/unban (`users`): lifts the ban (the account signs in again); audited `players.unban`. */
export async function unbanPlayer(
  ctx: AppContext,
  staff: AuthUser,
  userId: string,
  reason: string,
): Promise<{ ok: true }> {
  const player = await findUserById(ctx.database, userId);
  if (!player) throw unknownUser();
  await ctx.database.transaction(async (tx) => {
    const before = await setBan(tx, player.id, null);
    if (before === undefined) throw unknownUser();
    if (before === null) throw new AppError(409, PlayerAdminCodes.notBanned, 'This account is not banned.');
    await recordStaffAction(tx, {
      actor: staff,
      action: 'players.unban',
      target: { type: 'user', id: player.id },
      before: { banned: true, reason: before.reason },
      after: { banned: false },
      details: { name: player.name, reason },
    });
  });
  return { ok: true };
}
