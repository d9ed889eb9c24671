/**
 * The signed-in user's record as the client stores it (`Me`, spec 3 section 3), with its session token.
 *
 * Auth builds the identity fields (user, roles and their permissions) and every module adds the fields
 * it owns through its definition's `me` (platform/module.ts): chat its mute and ignore list, and the
 * programmes to come their own state, without editing this file. The builder is a per-server service
 * (`auth.me`) that reads the module list once at start.
 *
 * Invariants: a module's part never sets an identity field (typed: `MeContribution`); parts are merged
 * in module-list order and read concurrently (each is its owner's read, none writes).
 */
import type { Me } from '@nebula/contracts';
import type { Database } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import type { MeContribution } from '../../platform/module.js';
import { defineService } from '../../platform/services.js';
import { findUserById, rolesOf } from '../users/index.js';

export class MeBuilder {
  constructor(
    private readonly database: Database,
    private readonly parts: readonly MeContribution[],
  ) {}

  /** The record of `userId` with `token` (the session the client keeps it with). */
  async build(userId: string, token: string): Promise<Me> {
    const [u, roles, ...parts] = await Promise.all([
      findUserById(this.database, userId),
      rolesOf(this.database, userId),
      ...this.parts.map((part) => part(this.database, userId)),
    ]);
    if (!u) throw new Error(`user ${userId} vanished`);
    const permissions = new Map<string, Record<string, boolean>>();
    for (const r of roles) {
      for (const p of r.permissions ?? [])
        permissions.set(p.id, { ...permissions.get(p.id), ...p.permissions });
    }
    const me: Me = {
      _id: u.id,
      name: u.name,
      email: u.email,
      email_verified: u.email_verified_at !== null,
      avatar: u.avatar,
      vipLevel: u.vip_level,
      // The protection module's part sets it (a time-out or self-exclusion in force).
      self_excluded: false,
      roles: roles.map((r) => ({ id: r.id })),
      permissions: [...permissions].map(([id, p]) => ({ id, permissions: p })),
      twoFactorEnabled: u.two_factor_enabled_at !== null,
      private_profile: u.private_profile,
      private_bets: u.private_bets,
      created_at: new Date(u.created_at).toISOString(),
      token,
    };
    return Object.assign(me, ...parts) as Me;
  }
}

/** The server's builder of `Me`, over every module's `me` part. */
export const meService = defineService(
  'auth.me',
  (ctx) =>
    new MeBuilder(
      ctx.database,
      ctx.modules.flatMap((m) => (m.me ? [m.me] : [])),
    ),
);

/** The signed-in user's record (see the module comment). */
export function toMe(ctx: Pick<AppContext, 'services'>, userId: string, token: string): Promise<Me> {
  return meService.of(ctx).build(userId, token);
}
