/**
 * Group commit of single-round bets (BET_GROUP_COMMIT; decision 0014): the bets that arrive on this
 * node while earlier ones are being committed share ONE database transaction and one commit, with
 * set-based statements over the batch instead of each bet's own statements.
 *
 * Batching: a bet that passed step 1 of games.service.ts (the stake policy) is queued. At most
 * `parallel` batches run at once; whenever one ends (and on the next turn of the event loop after a
 * bet arrives while fewer run) the queued bets, at most `maxBatch`, become the next batch. A quiet node
 * therefore commits a bet alone at once; a busy one gathers the bets that arrive during a commit.
 *
 * One batch, in order, in ONE transaction:
 *  1. The players' accounts of the batch are row-locked in ascending id order and their balances read
 *     (`ScopedLedger.lockBalances`), then their active seed pairs, also in ascending id order, with
 *     their seeds and next nonce (`lockActivePairs`: a missing pair is created, a pair a rotation
 *     replaced meanwhile is read again).
 *  2. In arrival order, in memory: a bet whose player's balance (as the batch's earlier bets left it)
 *     does not cover its wager is refused alone with -4 'Not enough money'; one whose pair could not
 *     be read (rotations kept replacing it) alone with 409; a guarded player's bet (player protection,
 *     decision 0025: their protection rows were locked and read first, in one statement, only when the
 *     batch has such bets) that would cross a limit, alone with its 403, judged on what the batch's
 *     earlier bets left. Every other bet takes its pair's next nonce,
 *     its outcome is computed, and its balance moves by payout - wager.
 *  3. (Guarded bets only: one statement adds their stakes and returns to the protection counters.)
 *     ONE statement writes the accepted bets: every wager and payout transfer with their postings and
 *     one balance update per account (`settleStakes`: the ledger's one-statement `transferManyWith`,
 *     whose CHECK still guards each balance), and in the same statement the nonces each pair gave out
 *     (seeds `nonceWrites`) and the wager records (wagers `recordWrites`), so they are written together
 *     or not at all. Then the commit, and only after it the answers and the balances.
 *
 * Round trips (decision 0031): the transaction is pipelined (db/client.ts `TransactionOptions`): BEGIN
 * and both lock statements of step 1 go out together (the pairs' right behind the accounts', so the
 * database takes them in that order), and the write of step 3 goes out with the COMMIT. A batch
 * therefore waits for the database twice instead of five times. If the write fails, PostgreSQL answers
 * that COMMIT by rolling back (`BatchWriteFailed`): nothing of the batch is written, as before.
 *
 * Why this is safe: each bet is decided against locked rows (nobody else changes these balances or
 * nonces until the commit), so the in-memory decisions of step 2 are what the writes of step 3 make,
 * and an accepted bet's debit, nonce, outcome, payout and record commit together. A refused bet writes
 * nothing and takes no nonce, so nonces stay gapless per pair. Any failure before the commit (a
 * statement, the write itself, an injected fault, a deadlock with another node's batch) rolls the whole batch back, so
 * nothing of it stays written, and each of its bets is then played alone (games.service.ts's one-bet
 * transaction): a failure is answered to the bet that causes it, not to its neighbours. A process killed
 * at any point leaves the whole batch or nothing, and no bet is answered before its commit, so an
 * acknowledged bet is never lost. A failure of the commit itself is ambiguous (the batch may have
 * committed): its bets are answered with the error, not replayed, as the one-bet path does; a client
 * sees which from its balance. Lock order: player accounts before seed pairs, each in ascending id
 * order, as the one-bet path (debit, then nonce) and the extended games take them.
 */
import { PlayErrorCode } from '@nebula/contracts';
import { floats } from '@nebula/fairness';
import { payoutFor, type Ratio, resolveRound } from '@nebula/games';
import { BatchPump } from '../../db/batch-pump.js';
import type { TxSession } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ScopedLedger } from '../ledger/index.js';
import { lockActivePairs, nonceWrites } from '../seeds/index.js';
import {
  type SettledStake,
  type StakeAccount,
  recordWrites,
  settleStakes,
  stakeHolder,
  type WagerRecord,
} from '../wagers/index.js';
import type { PreparedBet } from './games.service.js';

