/**
 * Deposit bonuses (spec 2 sections 3-5, 9; decision 0036). The operator's promotions are the
 * `bonus.deposit_promotions` setting. A signed-in player opts in before depositing (`depositOptIn`;
 * a guest is told 'Please login to your account.'); the first deposit credited after the opt-in whose
 * USD value reaches the promotion's minimum qualifies it, and the sweep job (sweep.ts) credits the
 * bonus once: percent of the deposit, at most the promotion's max (USD, converted at the current
 * price), in the deposit's currency, with a wagering requirement of the bonus times the multiplier.
 *
 * One bonus per person (the legal text): a promotion is paid once per account ever (its opt-in row is
 * unique and decided once, under its row lock), and not to an account the multi-account rule of
 * registration links to one that received it (users `linkedAccounts` under auth's `security`
 * setting); awards of one promotion are serialised by an advisory lock, so two linked accounts whose
 * deposits arrive together cannot both be paid.
 */
import { BonusMessages, type DepositBonus, type DepositPromotion } from '@nebula/contracts';
import { parseAmount } from '@nebula/money';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { loadSecuritySettings } from '../auth/index.js';
import { currencyDecimals } from '../currencies/index.js';
import { type PlayerDeposit, creditedDepositsSince } from '../deposits/index.js';
import { priceFeedService, usdToAtomic } from '../prices/index.js';
import { linkedAccounts } from '../users/index.js';
import { usdValue } from '../wagers/index.js';
import { creditBonus } from './records.js';
import { depositPromotionsSetting } from './settings.js';

type Promotion = (typeof depositPromotionsSetting)['defaultValue'][number];
type Ctx = Pick<AppContext, 'database' | 'ledger' | 'settings' | 'services' | 'config' | 'log'>;

const toModel = (p: Promotion): DepositPromotion => ({
  _id: p.id,
  name: p.name,
  description: p.description,
  max: p.max,
  multiplier: p.multiplier,
  percent: p.percent,
  minDeposit: p.minDeposit,
  expiryDays: p.expiryDays,
});

async function enabledPromotions(ctx: Pick<AppContext, 'settings'>): Promise<Promotion[]> {
  return (await ctx.settings.get(depositPromotionsSetting)).filter((p) => p.enabled);
}

type LinkRule = Awaited<ReturnType<typeof loadSecuritySettings>>;

async function linkedTo(rule: LinkRule, q: Pick<Session, 'query'>, userId: string): Promise<string[]> {
  return linkedAccounts(q, userId, {
    byIp: rule.maxAccountsPerIp > 0,
    byDevice: rule.maxAccountsPerDevice > 0,
    windowHours: rule.windowHours,
  });
}

/**
 * Whether `promotion` was paid to an account linked to `userId` (itself included). `rule` (the
 * multi-account settings) is read by the caller before any transaction: a settings read inside one
 * would wait forever on PGlite's one connection when the node's settings cache is stale.
 */
async function receivedByPerson(
  rule: LinkRule,
  q: Pick<Session, 'query'>,
  userId: string,
  promotion: string,
) {
  const linked = await linkedTo(rule, q, userId);
  const rows = await q.query(
    `select 1 from bonus_opt_ins where promotion_id = $1 and status = 'credited' and user_id = any($2::uuid[])
      limit 1`,
    [promotion, linked],
  );
  return rows.length > 0;
}

/** POST /api/data/promotions/depositBonus: the promotion open to the caller, and whether they opted in. */
export async function depositBonusView(ctx: Ctx, userId: string | null): Promise<DepositBonus> {
  const promotions = await enabledPromotions(ctx);
  if (userId === null) {
    const first = promotions[0];
    return { model: first ? toModel(first) : null, state: { checkedIn: false } };
  }
  const optIns = await ctx.database.query<{ promotion_id: string; status: string }>(
    'select promotion_id, status from bonus_opt_ins where user_id = $1',
    [userId],
  );
  const waiting = optIns.find((o) => o.status === 'waiting');
  const waitingPromotion = waiting && promotions.find((p) => p.id === waiting.promotion_id);
  if (waitingPromotion) return { model: toModel(waitingPromotion), state: { checkedIn: true } };
  for (const p of promotions) {
    if (optIns.some((o) => o.promotion_id === p.id)) continue;
    if (await receivedByPerson(await loadSecuritySettings(ctx), ctx.database, userId, p.id)) continue;
    return { model: toModel(p), state: { checkedIn: false } };
  }
  return { model: null, state: { checkedIn: false } };
}

/** POST /api/data/promotions/depositOptIn. Opting in again while waiting answers success. */
export async function optIn(ctx: Ctx, userId: string | null, id: string): Promise<{ success: true }> {
  if (userId === null) throw AppError.unauthenticated(BonusMessages.login);
  const promotion = (await enabledPromotions(ctx)).find((p) => p.id === id);
  if (!promotion) throw AppError.notFound(BonusMessages.promotionNotFound);
  const existing = await ctx.database.query<{ status: string }>(
    'select status from bonus_opt_ins where user_id = $1 and promotion_id = $2',
    [userId, id],
  );
  if (existing[0]?.status === 'waiting') return { success: true };
  if (existing[0] || (await receivedByPerson(await loadSecuritySettings(ctx), ctx.database, userId, id)))
    throw new AppError(409, 'bonus_used', BonusMessages.alreadyUsed);
  await ctx.database.query(
    `insert into bonus_opt_ins (user_id, promotion_id) values ($1, $2)
     on conflict (user_id, promotion_id) do nothing`,
    [userId, id],
  );
  return { success: true };
}

