import { describe, expect, it } from 'vitest';
import type { AdminDeposit } from '@nebula/contracts';
import {
  DEPOSIT_CSV_COLUMNS,
  NO_FILTERS,
  confirmationProgress,
  depositCsvRows,
  depositsRequest,
  shortHash,
} from './admin-payments-model';

const deposit: AdminDeposit = {
  _id: '42',
  player: { _id: 'b6f1c7f2-3a52-4a35-9d6c-0f6f7b1f3a11', name: 'alice' },
  currency: 'usdt',
  chain: 'trx',
  address: 'TXYZ1234567890abcdefghijklmnop',
  txid: 'ab'.repeat(32),
  amount: '25.5',
  confirmations: 7,
  requiredConfirmations: 19,
  status: 'pending',
  created_at: '2026-11-28T05:00:00.000Z',
  credited_at: null,
};

describe('depositsRequest', () => {
  it('sends only the filters set, the search trimmed, and the cursor', () => {
    expect(depositsRequest(NO_FILTERS)).toEqual({});
    expect(
      depositsRequest({ search: '  alice ', currency: 'usdt', chain: '', status: 'credited' }, '17'),
    ).toEqual({
      search: 'alice',
      currency: 'usdt',
      status: 'credited',
      before: '17',
    });
    expect(depositsRequest({ ...NO_FILTERS, search: '   ', chain: 'eth' })).toEqual({ chain: 'eth' });
  });
});

describe('confirmationProgress', () => {
  it('is the share of the required confirmations, bounded, and complete once credited', () => {
    expect(confirmationProgress(deposit)).toBeCloseTo(7 / 19);
    expect(confirmationProgress({ ...deposit, confirmations: 40 })).toBe(1);
    expect(confirmationProgress({ ...deposit, confirmations: 0 })).toBe(0);
    expect(confirmationProgress({ ...deposit, confirmations: 1, status: 'credited' })).toBe(1);
    expect(confirmationProgress({ ...deposit, requiredConfirmations: 0 })).toBe(1);
  });
});

describe('shortHash', () => {
  it('keeps short texts and shortens long ones around an ellipsis', () => {
    expect(shortHash('abc')).toBe('abc');
    expect(shortHash('0123456789abcde')).toBe('0123456789abcde');
    expect(shortHash('0123456789abcdef')).toBe('01234567…abcdef');
    expect(shortHash('x'.repeat(8) + 'y'.repeat(30) + 'z'.repeat(6))).toBe(
      `${'x'.repeat(8)}…${'z'.repeat(6)}`,
    );
  });
});

describe('depositCsvRows', () => {
  it('writes one full row per deposit in the columns’ order', () => {
    const [row] = depositCsvRows([deposit]);
    expect(row).toHaveLength(DEPOSIT_CSV_COLUMNS.length);
    expect(Object.fromEntries(DEPOSIT_CSV_COLUMNS.map((c, i) => [c, row?.[i]]))).toEqual({
      id: '42',
      player: 'alice',
      playerId: deposit.player._id,
      currency: 'USDT',
      chain: 'trx',
      amount: '25.5',
      confirmations: '7/19',
      status: 'pending',
      txid: deposit.txid,
      address: deposit.address,
      time: deposit.created_at,
      credited: '',
    });
  });
});