/** A settled single-round bet. */
export interface Settled {
  multiplier: Ratio;
  outcome: unknown;
  payout: bigint;
}

/** The seeds and nonce a bet is played with. */
export interface RoundSeeds {
  pairId: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The stake's ledger account and metadata of a single-round bet. */
export function stakeAccountOf(bet: PreparedBet): StakeAccount {
  return {
    stake: { product: 'originals', bet: bet.betId },
    userId: bet.user.id,
    currency: bet.input.currency,
    demo: bet.input.demo,
    metadata: { game: bet.single!.id, bet: bet.betId },
    guard: bet.guard,
    bonus: bet.bonus,
  };
}

/** A bet's round on its seeds and nonce: the outcome, the payout and the wager record to insert. */
export function playRound(bet: PreparedBet, seeds: RoundSeeds): Settled & { record: WagerRecord } {
  const game = bet.single!;
  const { params, edge, wager } = bet;
  const round = resolveRound(
    game,
    params,
    floats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, game.floatsNeeded(params)),
    edge,
  );
  const payout = payoutFor(wager, round.multiplier);
  return {
    multiplier: round.multiplier,
    outcome: round.outcome,
    payout,
    record: {
      id: bet.betId,
      product: 'originals',
      game: game.id,
      userId: bet.user.id,
      currency: bet.input.currency,
      demo: bet.input.demo,
      wager,
      payout,
      multiplier: round.multiplier,
      seedPairId: seeds.pairId,
      nonce: seeds.nonce,
      params,
      outcome: round.outcome,
      houseEdgeBps: edge,
      wagerUsd: bet.wagerUsd,
    },
  };
}

export const notEnoughMoney = () => AppError.domain(PlayErrorCode.NotEnoughMoney, 'Not enough money');
export const seedPairRotating = () =>
  new AppError(409, 'seed_pair_rotating', 'Your seed pair is being changed; try again.');

/**
 * Steps 1 to 3 of the module comment inside the batch's transaction: each bet's settlement, or the
 * error that refused it alone (nothing of a refused bet is written).
 */
export async function settleBatch(
  tx: TxSession,
  ledger: ScopedLedger,
  bets: readonly PreparedBet[],
  beforeWrite?: (accepted: readonly PreparedBet[]) => void | Promise<void>,
): Promise<(Settled | AppError)[]> {
  const accounts = bets.map(stakeAccountOf);
  // Player protection first (its rows before the accounts: the one lock order), for the guarded bets only.
  const guarded = bets.filter((b) => b.guard);
  const judge = guarded.length
    ? await guarded[0]!.guard!.judge(
        tx,
        guarded.map((b) => b.user.id),
      )
    : null;
  const locked = await ledger.lockBalances(
    accounts.map((a) => ({ ref: stakeHolder(a), currency: a.currency })),
    () =>
      lockActivePairs(
        tx,
        bets.map((b) => b.user.id),
      ),
  );
  const held = locked.held;
  const pairs = locked.then!;
  const balance = new Map(held.map((h) => [h.id, h.balance]));
  const nextNonce = new Map<string, number>();
  const taken = new Map<string, number>();
  const stakes: SettledStake[] = [];
  const records: WagerRecord[] = [];
  const out = bets.map((bet, i): Settled | AppError => {
    const accountId = held[i]!.id;
    const before = balance.get(accountId) ?? 0n;
    if (before < bet.wager) return notEnoughMoney();
    const pair = pairs.get(bet.user.id);
    if (!pair) return seedPairRotating();
    const refused = bet.guard ? judge!.place(accounts[i]!, bet.wager) : null;
    if (refused) return refused;
    const nonce = nextNonce.get(pair.id) ?? Number(pair.nonce);
    nextNonce.set(pair.id, nonce + 1);
    taken.set(pair.id, (taken.get(pair.id) ?? 0) + 1);
    const round = playRound(bet, {
      pairId: pair.id,
      serverSeed: pair.server_seed,
      clientSeed: pair.client_seed,
      nonce,
    });
    balance.set(accountId, before - bet.wager + round.payout);
    if (bet.guard) judge!.pay(accounts[i]!, round.payout);
    stakes.push({ account: accounts[i]!, wager: bet.wager, payout: round.payout });
    records.push(round.record);
    return { multiplier: round.multiplier, outcome: round.outcome, payout: round.payout };
  });
  await judge?.flush();
  if (stakes.length === 0) return out;
  await beforeWrite?.(bets.filter((_, i) => !(out[i] instanceof AppError)));
  // Parameters $1-$9 are the transfers' (ledger transferManySql), then the nonces', then the records'.
  const nonces = nonceWrites(taken, 10);
  const recorded = recordWrites(records, 12);
  tx.commitWith(SETTLE_BATCH);
  let written: Record<string, unknown>;
  try {
    written = await settleStakes(ledger, stakes, {
      name: SETTLE_BATCH,
      ctes: `${nonces.ctes},\n${recorded.ctes}`,
      columns: recorded.columns,
      params: [...nonces.params, ...recorded.params],
    });
  } catch (err) {
    throw new BatchWriteFailed(err);
  }
  // Bet ids come from the sequence, so a bet recorded before cannot be (its id would collide and fail
  // the statement); checked all the same, after the COMMIT went out: the batch is then answered with
  // this error, as a commit whose outcome is unknown.
  if (written.recorded !== records.length) throw new Error('a bet of the group commit was recorded before');
  return out;
}

