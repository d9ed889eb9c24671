/**
 * Activating a promo code (spec 1 sections 7-8, spec 3 sections 5, 8; decision 0038).
 *
 * Before any transaction (settings, prices and balances are read outside it: on PGlite's one
 * connection a read of the pool inside a transaction would wait forever): the player's block
 * (self-exclusion or time-out: 403 from the protection module), then the code's rules in the order of
 * the spec's numbers' meaning: 1 unknown or disabled, 2 expired, 9 private and not for this player,
 * 8 the player's own code, 7 below the VIP minimum, 6 the referral rule, 4 already used, 3 used up,
 * 5 the daily limit, and the low-balance rule.
 *
 * Then one transaction: a per-player advisory lock (so two codes activated at once cannot pass the
 * daily limit together), the already-used and daily checks again, the conditional increment of the
 * code's `uses` (`uses < max_uses`: under the row's lock, N concurrent activations of a code with M uses
 * give exactly min(N, M)), the activation row (primary key code + player), and the money from the
 * promotions account: real money under the ledger key `promocode:{code id}:{player}`, or a bonus record
 * credited through the bonus module with its wagering requirement under that same key, or for a
 * tickets code (migration 0041) the wheel tickets through the wheel module's `grantTickets` under that
 * same key. Any refusal inside rolls all of it back.
 */
import {
  PROMOCODE_BALANCE_TOO_HIGH,
  PromocodeErrorCode,
  PromocodeMessages,
  type PromocodeActivation,
  promocodeBalanceMessage,
} from '@nebula/contracts';
import { parseAmount, toDecimalString } from '@nebula/money';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { creditBonus } from '../bonus/index.js';
import { currencyDecimals } from '../currencies/index.js';
import { priceFeedService } from '../prices/index.js';
import { assertNotBlocked } from '../protection/index.js';
import { vipLevelOf, wasInvited } from '../users/index.js';
import { usdValue } from '../wagers/index.js';
import { grantTickets } from '../wheel/index.js';
import { type PromocodeRow, type Querier, findCode, isExpired } from './codes.js';
import { dailyLimitSetting, maxBalanceSetting } from './settings.js';

type Ctx = Pick<AppContext, 'database' | 'ledger' | 'settings' | 'services' | 'log' | 'config'>;

/** A numbered refusal with its text (4xx, never a write). */
export function promocodeError(code: PromocodeErrorCode): AppError {
  const status =
    code === PromocodeErrorCode.Invalid ? 404 : code >= PromocodeErrorCode.ReferralOnly ? 403 : 409;
  return new AppError(status, code, PromocodeMessages[code]);
}

async function usedBy(q: Querier, codeId: string, userId: string): Promise<boolean> {
  const rows = await q.query('select 1 from promocode_activations where code_id = $1 and user_id = $2', [
    codeId,
    userId,
  ]);
  return rows.length > 0;
}

async function activatedToday(q: Querier, userId: string): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `select count(*)::int as n from promocode_activations
      where user_id = $1 and created_at > now() - interval '24 hours'`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** The player's real and bonus balances, in USD (8 places), at the feed's prices. */
async function balanceUsd(ctx: Ctx, userId: string): Promise<bigint> {
  const balances = await ctx.ledger.balances(userId);
  const held = Object.entries(balances).filter(([, b]) => b.real + b.bonus > 0n);
  if (held.length === 0) return 0n;
  const [prices, decimals] = await Promise.all([
    priceFeedService.of(ctx).prices(),
    currencyDecimals(
      ctx.database,
      held.map(([c]) => c),
    ),
  ]);
  let total = 0n;
  for (const [currency, b] of held) {
    const price = prices.get(currency)?.usd;
    const places = decimals.get(currency);
    if (!price || places === undefined) continue;
    total += parseAmount(usdValue(b.real + b.bonus, price, places), 8);
  }
  return total;
}

/** The checks a row and a player allow before the transaction (see the module comment). */
async function check(ctx: Ctx, row: PromocodeRow | null, userId: string): Promise<PromocodeRow> {
  if (!row || row.disabled_at !== null) throw promocodeError(PromocodeErrorCode.Invalid);
  if (isExpired(row)) throw promocodeError(PromocodeErrorCode.Expired);
  if (row.private_to !== null && !row.private_to.includes(userId))
    throw promocodeError(PromocodeErrorCode.Private);
  if (row.owner_id === userId) throw promocodeError(PromocodeErrorCode.OwnCode);
  if (row.min_vip_level > 0 && (await vipLevelOf(ctx.database, userId)) < row.min_vip_level)
    throw promocodeError(PromocodeErrorCode.VipOnly);
  if (row.affiliation !== 'any') {
    const invited = await wasInvited(ctx.database, userId);
    if (invited !== (row.affiliation === 'referred')) throw promocodeError(PromocodeErrorCode.ReferralOnly);
  }
  if (await usedBy(ctx.database, row.id, userId)) throw promocodeError(PromocodeErrorCode.AlreadyUsed);
  if (row.max_uses !== null && row.uses >= row.max_uses) throw promocodeError(PromocodeErrorCode.Exhausted);
  return row;
}