/** The bonus a deposit earns: percent of it, at most `max` USD at `priceUsd`; 0 without a price. */
export function depositBonusAmount(
  deposit: bigint,
  promotion: Pick<Promotion, 'percent' | 'max'>,
  priceUsd: string,
  decimals: number,
): bigint {
  const cap = usdToAtomic(promotion.max, priceUsd, decimals, 'floor');
  if (cap === null) return 0n;
  const matched = (deposit * BigInt(promotion.percent)) / 100n;
  return matched < cap ? matched : cap;
}

interface Waiting {
  user_id: string;
  promotion_id: string;
  opted_at: Date;
}

/**
 * Credits the bonuses of waiting opt-ins whose qualifying deposit has been credited (the sweep job);
 * returns how many it credited. Safe to run anywhere any number of times.
 */
export async function awardDepositBonuses(ctx: Ctx, limit = 200): Promise<number> {
  const waiting = await ctx.database.query<Waiting>(
    `select user_id::text as user_id, promotion_id, opted_at from bonus_opt_ins
      where status = 'waiting' order by opted_at, user_id limit $1`,
    [limit],
  );
  if (waiting.length === 0) return 0;
  const first = new Map<string, Waiting>();
  for (const w of waiting) if (!first.has(w.user_id)) first.set(w.user_id, w);
  const deposits = await creditedDepositsSince(
    ctx.database,
    new Map([...first.values()].map((w) => [w.user_id, w.opted_at])),
  );
  const promotions = await ctx.settings.get(depositPromotionsSetting);
  const feed = priceFeedService.of(ctx);
  let awarded = 0;
  for (const w of first.values()) {
    const promotion = promotions.find((p) => p.id === w.promotion_id && p.enabled);
    if (!promotion) {
      await decide(ctx.database, w, 'refused', null, null, 'The promotion has ended.');
      continue;
    }
    for (const d of deposits.filter((x) => x.user_id === w.user_id)) {
      const decimals = await decimalsOf(ctx.database, d.currency);
      const price = (await feed.price(d.currency))?.usd ?? '0';
      if (parseAmount(price, 12) === 0n) continue;
      const usd = usdValue(BigInt(d.amount), price, decimals);
      if (parseAmount(usd, 8) < parseAmount(promotion.minDeposit, 8)) continue;
      const amount = depositBonusAmount(BigInt(d.amount), promotion, price, decimals);
      if (amount <= 0n) continue;
      if (await awardOne(ctx, w, promotion, d, amount)) awarded++;
      break;
    }
  }
  return awarded;
}

async function decimalsOf(q: Pick<Session, 'query'>, currency: string): Promise<number> {
  return (await currencyDecimals(q, [currency])).get(currency) ?? 8;
}

async function decide(
  q: Pick<Session, 'query'>,
  w: Waiting,
  status: 'credited' | 'refused',
  depositId: string | null,
  bonusId: string | null,
  note: string | null,
): Promise<void> {
  await q.query(
    `update bonus_opt_ins set status = $3, deposit_id = $4::bigint, bonus_id = $5::uuid, note = $6,
            decided_at = now()
      where user_id = $1 and promotion_id = $2 and status = 'waiting'`,
    [w.user_id, w.promotion_id, status, depositId, bonusId, note],
  );
}

/** One award, in one transaction (see the module comment); true when the bonus was credited. */
async function awardOne(
  ctx: Ctx,
  w: Waiting,
  promotion: Promotion,
  deposit: PlayerDeposit,
  amount: bigint,
): Promise<boolean> {
  const rule = await loadSecuritySettings(ctx);
  return ctx.ledger.transaction(async (ledger, tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`bonus.promotion:${promotion.id}`]);
    const row = await tx.query<{ status: string }>(
      'select status from bonus_opt_ins where user_id = $1 and promotion_id = $2 for update',
      [w.user_id, w.promotion_id],
    );
    if (row[0]?.status !== 'waiting') return false;
    if (await receivedByPerson(rule, tx, w.user_id, promotion.id)) {
      await decide(tx, w, 'refused', deposit.id, null, 'A linked account received this bonus.');
      return false;
    }
    const active = await tx.query(
      "select 1 from bonuses where user_id = $1 and currency = $2 and status = 'active'",
      [w.user_id, deposit.currency],
    );
    if (active.length) {
      await decide(tx, w, 'refused', deposit.id, null, 'Another bonus in this currency was active.');
      return false;
    }
    const bonusId = await creditBonus(ledger, {
      userId: w.user_id,
      currency: deposit.currency,
      amount,
      source: 'deposit',
      promotionId: promotion.id,
      multiplier: promotion.multiplier,
      expiryDays: promotion.expiryDays,
    });
    await decide(tx, w, 'credited', deposit.id, bonusId, null);
    ctx.log.info(
      {
        user: w.user_id,
        promotion: promotion.id,
        deposit: deposit.id,
        bonus: bonusId,
        amount: amount.toString(),
      },
      'deposit bonus credited',
    );
    return true;
  });
}
