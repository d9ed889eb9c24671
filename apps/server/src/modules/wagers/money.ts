/**
 * The money of a stake, the one way every product moves it: {@link placeStake} debits the player (the
 * wager, or a stake a decision adds) and {@link payStake} credits a payout or a refund, each with the
 * stake's ledger key (keys.ts), inside the caller's transaction (the ledger's `transaction`/`in`), so a
 * stake's money commits with the product's own rows or not at all. Real stakes move between the player's
 * real balance and the house, demo stakes between the demo balance and the demo faucet.
 *
 * Bonus money (decision 0036): a single-round stake whose account carries `bonus` (the player holds an
 * active bonus in the stake's currency and the game counts toward its wagering) takes real money first
 * and the rest from the player's `bonus` account (`wager:bonus`); {@link placeStake} answers that
 * bonus-funded part, and {@link payStake} given it returns the payout's proportional share to the bonus
 * account (`payout:bonus`, rounded down) and the rest to the real balance. Both accounts are locked
 * first, in ascending id order (the ledger's one lock order, as a bonus's conversion or forfeit locks
 * them), so what is read is what is debited.
 */
import { PlayErrorCode } from '@nebula/contracts';
import type { Session } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import {
  type AccountRef,
  type AlsoWrites,
  InsufficientFundsError,
  type ScopedLedger,
  type TransferRequest,
} from '../ledger/index.js';
import { type StakeRef, type StakeStep, stakeKey } from './keys.js';

/** Whose stake it is, in what, and what the ledger records about it. */
export interface StakeAccount {
  stake: StakeRef;
  userId: string;
  currency: string;
  demo: boolean;
  /** Shown with the transfers in histories and audits (the game, the bet or round...). */
  metadata: Record<string, unknown>;
  /**
   * Player protection's guard when the player has limits (the checked stake's `guarded`; protection's
   * `protectionGuard`): {@link placeStake} has it judge and count the stake, {@link payStake} count the
   * return, inside the caller's transaction and before the ledger moves the money. Absent or null: the
   * player has no limits and nothing more runs.
   */
  guard?: StakeGuard | null;
  /**
   * Bonus money may fund what the real balance does not cover (single-round stakes of a player holding
   * an active bonus in this currency, in a game whose wagering weight is above 0; decision 0036).
   * Absent or null: real money only.
   */
  bonus?: BonusFunding | null;
}

/** How a stake may use bonus money (given by the bonus module, which owns the bonus records). */
export interface BonusFunding {
  /**
   * Asked inside the stake's transaction, under the player's account locks and only when bonus money is
   * needed: whether the player still holds an active bonus in the stake's currency (a bonus ends only
   * under these locks, so the answer holds until the commit).
   */
  active(tx: Session): Promise<boolean>;
}

/** A stake's funding: what of it bonus money paid (0n: all real). */
export interface StakeFunding {
  bonusWager: bigint;
}

/** The share of a payout that goes back to the bonus account: payout * bonusWager / wager, rounded down. */
export function bonusShare(payout: bigint, funding: { wager: bigint; bonusWager: bigint }): bigint {
  if (funding.bonusWager <= 0n || funding.wager <= 0n || payout <= 0n) return 0n;
  return (payout * funding.bonusWager) / funding.wager;
}

/** A stake with its guard, as the guard sees it. */
export interface GuardedStake {
  userId: string;
  currency: string;
  demo: boolean;
  guard?: { readonly priceUsd: string; readonly decimals: number } | null | undefined;
}

/** What judges guarded stakes (implemented by the protection module; decision 0025). */
export interface StakeGuard {
  readonly priceUsd: string;
  readonly decimals: number;
  /** Judges and counts one stake in `tx`: throws the refusal (403). */
  place(tx: Session, stake: GuardedStake, amount: bigint): Promise<void>;
  /** Counts a return (payout, refund) in `tx`; a negative amount takes a return back (a rollback). */
  pay(tx: Session, stake: GuardedStake, amount: bigint): Promise<void>;
  /** Group commit: locks the guarded players of a batch and judges their stakes in memory. */
  judge(tx: Session, userIds: readonly string[]): Promise<StakeJudge>;
}