/**
 * Activates `typed` for `userId` (POST /api/promocode/activate and the banner's activation): the
 * bonus it gave. `only` restricts which codes may be activated this way (the banners' codes).
 */
export async function activatePromocode(
  ctx: Ctx,
  userId: string,
  typed: string,
  only?: ReadonlySet<string>,
): Promise<PromocodeActivation> {
  await assertNotBlocked(ctx, ctx.database, userId);
  const found = await findCode(ctx.database, typed);
  if (found && only && !only.has(found.code.toLowerCase())) throw promocodeError(PromocodeErrorCode.Invalid);
  const row = await check(ctx, found, userId);
  const [dailyLimit, maxBalance] = await Promise.all([
    ctx.settings.get(dailyLimitSetting),
    ctx.settings.get(maxBalanceSetting),
  ]);
  if (dailyLimit > 0 && (await activatedToday(ctx.database, userId)) >= dailyLimit)
    throw promocodeError(PromocodeErrorCode.PromoLimit);
  const cap = parseAmount(maxBalance, 8);
  if (cap > 0n && (await balanceUsd(ctx, userId)) >= cap)
    throw new AppError(409, PROMOCODE_BALANCE_TOO_HIGH, promocodeBalanceMessage(maxBalance));
  const decimals = (await currencyDecimals(ctx.database, [row.currency])).get(row.currency) ?? 8;
  const amount = BigInt(row.amount);
  const key = `promocode:${row.id}:${userId}`;

  const bonusId = await ctx.ledger.transaction(async (ledger, tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`promocodes.player:${userId}`]);
    if (await usedBy(tx, row.id, userId)) throw promocodeError(PromocodeErrorCode.AlreadyUsed);
    if (dailyLimit > 0 && (await activatedToday(tx, userId)) >= dailyLimit)
      throw promocodeError(PromocodeErrorCode.PromoLimit);
    const taken = await tx.query<{ uses: number }>(
      `update promocodes set uses = uses + 1
        where id = $1 and disabled_at is null and (expires_at is null or expires_at > now())
          and (max_uses is null or uses < max_uses)
        returning uses`,
      [row.id],
    );
    if (taken.length === 0) {
      const now = (
        await tx.query<Pick<PromocodeRow, 'disabled_at' | 'expires_at'>>(
          'select disabled_at, expires_at from promocodes where id = $1',
          [row.id],
        )
      )[0];
      if (!now || now.disabled_at !== null) throw promocodeError(PromocodeErrorCode.Invalid);
      if (isExpired(now)) throw promocodeError(PromocodeErrorCode.Expired);
      throw promocodeError(PromocodeErrorCode.Exhausted);
    }
    let credited: string | null = null;
    if (row.type === 'tickets') {
      if (!row.tickets || !(await grantTickets(tx, userId, row.tickets, key)))
        throw promocodeError(PromocodeErrorCode.AlreadyUsed);
    } else if (row.type === 'bonus') {
      credited = await creditBonus(ledger, {
        userId,
        currency: row.currency,
        amount,
        source: 'promocode',
        promotionId: row.code,
        multiplier: row.multiplier,
        expiryDays: row.bonus_expiry_days,
        key,
      });
    } else {
      await ledger.transfer({
        key,
        kind: 'promocode',
        currency: row.currency,
        amount,
        from: { system: 'promotions' },
        to: { user: userId, kind: 'real' },
        metadata: { promocode: row.code, codeId: row.id },
      });
    }
    await tx.query(
      `insert into promocode_activations (code_id, user_id, currency, amount, bonus_id)
       values ($1, $2, $3, $4::numeric, $5::uuid)`,
      [row.id, userId, row.currency, row.amount, credited],
    );
    return credited;
  });
  ctx.log.info({ user: userId, code: row.code, type: row.type, bonus: bonusId }, 'promo code activated');
  const show = (v: bigint) => toDecimalString(v, decimals);
  return {
    bonus: {
      code: row.code,
      type: row.type,
      currency: row.currency,
      value: show(amount),
      bonusId,
      wagering: row.type === 'bonus' ? show(amount * BigInt(row.multiplier)) : null,
      tickets: row.type === 'tickets' ? row.tickets : null,
    },
  };
}
