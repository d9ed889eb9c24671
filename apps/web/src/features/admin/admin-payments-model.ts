/**
 * The pure parts of the back office's payments screen: the deposits' request from the filters, the
 * confirmation progress, short hashes and the CSV rows (tested in admin-payments.test.ts).
 */
import type { AdminDeposit, DepositState } from '@nebula/contracts';
import type { CsvCell } from './csv';

export interface DepositFilters {
  search: string;
  currency: string;
  chain: string;
  status: '' | DepositState;
}

export const NO_FILTERS: DepositFilters = { search: '', currency: '', chain: '', status: '' };

/** The deposits call's body: only the filters set, the search trimmed, and the page's cursor. */
export function depositsRequest(filters: DepositFilters, before?: string) {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.currency ? { currency: filters.currency } : {}),
    ...(filters.chain ? { chain: filters.chain } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(before ? { before } : {}),
  };
}

/** How far a deposit is towards its required confirmations, 0..1 (a credited one is complete). */
export function confirmationProgress(
  d: Pick<AdminDeposit, 'confirmations' | 'requiredConfirmations' | 'status'>,
): number {
  if (d.status === 'credited') return 1;
  if (d.requiredConfirmations <= 0) return 1;
  return Math.max(0, Math.min(1, d.confirmations / d.requiredConfirmations));
}

/** A hash or address shortened for a table cell: its start and end around an ellipsis. */
export function shortHash(text: string, head = 8, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

export const DEPOSIT_CSV_COLUMNS = [
  'id',
  'player',
  'playerId',
  'currency',
  'chain',
  'amount',
  'confirmations',
  'status',
  'txid',
  'address',
  'time',
  'credited',
] as const;

/** One CSV row per deposit, in DEPOSIT_CSV_COLUMNS' order (full hashes and addresses, ISO times). */
export function depositCsvRows(deposits: readonly AdminDeposit[]): CsvCell[][] {
  return deposits.map((d) => [
    d._id,
    d.player.name,
    d.player._id,
    d.currency.toUpperCase(),
    d.chain,
    d.amount,
    `${d.confirmations}/${d.requiredConfirmations}`,
    d.status,
    d.txid,
    d.address,
    d.created_at,
    d.credited_at ?? '',
  ]);
}
