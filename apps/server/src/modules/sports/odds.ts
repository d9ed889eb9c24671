/**
 * The sportsbook's money math, exact (decision 0028): odds are integers in thousandths, every factor is
 * a ratio of bigints, and a payout is rounded down to the atomic unit once, at the end.
 *
 *   leg factor: won = odds, lost = 0, void = 1, half_won = (1 + odds) / 2, half_lost = 1/2,
 *               dead_heat = odds x factor; pending (cash-out) = accepted odds / current odds
 *   payout    = floor(stake x product of the leg factors)
 */
import {
  ODDS_SCALE,
  type SportBetStatus,
  type SportLegResult,
  SportBetStatus as Status,
} from '@nebula/contracts';

/** A non-negative ratio num/den (den > 0). */
export interface Ratio {
  num: bigint;
  den: bigint;
}

const SCALE = BigInt(ODDS_SCALE);
export const ONE: Ratio = { num: 1n, den: 1n };

export const mul = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.num, den: a.den * b.den });

/** Parses a dead-heat factor `num/den` (0 < factor <= 1); undefined when malformed. */
export function parseFactor(text: string | null | undefined): Ratio | undefined {
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(text ?? '');
  if (!m) return undefined;
  const num = BigInt(m[1]!);
  const den = BigInt(m[2]!);
  if (den === 0n || num === 0n || num > den) return undefined;
  return { num, den };
}

/** A settled leg's factor (see the module comment). `pending` has no factor: undefined. */
export function legFactor(result: SportLegResult, odds: number, deadHeat?: Ratio): Ratio | undefined {
  const o = BigInt(odds);
  switch (result) {
    case 'won':
      return { num: o, den: SCALE };
    case 'lost':
      return { num: 0n, den: 1n };
    case 'void':
      return ONE;
    case 'half_won':
      return { num: SCALE + o, den: 2n * SCALE };
    case 'half_lost':
      return { num: 1n, den: 2n };
    case 'dead_heat': {
      const f = deadHeat ?? ONE;
      return { num: o * f.num, den: SCALE * f.den };
    }
    case 'pending':
      return undefined;
  }
}

/** floor(stake x ratio). */
export const applyRatio = (stake: bigint, r: Ratio): bigint => (stake * r.num) / r.den;

/** The product of the legs' odds as a ratio. */
export const oddsProduct = (odds: readonly number[]): Ratio =>
  odds.reduce<Ratio>((acc, o) => mul(acc, { num: BigInt(o), den: SCALE }), ONE);

/** The combined odds in thousandths, rounded down (display; payouts use the exact product). */
export function totalOdds(odds: readonly number[]): number {
  const r = oddsProduct(odds);
  const v = (r.num * SCALE) / r.den;
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(v);
}

/** What every leg winning pays. */
export const potentialPayout = (stake: bigint, odds: readonly number[]): bigint =>
  applyRatio(stake, oddsProduct(odds));

export interface LegState {
  odds: number;
  result: SportLegResult;
  deadHeat?: Ratio | undefined;
}

/**
 * A bet's settlement once its legs allow it: undefined while a leg is pending and none is lost;
 * otherwise the payout and the status (3 lost when it pays 0, 1 refunded when it pays the stake back
 * exactly, 2 won otherwise).
 */
export function settleBet(
  stake: bigint,
  legs: readonly LegState[],
): { payout: bigint; status: SportBetStatus } | undefined {
  if (legs.some((l) => l.result === 'lost')) return { payout: 0n, status: Status.Lost };
  if (legs.some((l) => l.result === 'pending')) return undefined;
  let r = ONE;
  for (const l of legs) r = mul(r, legFactor(l.result, l.odds, l.deadHeat)!);
  const payout = applyRatio(stake, r);
  const status = payout === 0n ? Status.Lost : payout === stake ? Status.Refunded : Status.Won;
  return { payout, status };
}

/**
 * The cash-out offer of a pending bet: stake x the settled legs' factors x accepted/current odds of the
 * open legs, less the margin (basis points), rounded down; undefined when a leg is lost or an open leg
 * has no current price.
 */
export function cashOutValue(
  stake: bigint,
  legs: readonly (LegState & { currentOdds: number | null })[],
  marginBps: number,
): bigint | undefined {
  let r = ONE;
  for (const l of legs) {
    if (l.result === 'pending') {
      if (l.currentOdds === null) return undefined;
      r = mul(r, { num: BigInt(l.odds), den: BigInt(l.currentOdds) });
    } else {
      const f = legFactor(l.result, l.odds, l.deadHeat)!;
      if (f.num === 0n) return undefined;
      r = mul(r, f);
    }
  }
  r = mul(r, { num: BigInt(10_000 - marginBps), den: 10_000n });
  return applyRatio(stake, r);
}
