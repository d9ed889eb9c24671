/**
 * The promo code rows (tables `promocodes`, `promocode_activations`, migrations 0034 and 0041) and their
 * views.
 */
import type { AdminPromocode, PromocodeAffiliation, PromocodeType, PublicPromocode } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { Session } from '../../db/client.js';
import { currencyDecimals } from '../currencies/index.js';
import { PLAYERS } from '../users/index.js';

export type Querier = Pick<Session, 'query'>;

export interface PromocodeRow {
  id: string;
  code: string;
  description: string;
  type: PromocodeType;
  currency: string;
  amount: string;
  multiplier: number;
  /** A tickets code's wheel tickets (migration 0041), else null. */
  tickets: number | null;
  bonus_expiry_days: number;
  max_uses: number | null;
  uses: number;
  expires_at: Date | null;
  min_vip_level: number;
  affiliation: PromocodeAffiliation;
  private_to: string[] | null;
  owner_id: string | null;
  public: boolean;
  disabled_at: Date | null;
  created_by: string | null;
  created_at: Date;
}

export const COLUMNS = `p.id::text as id, p.code, p.description, p.type, p.currency, p.amount::text as amount,
  p.multiplier, p.tickets, p.bonus_expiry_days, p.max_uses, p.uses, p.expires_at, p.min_vip_level, p.affiliation,
  p.private_to::text[] as private_to, p.owner_id::text as owner_id, p.public, p.disabled_at,
  p.created_by::text as created_by, p.created_at`;

/** The code a player typed (case-insensitive), or null. */
export async function findCode(q: Querier, typed: string): Promise<PromocodeRow | null> {
  const rows = await q.query<PromocodeRow>(
    `select ${COLUMNS} from promocodes p where lower(p.code) = lower($1)`,
    [typed.trim()],
  );
  return rows[0] ?? null;
}

export const isExpired = (row: Pick<PromocodeRow, 'expires_at'>, now = new Date()) =>
  row.expires_at !== null && row.expires_at.getTime() <= now.getTime();

async function decimalsFor(q: Querier, rows: readonly PromocodeRow[]): Promise<Map<string, number>> {
  return currencyDecimals(
    q,
    rows.map((r) => r.currency),
  );
}

/** POST /api/promocode/listPublic: public codes that are enabled, not expired and not used up. */
export async function listPublic(q: Querier): Promise<PublicPromocode[]> {
  const rows = await q.query<PromocodeRow>(
    `select ${COLUMNS} from promocodes p
      where p.public and p.disabled_at is null and p.private_to is null
        and (p.expires_at is null or p.expires_at > now())
        and (p.max_uses is null or p.uses < p.max_uses)
      order by p.id desc limit 50`,
  );
  const decimals = await decimalsFor(q, rows);
  return rows.map((r) => ({
    _id: r.id,
    code: r.code,
    description: r.description,
    type: r.type,
    currency: r.currency,
    value: toDecimalString(BigInt(r.amount), decimals.get(r.currency) ?? 8),
    multiplier: r.type === 'bonus' ? r.multiplier : 0,
    tickets: r.tickets,
    expiresAt: r.expires_at?.toISOString() ?? null,
    usesLeft: r.max_uses === null ? null : r.max_uses - r.uses,
    vipLevel: r.min_vip_level,
  }));
}

/** The staff view of codes: names instead of ids (one statement for the names). */
export async function toAdmin(q: Querier, rows: readonly PromocodeRow[]): Promise<AdminPromocode[]> {
  const ids = [
    ...new Set(rows.flatMap((r) => [...(r.private_to ?? []), r.owner_id, r.created_by].filter(Boolean))),
  ] as string[];
  const names = new Map(
    ids.length
      ? (
          await q.query<{ id: string; name: string }>(
            `select u.id::text as id, u.name from ${PLAYERS} u where u.id = any($1::uuid[])`,
            [ids],
          )
        ).map((u) => [u.id, u.name])
      : [],
  );
  const decimals = await decimalsFor(q, rows);
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    description: r.description,
    type: r.type,
    currency: r.currency,
    value: toDecimalString(BigInt(r.amount), decimals.get(r.currency) ?? 8),
    multiplier: r.multiplier,
    tickets: r.tickets,
    bonusExpiryDays: r.bonus_expiry_days,
    maxUses: r.max_uses,
    uses: r.uses,
    expiresAt: r.expires_at?.toISOString() ?? null,
    vipLevel: r.min_vip_level,
    affiliation: r.affiliation,
    privateTo: (r.private_to ?? []).map((id) => nameOf(id) ?? id),
    owner: nameOf(r.owner_id),
    public: r.public,
    disabled: r.disabled_at !== null,
    createdAt: r.created_at.toISOString(),
    createdBy: nameOf(r.created_by),
  }));
}

/** Which of `codeIds` the player has activated. */
export async function usedCodesOf(
  q: Querier,
  userId: string,
  codeIds: readonly string[],
): Promise<Set<string>> {
  if (codeIds.length === 0) return new Set();
  const rows = await q.query<{ code_id: string }>(
    'select code_id::text as code_id from promocode_activations where user_id = $1 and code_id = any($2::bigint[])',
    [userId, [...codeIds]],
  );
  return new Set(rows.map((r) => r.code_id));
}