/** The in-memory judge of a batch's guarded stakes: {@link StakeGuard.judge}. */
export interface StakeJudge {
  /** The refusal of this stake, or null when it is accepted (and counted). */
  place(stake: GuardedStake, amount: bigint): AppError | null;
  /** Counts the return of an accepted stake. */
  pay(stake: GuardedStake, amount: bigint): void;
  /** Writes what was counted (one statement). */
  flush(): Promise<void>;
}

/** The player's account a stake is taken from and paid to (real or demo). */
export const stakeHolder = (a: StakeAccount): AccountRef => ({
  user: a.userId,
  kind: a.demo ? 'demo' : 'real',
});
const player = stakeHolder;
const bonusHolder = (a: StakeAccount): AccountRef => ({ user: a.userId, kind: 'bonus' });
const bank = (a: StakeAccount): AccountRef => ({ system: a.demo ? 'demo_faucet' : 'house' });

const debitOf = (account: StakeAccount, amount: bigint, step: StakeStep): TransferRequest => ({
  key: stakeKey(account.stake, step),
  kind: step === 'rollback' ? 'win_rollback' : 'bet',
  currency: account.currency,
  amount,
  from: player(account),
  to: bank(account),
  metadata: account.metadata,
});

type CreditStep = Extract<
  StakeStep,
  'payout' | 'refund' | 'cashout' | `payout:${number}` | `refund:${number}`
>;

const notEnoughMoney = () => AppError.domain(PlayErrorCode.NotEnoughMoney, 'Not enough money');

const creditOf = (account: StakeAccount, amount: bigint, step: CreditStep): TransferRequest => ({
  key: stakeKey(account.stake, step),
  kind: step.startsWith('refund') ? 'bet_refund' : step === 'cashout' ? 'cash_out' : 'win',
  currency: account.currency,
  amount,
  from: bank(account),
  to: player(account),
  metadata: account.metadata,
});

/**
 * Debits `amount` from the player for `step` of the stake ('wager', `stake:{n}` for a decision's
 * extra stake, or 'rollback' taking back a payout its provider cancelled). A player who cannot cover
 * it gets -4 'Not enough money' (and the caller's transaction rolls back). A wager whose account has
 * `bonus` takes real money first, then bonus money (module comment): -4 only when both together do not
 * cover it. Answers the bonus-funded part (0n for every other stake).
 */
export async function placeStake(
  ledger: ScopedLedger,
  account: StakeAccount,
  amount: bigint,
  step: Extract<StakeStep, 'wager' | 'rollback' | `stake:${number}`> = 'wager',
): Promise<StakeFunding> {
  if (account.guard && !account.demo) {
    // Taking back a cancelled payout is no stake (never refused by a limit): it undoes a return.
    if (step === 'rollback') await account.guard.pay(ledger.session, account, -amount);
    else await account.guard.place(ledger.session, account, amount);
  }
  if (account.bonus && !account.demo && step === 'wager') return placeFunded(ledger, account, amount);
  try {
    await ledger.transfer(debitOf(account, amount, step));
  } catch (err) {
    if (err instanceof InsufficientFundsError) throw notEnoughMoney();
    throw err;
  }
  return { bonusWager: 0n };
}

/** A wager of a player who may use bonus money: real first, then bonus (see {@link placeStake}). */
async function placeFunded(
  ledger: ScopedLedger,
  account: StakeAccount,
  amount: bigint,
): Promise<StakeFunding> {
  const {
    held: [real, bonus],
  } = await ledger.lockBalances([
    { ref: player(account), currency: account.currency },
    { ref: bonusHolder(account), currency: account.currency },
  ]);
  const fromReal = (real?.balance ?? 0n) < amount ? (real?.balance ?? 0n) : amount;
  const fromBonus = amount - fromReal;
  if (fromBonus > 0n) {
    if ((bonus?.balance ?? 0n) < fromBonus) throw notEnoughMoney();
    if (!(await account.bonus!.active(ledger.session))) throw notEnoughMoney();
  }
  if (fromReal > 0n) await ledger.transfer(debitOf(account, fromReal, 'wager'));
  if (fromBonus > 0n)
    await ledger.transfer({
      ...debitOf(account, fromBonus, 'wager:bonus'),
      from: bonusHolder(account),
      metadata: { ...account.metadata, bonus: true },
    });
  return { bonusWager: fromBonus };
}

