/**
 * A spin of the bonus wheel (spec 1; decision 0039), in ONE ledger transaction:
 *  1. the player's ticket row is locked (`for update`; the registration tickets granted first when
 *     never granted): concurrent spins of one player wait for each other here;
 *  2. no ticket refuses the spin (code 1); an active bonus refuses it (code 3: a prize is a bonus, and a
 *     player holds at most one active bonus per currency); then one ticket is taken;
 *  3. the player's bonus account is locked (ledger lock order: accounts before the seed pair, as a bet
 *     locks them), then the next nonce of the active seed pair is taken (`takeNonce`, as a bet does);
 *  4. the prize is drawn from the seed pair, the nonce and the published weights (`bonusWheelDraw` of
 *     `@nebula/games`, the same function the fairness page replays), capped by the player's VIP level
 *     (`bonusWheelMaxReward`) and converted to the wheel's currency at the price read before;
 *  5. the spin row is written and the prize credited as a bonus from promotions (`creditBonus`), so a
 *     spin pays once: the ticket, the nonce, the row and the credit commit together or not at all.
 * Settings, the VIP table and the price are read BEFORE the transaction (PGlite's one connection).
 */
import { WheelCodes, WheelMessages, type TicketData, type TicketSpin } from '@nebula/contracts';
import { bonusWheelFromFloats } from '@nebula/games';
import { floats, hashServerSeed } from '@nebula/fairness';
import { toDecimalString } from '@nebula/money';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { creditBonus, hasActiveBonus } from '../bonus/index.js';
import { enabledDecimals } from '../currencies/index.js';
import { priceFeedService, usdToAtomic } from '../prices/index.js';
import { assertNotBlocked } from '../protection/index.js';
import { takeNonce } from '../seeds/index.js';
import { vipLevelOf } from '../users/index.js';
import { type VipLevelRow, vipLevelRow, vipLevelsSetting } from '../vip/index.js';
import {
  type WheelPrizeSetting,
  wheelCurrencySetting,
  wheelExpirySetting,
  wheelMultiplierSetting,
  wheelPrizesSetting,
  wheelRegistrationTicketsSetting,
} from './settings.js';
import { ensureRegistrationTickets, ticketsOf } from './tickets.js';

type Ctx = Pick<AppContext, 'database' | 'ledger' | 'settings' | 'services' | 'log'>;

/** USD decimal string -> cents. */
export function cents(usd: string): bigint {
  const [whole = '0', frac = ''] = usd.split('.');
  return BigInt(whole + frac.slice(0, 2).padEnd(2, '0'));
}
const showCents = (c: bigint) => toDecimalString(c, 2);

/** A prize capped by a level's bonusWheelMaxReward, in cents. */
export const cappedCents = (prizeUsd: string, maxUsd: string): bigint => {
  const [p, m] = [cents(prizeUsd), cents(maxUsd)];
  return p < m ? p : m;
};

interface Snapshot {
  prizes: WheelPrizeSetting[];
  table: VipLevelRow[];
  currency: string;
  decimals: number | undefined;
  priceUsd: string | undefined;
  multiplier: number;
  expiryDays: number;
  registrationTickets: number;
}

async function snapshot(ctx: Ctx): Promise<Snapshot> {
  const [prizes, table, currency, multiplier, expiryDays, registrationTickets] = await Promise.all([
    ctx.settings.get(wheelPrizesSetting),
    ctx.settings.get(vipLevelsSetting),
    ctx.settings.get(wheelCurrencySetting),
    ctx.settings.get(wheelMultiplierSetting),
    ctx.settings.get(wheelExpirySetting),
    ctx.settings.get(wheelRegistrationTicketsSetting),
  ]);
  const decimals = (await enabledDecimals(ctx.database, [currency])).get(currency);
  const priceUsd = (await priceFeedService.of(ctx).price(currency))?.usd;
  return { prizes, table, currency, decimals, priceUsd, multiplier, expiryDays, registrationTickets };
}