/** The name of the batch's write statement, the transaction's final one. */
const SETTLE_BATCH = 'games.settle_batch';

/**
 * The batch's write statement failed: PostgreSQL answers the COMMIT sent with it by rolling back, so
 * nothing of the batch was written.
 */
export class BatchWriteFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('the group commit statement failed', { cause });
  }
}

interface Pending {
  bet: PreparedBet;
  resolve: (settled: Settled) => void;
  reject: (err: unknown) => void;
}

export interface GroupCommitOptions {
  maxBatch: number;
  parallel: number;
  /** Plays one bet alone (its own transaction): for the bets of a batch that failed before its commit. */
  alone: (bet: PreparedBet) => Promise<Settled>;
  /** A fault injected inside the batch's transaction, for each accepted bet, before the commit. */
  beforeCommit?: ((betId: string) => void | Promise<void>) | undefined;
}

/** The batches of the module comment (db/batch-pump.ts queues the bets and starts them). */
export class BetGroupCommit {
  private readonly pump: BatchPump<Pending>;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: GroupCommitOptions,
  ) {
    this.pump = new BatchPump((batch) => this.run(batch), opts);
  }

  /** Settles `bet` in the next batch; resolves after that batch's commit. */
  settle(bet: PreparedBet): Promise<Settled> {
    return new Promise<Settled>((resolve, reject) => this.pump.push({ bet, resolve, reject }));
  }

  private async run(batch: Pending[]): Promise<void> {
    const { ctx, opts } = this;
    let ledger: ScopedLedger | undefined;
    // The write and the COMMIT are on their way: from here a failure may have committed the batch.
    let committing = false;
    let settled: (Settled | AppError)[];
    try {
      settled = await ctx.database.transaction(
        async (tx) => {
          ledger = ctx.ledger.in(tx);
          return settleBatch(
            tx,
            ledger,
            batch.map((p) => p.bet),
            async (accepted) => {
              if (opts.beforeCommit) for (const bet of accepted) await opts.beforeCommit(bet.betId);
              committing = true;
            },
          );
        },
        { pipelined: true },
      );
    } catch (caught) {
      // A failed write statement rolled the batch back (its COMMIT went out with it): nothing written.
      const written = !(caught instanceof BatchWriteFailed);
      const err = caught instanceof BatchWriteFailed ? caught.cause : caught;
      // The commit's outcome is unknown, or a batch of one: answered as the one-bet path answers.
      if ((committing && written) || batch.length === 1) {
        for (const p of batch) p.reject(err);
        return;
      }
      if (!(err instanceof AppError))
        ctx.log.warn({ err, bets: batch.length }, 'a group commit failed: its bets are played alone');
      // Nothing of the batch was written: each bet alone, so a failure reaches only its own bet.
      for (const p of batch) await opts.alone(p.bet).then(p.resolve, p.reject);
      return;
    }
    await ledger?.published();
    for (const [i, p] of batch.entries()) {
      const s = settled[i]!;
      if (s instanceof AppError) p.reject(s);
      else p.resolve(s);
    }
  }
}
