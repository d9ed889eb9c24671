import type { Me } from '@nebula/contracts';
import type { Database } from '../../db/client.js';
import { chatStateOf } from '../chat/index.js';
import { findUserById, rolesOf } from '../users/index.js';

/** The signed-in user as the client stores it (spec 3 section 3), with its session token. */
export async function toMe(database: Database, userId: string, token: string): Promise<Me> {
  const u = await findUserById(database, userId);
  if (!u) throw new Error(`user ${userId} vanished`);
  const roles = await rolesOf(database, userId);
  const permissions = new Map<string, Record<string, boolean>>();
  for (const r of roles) {
    for (const p of r.permissions ?? [])
      permissions.set(p.id, { ...permissions.get(p.id), ...p.permissions });
  }
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    email_verified: u.email_verified_at !== null,
    avatar: u.avatar,
    vipLevel: u.vip_level,
    self_excluded: u.self_excluded_until !== null && new Date(u.self_excluded_until) > new Date(),
    roles: roles.map((r) => ({ id: r.id })),
    permissions: [...permissions].map(([id, p]) => ({ id, permissions: p })),
    twoFactorEnabled: u.two_factor_enabled_at !== null,
    private_profile: u.private_profile,
    private_bets: u.private_bets,
    created_at: new Date(u.created_at).toISOString(),
    token,
    ...(await chatStateOf(database, userId)),
  };
}
