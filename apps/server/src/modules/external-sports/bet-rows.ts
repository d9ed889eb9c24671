/** What the wallet's calls share: the bet rows, receipts and the player's lock (see wallet.ts). */
import { ExternalSportError } from '@nebula/contracts';
import type { Session } from '../../db/client.js';
import { playerBalance } from '../ledger/index.js';
import type { StakeAccount } from '../wagers/index.js';
import { WalletError } from './calls.js';

/** What the route answers: the status and the JSON text (amounts written exactly). */
export interface WalletReply {
  status: number;
  body: string;
}

/** A receipt: what a call that moved (or could move) money answers. */
export interface Receipt {
  id: string;
  ext_transaction_id: string;
  parent_transaction_id: string | null;
  user_id: string;
  operation: string;
  amount: number;
  currency: string;
}

/** The receipt with the balance (atomic units) as a JSON number written exactly. */
export function receiptJson(r: Receipt, balance: bigint): string {
  return JSON.stringify({ ...r, balance: '__balance__' }).replace('"__balance__"', balance.toString());
}

export const error = (code: number = ExternalSportError.BadRequest): WalletReply => ({
  status: 400,
  body: JSON.stringify({ code, message: new WalletError(code).message }),
});

export interface BetRow {
  id: string;
  ext_transaction_id: string;
  user_id: string;
  session_id: string;
  currency: string;
  amount: string;
  amount_usd: string | null;
  odds: string;
  betslip_id: string;
  fingerprint: string;
  state: 'open' | 'won' | 'lost' | 'refunded' | 'discarded';
  committed: boolean;
  paid: string;
  results: number;
  created_at: Date;
}

export const BET_COLUMNS = `id::text as id, ext_transaction_id, user_id::text as user_id, session_id::text as session_id,
  currency, amount::text as amount, amount_usd::text as amount_usd, odds, betslip_id, fingerprint, state,
  committed, paid::text as paid, results, created_at`;

/** The account of a bet's stake (the seam's keys `xsport:{bet}:{step}`). */
export function betAccount(bet: { id: string; user_id: string; currency: string }): StakeAccount {
  return {
    stake: { product: 'external-sports', bet: bet.id },
    userId: bet.user_id,
    currency: bet.currency,
    demo: false,
    metadata: { game: 'external-sports', bet: bet.id },
  };
}

/** Takes the player's lock in `tx` (every call of a player that moves money holds it). */
export async function lockPlayer(tx: Session, userId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`xsport:${userId}`]);
}

export function realBalance(q: Pick<Session, 'query'>, userId: string, currency: string): Promise<bigint> {
  return playerBalance(q, { user: userId, kind: 'real', currency });
}
