/** Ledger module: the double-entry ledger, the only writer of balances (invariants in ledger.service.ts). */
export {
  Ledger,
  ScopedLedger,
  checkLedger,
  InsufficientFundsError,
  PLAYER_KINDS,
  SYSTEM_KINDS,
  type AccountRef,
  type PlayerKind,
  type SystemKind,
  type TransferRequest,
  type TransferResult,
  type LedgerCheck,
} from './ledger.service.js';
export { playerBalance, playerFlows, transferAmount, type Flow, type PlayerAccount } from './ledger.reads.js';
export { registerLedgerRoutes as registerLedgerModule } from './ledger.routes.js';
