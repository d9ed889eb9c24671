/**
 * The back office's reads of players (issue G8 item 2): the search and the player page. Each table is
 * read through the function its owning module exports (users, ledger, wagers, deposits, withdrawals,
 * bonus, VIP, protection, auth); this module owns no table.
 */
import type { AdminUsersQuery, PlayerDetail, PlayerRow } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { PlayerAdminCodes } from '@nebula/contracts';
import { liveSessionsOf, loadSecuritySettings } from '../auth/index.js';
import { bonusesOf } from '../bonus/index.js';
import { currencyDecimals } from '../currencies/index.js';
import { addressesOf, depositService, usersWithAddress } from '../deposits/index.js';
import { playerAccounts, playerMovements } from '../ledger/index.js';
import { blocksOf } from '../protection/index.js';
import {
  accountsById,
  linkedAccounts,
  searchUsers,
  staffProfileOf,
  type StaffUserRow,
} from '../users/index.js';
import { progressOf, vipLevelsSetting } from '../vip/index.js';
import { recentWagers } from '../wagers/index.js';
import { withdrawalService } from '../withdrawals/index.js';

/** Rows of each list on the player page. */
export const PAGE_ROWS = 25;

const iso = (at: Date | string): string => new Date(at).toISOString();
const isoOrNull = (at: Date | string | null): string | null => (at === null ? null : iso(at));

export const unknownUser = () => new AppError(404, PlayerAdminCodes.unknownUser, 'No player has this id.');

function toRow(r: StaffUserRow, blocked: PlayerRow['blocked']): PlayerRow {
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    vipLevel: r.vip_level,
    roles: r.roles ?? [],
    created_at: iso(r.created_at),
    chatMutedUntil: isoOrNull(r.chat_muted_until),
    blocked,
    bannedAt: isoOrNull(r.banned_at),
  };
}

/** POST /api/admin/users: newest first, by name, e-mail, id, deposit or wallet address. */
export async function searchPlayers(
  ctx: AppContext,
  query: AdminUsersQuery,
): Promise<{ users: PlayerRow[]; next: string | null }> {
  const text = query.search?.trim() || undefined;
  const ids = text && !/\s/.test(text) ? await usersWithAddress(ctx.database, text) : [];
  const rows = await searchUsers(ctx.database, {
    text,
    ids,
    before: query.before,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const blocks = await blocksOf(
    ctx,
    ctx.database,
    page.map((r) => r.id),
  );
  return {
    users: page.map((r) => toRow(r, blocks.get(r.id) ?? null)),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** POST /api/admin/user: everything the player page shows, or 404 `unknown_user`. */
export async function playerDetail(ctx: AppContext, userId: string): Promise<PlayerDetail> {
  const { database } = ctx;
  const profile = await staffProfileOf(database, userId);
  if (!profile) throw unknownUser();
  const [security, levels] = await Promise.all([
    loadSecuritySettings(ctx),
    ctx.settings.get(vipLevelsSetting),
  ]);
  const [
    accounts,
    movements,
    wagers,
    deposits,
    addresses,
    withdrawals,
    bonuses,
    vip,
    linkedIds,
    sessions,
    blocks,
  ] = await Promise.all([
    playerAccounts(database, userId),
    playerMovements(database, userId, PAGE_ROWS),
    recentWagers(database, userId, PAGE_ROWS),
    depositService.of(ctx).history(userId),
    addressesOf(database, userId),
    withdrawalService.of(ctx).history(userId),
    bonusesOf(database, userId, PAGE_ROWS),
    progressOf(database, userId),
    // Staff see every account registered from the same address or device in the rule's window,
    // whether or not registration limits them.
    linkedAccounts(database, userId, { byIp: true, byDevice: true, windowHours: security.windowHours }),
    liveSessionsOf(database, userId),
    blocksOf(ctx, database, [userId]),
  ]);
  const linked = await accountsById(
    database,
    linkedIds.filter((id) => id !== userId),
  );
  const decimals = await currencyDecimals(database, [
    ...accounts.map((a) => a.currency),
    ...movements.map((m) => m.currency),
    ...wagers.map((w) => w.currency),
    ...bonuses.map((b) => b.currency),
  ]);
  const show = (value: bigint | string, currency: string) =>
    toDecimalString(BigInt(value), decimals.get(currency) ?? 8);
  const level = Math.max(profile.vip_level, vip.level);
  const next = levels.filter((l) => l.level > level).sort((a, b) => a.level - b.level)[0];
  return {
    profile: {
      ...toRow(profile, blocks.get(userId) ?? null),
      emailVerified: profile.email_verified,
      avatar: profile.avatar,
      walletAddress: profile.wallet_address,
      telegram: profile.telegram,
      registrationIp: profile.registration_ip,
      invitedBy:
        profile.invited_by && profile.invited_by_name
          ? { _id: profile.invited_by, name: profile.invited_by_name }
          : null,
      twoFactor: profile.two_factor,
      privateProfile: profile.private_profile,
      privateBets: profile.private_bets,
      bannedReason: profile.banned_at === null ? null : profile.banned_reason,
    },
    balances: accounts.map((a) => ({
      currency: a.currency,
      kind: a.kind,
      balance: show(a.balance, a.currency),
    })),
    ledger: movements.map((m) => ({
      id: m.transferId,
      kind: m.kind,
      account: m.account,
      currency: m.currency,
      amount: show(m.amount, m.currency),
      created_at: iso(m.createdAt),
    })),
    bets: wagers.map((w) => ({
      id: w.id,
      product: w.product,
      game: w.game,
      currency: w.currency,
      demo: w.demo,
      wager: show(w.wager, w.currency),
      payout: show(w.payout, w.currency),
      created_at: iso(w.createdAt),
    })),
    deposits: deposits.slice(0, PAGE_ROWS).map((d) => ({
      _id: d._id,
      currency: d.currency,
      chain: d.chain,
      sum: d.sum,
      txid: d.txid,
      status: d.status,
      confirmations: d.confirmations,
      required_confirmations: d.required_confirmations,
      created_at: d.created_at,
    })),
    addresses,
    withdrawals: withdrawals.slice(0, PAGE_ROWS).map((w) => ({
      _id: w._id,
      currency: w.currency,
      chain: w.chain,
      address: w.address,
      sum: w.sum,
      fee: w.fee,
      status: w.status,
      txid: w.txid,
      decline_reason: w.decline_reason,
      created_at: w.created_at,
    })),
    bonuses: bonuses.map((b) => ({
      _id: b.id,
      currency: b.currency,
      source: b.source,
      amount: show(b.amount, b.currency),
      wageringRequired: show(b.wagering_required, b.currency),
      wageringDone: show(b.wagering_done, b.currency),
      status: b.status,
      expiresAt: iso(b.expires_at),
      created_at: iso(b.created_at),
    })),
    vip: {
      level,
      deposited: vip.deposited,
      wagered: vip.wagered,
      next: next
        ? {
            level: next.level,
            name: next.name,
            depositRequirement: next.depositRequirement,
            wagerRequirement: next.wagerRequirement,
          }
        : null,
    },
    linked: linked.map((l) => ({ _id: l.id, name: l.name, created_at: iso(l.created_at) })),
    sessions: sessions.map((s) => ({
      _id: s.id,
      ip: s.ip,
      userAgent: s.user_agent,
      created_at: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
    })),
  };
}
