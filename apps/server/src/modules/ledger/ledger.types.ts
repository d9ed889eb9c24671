/**
 * The ledger's vocabulary: account kinds and references, a transfer's request and result, the
 * insufficient-funds refusal, and the rows its statements return. Re-exported by ledger.service.ts.
 */
import { AppError } from '../../platform/errors.js';

export const PLAYER_KINDS = ['real', 'demo', 'bonus', 'rakeback', 'held'] as const;
export const SYSTEM_KINDS = ['house', 'chain', 'fees', 'promotions', 'demo_faucet'] as const;
export type PlayerKind = (typeof PLAYER_KINDS)[number];
export type SystemKind = (typeof SYSTEM_KINDS)[number];

export type AccountRef = { user: string; kind: PlayerKind } | { system: SystemKind };

export interface TransferRequest {
  /** Unique per intended movement (e.g. `deposit:eth:0xabc:0`, `bet:123:debit`). */
  key: string;
  /** What this is, for history and audits (deposit, withdrawal, bet, win, tip...). */
  kind: string;
  currency: string;
  amount: bigint;
  from: AccountRef;
  to: AccountRef;
  metadata?: Record<string, unknown>;
}

export interface TransferResult {
  transferId: string;
  /** True when the key had been used before: nothing moved this time. */
  replayed: boolean;
}

export class InsufficientFundsError extends AppError {
  constructor() {
    super(422, 'insufficient_balance', 'Insufficient balance.');
  }
}

/** @internal A ledger account's id and whether it is a system account. */
export interface AccountRow {
  id: string;
  is_system: boolean;
}

/** @internal A player account's balances after BALANCE_SQL (ledger.sql.ts): its own, and its siblings' (same owner and currency). */
export interface BalanceRow {
  owner_id: string;
  kind: PlayerKind;
  balance: string;
  others: Partial<Record<PlayerKind, string>> | null;
}
