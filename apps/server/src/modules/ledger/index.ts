/** Ledger module: the double-entry ledger, the only writer of balances (invariants in ledger.service.ts). */
import { defineModule } from '../../platform/module.js';
import { registerLedgerRoutes } from './ledger.routes.js';
export {
  Ledger,
  ScopedLedger,
  InsufficientFundsError,
  PLAYER_KINDS,
  SYSTEM_KINDS,
  type AccountRef,
  type AlsoWrites,
  type PlayerKind,
  type SystemKind,
  type TransferRequest,
  type TransferResult,
} from './ledger.service.js';
export { checkLedger, type LedgerCheck } from './ledger.check.js';
export {
  playerAccounts,
  playerBalance,
  playerFlows,
  playerMovements,
  playerFlowsSince,
  transferAmount,
  type CurrencyFlow,
  type Flow,
  type PlayerAccount,
  type PlayerAccountBalance,
  type PlayerMovement,
} from './ledger.reads.js';

export const ledgerModule = defineModule({
  name: 'ledger',
  register: registerLedgerRoutes,
});