/** POST /api/promocode/ticket/data: the caller's tickets (a guest: 0) and the prizes as they apply to them. */
export async function ticketData(ctx: Ctx, userId: string | null): Promise<TicketData> {
  const [prizes, table, currency, registrationTickets] = await Promise.all([
    ctx.settings.get(wheelPrizesSetting),
    ctx.settings.get(vipLevelsSetting),
    ctx.settings.get(wheelCurrencySetting),
    ctx.settings.get(wheelRegistrationTicketsSetting),
  ]);
  let tickets = 0;
  let maxReward: string | null = null;
  if (userId !== null) {
    await ensureRegistrationTickets(ctx.database, userId, registrationTickets);
    tickets = await ticketsOf(ctx.database, userId);
    maxReward = vipLevelRow(table, await vipLevelOf(ctx.database, userId)).bonusWheelMaxReward;
  }
  return {
    model: { tickets },
    // Codes that grant spins are the promo-code module's (issue 20 item 1); none are listed yet.
    promocodes: [],
    prizes: prizes.map((p) => ({
      usd: showCents(cents(p.usd)),
      value: showCents(maxReward === null ? cents(p.usd) : cappedCents(p.usd, maxReward)),
      weight: p.weight,
    })),
    currency,
    maxReward: maxReward === null ? null : showCents(cents(maxReward)),
  };
}

const refuse = (code: number, message: string) => AppError.domain(code, message);

/** POST /api/promocode/ticket/spin (see the module comment). */
export async function spin(ctx: Ctx, userId: string): Promise<TicketSpin> {
  await assertNotBlocked(ctx, ctx.database, userId);
  const s = await snapshot(ctx);
  if (s.decimals === undefined || !s.priceUsd)
    throw refuse(WheelCodes.unavailable, WheelMessages.unavailable);
  const { decimals, priceUsd } = s;
  const weights = s.prizes.map((p) => p.weight);
  const result = await ctx.ledger.transaction(async (ledger, tx) => {
    await ensureRegistrationTickets(tx, userId, s.registrationTickets);
    const held = await tx.query<{ tickets: number }>(
      'select tickets from wheel_tickets where user_id = $1 for update',
      [userId],
      'wheel.lock_tickets',
    );
    if ((held[0]?.tickets ?? 0) < 1) throw refuse(WheelCodes.noTickets, WheelMessages.otherFailure);
    // A new statement after the lock: sees a bonus a concurrent spin that held the lock committed.
    if (await hasActiveBonus(tx, userId)) throw refuse(WheelCodes.activeBonus, WheelMessages.activeBonus);
    const level = await vipLevelOf(tx, userId);
    const maxReward = vipLevelRow(s.table, level).bonusWheelMaxReward;
    if (cents(maxReward) <= 0n) throw refuse(WheelCodes.unavailable, WheelMessages.unavailable);
    const left = await tx.query<{ tickets: number }>(
      'update wheel_tickets set tickets = tickets - 1, updated_at = now() where user_id = $1 returning tickets',
      [userId],
      'wheel.take_ticket',
    );
    await ledger.lockBalances([{ ref: { user: userId, kind: 'bonus' }, currency: s.currency }]);
    const pair = await takeNonce(tx, userId);
    if (!pair) throw AppError.conflict('Your seed pair is changing. Try again.');
    const nonce = Number(pair.nonce);
    const draw = bonusWheelFromFloats(floats(pair.server_seed, pair.client_seed, nonce, 2), weights);
    const prize = s.prizes[draw.prize]!;
    const usdCents = cappedCents(prize.usd, maxReward);
    const amount = usdToAtomic(showCents(usdCents), priceUsd, decimals, 'floor') ?? 0n;
    const spinId = randomUUID();
    const bonusId =
      amount > 0n
        ? await creditBonus(ledger, {
            userId,
            currency: s.currency,
            amount,
            source: 'wheel',
            promotionId: `wheel:${spinId}`,
            multiplier: s.multiplier,
            expiryDays: s.expiryDays,
          })
        : null;
    await tx.query(
      `insert into wheel_spins (id, user_id, seed_pair_id, client_seed, nonce, weights, prizes, prize, segment,
         usd, currency, amount, bonus_id)
       values ($1, $2, $3::bigint, $4, $5::bigint, $6::jsonb, $7::jsonb, $8, $9, $10::numeric, $11, $12::numeric, $13)`,
      [
        spinId,
        userId,
        pair.id,
        pair.client_seed,
        pair.nonce,
        JSON.stringify(weights),
        JSON.stringify(s.prizes),
        draw.prize,
        draw.segment,
        showCents(usdCents),
        s.currency,
        amount.toString(),
        bonusId,
      ],
    );
    return {
      segment: draw.segment,
      prize: draw.prize,
      value: toDecimalString(amount, decimals),
      usd: showCents(usdCents),
      currency: s.currency,
      tickets: left[0]?.tickets ?? 0,
      serverSeedHash: hashServerSeed(pair.server_seed),
      clientSeed: pair.client_seed,
      nonce,
      weights,
    } satisfies TicketSpin;
  });
  ctx.log.info({ user: userId, segment: result.segment, usd: result.usd, nonce: result.nonce }, 'wheel spin');
  return result;
}