/**
 * Credits the stake's payout (a win), refund or cash-out to the player; nothing when `amount` is zero.
 * A sports bet settled again after a rollback pays `payout:{n}` (decision 0028). The payout of a wager
 * bonus money funded in part (`funding`, what {@link placeStake} answered) returns its share
 * ({@link bonusShare}) to the bonus account with `payout:bonus` and the rest to the real balance.
 */
export async function payStake(
  ledger: ScopedLedger,
  account: StakeAccount,
  amount: bigint,
  step: CreditStep = 'payout',
  funding?: { wager: bigint; bonusWager: bigint },
): Promise<void> {
  if (amount <= 0n) return;
  if (account.guard && !account.demo) await account.guard.pay(ledger.session, account, amount);
  const toBonus = step === 'payout' && funding ? bonusShare(amount, funding) : 0n;
  if (amount - toBonus > 0n) await ledger.transfer(creditOf(account, amount - toBonus, step));
  if (toBonus > 0n)
    await ledger.transfer({
      ...creditOf(account, toBonus, 'payout'),
      key: stakeKey(account.stake, 'payout:bonus'),
      to: bonusHolder(account),
      metadata: { ...account.metadata, bonus: true },
    });
}

/**
 * Takes back a payout a settlement rollback cancelled (a sports bet, decision 0028): debits the player
 * with key `rollback:{n}` as far as their balance covers it (a balance never goes negative), and
 * answers what it could not take (the bet's debt). The player's account is locked first, so the
 * balance read is the one debited.
 */
export async function reclaimPayout(
  ledger: ScopedLedger,
  account: StakeAccount,
  amount: bigint,
  step: `rollback:${number}`,
): Promise<{ taken: bigint; shortfall: bigint }> {
  if (amount <= 0n) return { taken: 0n, shortfall: 0n };
  // The payout is no return any more (player protection's loss counters, when guarded): what the
  // balance does not cover is still owed. Counted before the accounts are locked (lock order).
  if (account.guard && !account.demo) await account.guard.pay(ledger.session, account, -amount);
  const {
    held: [held],
  } = await ledger.lockBalances([{ ref: player(account), currency: account.currency }]);
  const taken = held && held.balance < amount ? held.balance : amount;
  if (taken > 0n)
    await ledger.transfer({
      key: stakeKey(account.stake, step),
      kind: 'win_rollback',
      currency: account.currency,
      amount: taken,
      from: player(account),
      to: bank(account),
      metadata: account.metadata,
    });
  return { taken, shortfall: amount - taken };
}

/** A settled single-round stake of a group commit: its wager and its payout (possibly zero). */
export interface SettledStake {
  account: StakeAccount;
  wager: bigint;
  payout: bigint;
}

/**
 * Group commit: the wagers and payouts of many settled stakes in ONE ledger statement, inside the
 * caller's transaction, with the caller's other writes of the batch (`also`, see ledger
 * `transferManyWith`) in the same statement. The caller has locked the players' accounts and refused
 * the stakes their balances do not cover (`ScopedLedger.lockBalances`); the balance CHECK still guards
 * each one, and any refusal or replay fails the whole statement or throws here (the caller's
 * transaction must roll back then). Returns the columns `also` added.
 */
export async function settleStakes(
  ledger: ScopedLedger,
  stakes: readonly SettledStake[],
  also?: AlsoWrites,
): Promise<Record<string, unknown>> {
  const reqs: TransferRequest[] = [];
  for (const s of stakes) {
    reqs.push(debitOf(s.account, s.wager, 'wager'));
    if (s.payout > 0n) reqs.push(creditOf(s.account, s.payout, 'payout'));
  }
  const { results, also: written } = await ledger.transferManyWith(reqs, also);
  if (results.some((r) => r.replayed)) throw new Error('a stake of the group commit was settled before');
  return written;
}
