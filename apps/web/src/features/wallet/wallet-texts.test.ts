import { describe, expect, it } from 'vitest';
import { DepositMessages, WithdrawCodes, WithdrawMessages } from '@nebula/contracts';
import { DEPOSIT_ERROR_KEYS, walletUiDe, walletUiEn } from './wallet-texts';
import { WITHDRAW_CODE_KEYS } from './wallet-math';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('wallet texts', () => {
  it('keep the server texts of spec 3 section 8 word for word', () => {
    expect(walletUiEn.depositErrors.amountZero).toBe(DepositMessages.amountZero);
    expect(walletUiEn.depositErrors.amountInvalid).toBe(DepositMessages.amountInvalid);
    expect(walletUiEn.depositErrors.unsupported).toBe(DepositMessages.unsupported);
    expect(walletUiEn.depositErrors.belowMinimum).toBe(DepositMessages.belowMinimum);
    expect(walletUiEn.depositErrors.failed).toBe(DepositMessages.failed);
    expect(walletUiEn.unavailable).toBe(DepositMessages.paymentsUnavailable);
    expect(walletUiEn.created).toBe(WithdrawMessages.created);
    expect(walletUiEn.withdrawErrors.walletShort).toBe(WithdrawMessages.walletShort);
    for (const [name, code] of Object.entries(WithdrawCodes)) {
      const key = WITHDRAW_CODE_KEYS[code] as keyof typeof walletUiEn.withdrawErrors;
      expect(key).toBe(name);
      expect(walletUiEn.withdrawErrors[key]).toBe(WithdrawMessages[name as keyof typeof WithdrawMessages]);
    }
  });

  it('map every server deposit message to a key', () => {
    for (const message of Object.values(DepositMessages)) expect(DEPOSIT_ERROR_KEYS[message]).toBeTruthy();
  });

  it('have the same keys in English and German', () => {
    expect(keys(walletUiDe as Tree).sort()).toEqual(keys(walletUiEn as Tree).sort());
  });
});
