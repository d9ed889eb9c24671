/**
 * The faucet (spec 2 sections 5, 8 and 9; decision 0039): a signed-in player who has made a deposit
 * claims a small real-money reward once per `faucet.cooldown_hours` (24: once a day), drawn uniformly
 * between `faucet.min_percent` and 100 percent of their VIP level's `faucetMax` (USD), paid from the
 * promotions account in `faucet.currency`.
 *
 * Once per period under any concurrency: ONE statement takes the claim, inserting the player's
 * `faucet_state` row or moving its `next_at` forward only when it has passed (`on conflict do update
 * ... where next_at <= now()`): of concurrent claims one takes it, the others wait for its row lock and
 * then find `next_at` in the future (code 1). The claim row and the ledger transfer (key
 * `faucet:{claim id}`) commit with it, or nothing does.
 * Settings, the VIP table, the price and the deposit check are read BEFORE the transaction.
 */
import { FaucetCodes, FaucetMessages, type FaucetClaim } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import { randomInt } from 'node:crypto';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enabledDecimals } from '../currencies/index.js';
import { creditedDepositsSince } from '../deposits/index.js';
import { priceFeedService, usdToAtomic } from '../prices/index.js';
import { assertNotBlocked } from '../protection/index.js';
import { vipLevelOf } from '../users/index.js';
import { usdValue } from '../wagers/index.js';
import { vipLevelRow, vipLevelsSetting } from '../vip/index.js';
import { faucetCooldownSetting, faucetCurrencySetting, faucetMinPercentSetting } from './settings.js';

type Ctx = Pick<AppContext, 'database' | 'ledger' | 'settings' | 'services' | 'log'>;
type Querier = Pick<Session, 'query'>;

/** The player's next claim time (null: never claimed). */
export async function nextClaimAt(q: Querier, userId: string): Promise<Date | null> {
  const rows = await q.query<{ next_at: Date }>('select next_at from faucet_state where user_id = $1', [
    userId,
  ]);
  return rows[0]?.next_at ?? null;
}

const secondsUntil = (at: Date | null) =>
  at === null ? 0 : Math.max(0, Math.ceil((new Date(at).getTime() - Date.now()) / 1000));

/** The reward in atomic units: uniform between minPercent and 100 percent of `max` (atomic units). */
export function faucetReward(max: bigint, minPercent: number, draw = randomInt): bigint {
  if (max <= 0n) return 0n;
  // Basis points from minPercent * 100 to 10000, inclusive.
  const bps = BigInt(draw(minPercent * 100, 10_001));
  const amount = (max * bps) / 10_000n;
  return amount > 0n ? amount : 1n;
}

const TAKE_SQL = `insert into faucet_state as f (user_id, next_at)
  values ($1::uuid, now() + make_interval(hours => $2::int))
  on conflict (user_id) do update set next_at = excluded.next_at, claims = f.claims + 1
  where f.next_at <= now()
  returning next_at`;

/** POST /api/promocode/bonus (see the module comment). */
export async function claimFaucet(ctx: Ctx, userId: string): Promise<FaucetClaim> {
  await assertNotBlocked(ctx, ctx.database, userId);
  const waiting = secondsUntil(await nextClaimAt(ctx.database, userId));
  if (waiting > 0) throw AppError.domain(FaucetCodes.notYet, FaucetMessages.notYet);
  const deposits = await creditedDepositsSince(ctx.database, new Map([[userId, new Date(0)]]));
  if (deposits.length === 0)
    throw AppError.domain(FaucetCodes.depositRequired, FaucetMessages.depositRequired);
  const [currency, hours, minPercent, table] = await Promise.all([
    ctx.settings.get(faucetCurrencySetting),
    ctx.settings.get(faucetCooldownSetting),
    ctx.settings.get(faucetMinPercentSetting),
    ctx.settings.get(vipLevelsSetting),
  ]);
  const level = await vipLevelOf(ctx.database, userId);
  const decimals = (await enabledDecimals(ctx.database, [currency])).get(currency);
  const price = (await priceFeedService.of(ctx).price(currency))?.usd;
  const max =
    decimals === undefined || !price
      ? null
      : usdToAtomic(vipLevelRow(table, level).faucetMax, price, decimals, 'floor');
  if (decimals === undefined || max === null || max <= 0n)
    throw new AppError(503, 'faucet_unavailable', 'The faucet is not available right now.');
  const amount = faucetReward(max, minPercent);
  const usd = usdValue(amount, price!, decimals);
  const next = await ctx.ledger.transaction(async (ledger, tx) => {
    const taken = await tx.query<{ next_at: Date }>(TAKE_SQL, [userId, hours], 'faucet.take');
    if (!taken[0]) throw AppError.domain(FaucetCodes.notYet, FaucetMessages.notYet);
    const claim = await tx.query<{ id: string }>(
      `insert into faucet_claims (user_id, currency, amount, usd, vip_level)
       values ($1, $2, $3::numeric, $4::numeric, $5) returning id::text as id`,
      [userId, currency, amount.toString(), usd, level],
      'faucet.claim',
    );
    await ledger.transfer({
      key: `faucet:${claim[0]!.id}`,
      kind: 'faucet',
      currency,
      amount,
      from: { system: 'promotions' },
      to: { user: userId, kind: 'real' },
      metadata: { claim: claim[0]!.id, vipLevel: level },
    });
    return taken[0].next_at;
  });
  ctx.log.info({ user: userId, currency, amount: amount.toString() }, 'faucet claimed');
  return { value: toDecimalString(amount, decimals), next: secondsUntil(next), currency };
}
