/**
 * Deposit (spec 3 sections 2, 5 and 8, issue F4 item 3): the player's stable address for the
 * currency and network, copy ('Copied!'), the QR of the payment URI, the minimum and the
 * confirmations, and an optional amount (shortcuts $50/$100/$250/$1000 converted with the price)
 * that goes into the QR. Errors of the address call show in the field they concern.
 */
import { useEffect, useRef, useState } from 'react';
import type { Currency } from '@nebula/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Copy, Info, RefreshCw } from 'lucide-react';
import { Button, Skeleton } from '../../ui';
import { api } from '../../lib/api';
import { walletApi, walletKeys } from './wallet-api';
import {
  DEPOSIT_SHORTCUTS_USD,
  depositShortcut,
  filterAmountInput,
  fiatValue,
  isAmountKeyAllowed,
} from './wallet-math';
import { depositErrorKey, depositErrorText } from './wallet-shared';
import { QrCode } from './qr-code';
import { useTranslation } from '../../lib/i18n';

const AMOUNT_ERRORS = new Set([
  'walletUi.depositErrors.amountZero',
  'walletUi.depositErrors.amountInvalid',
  'walletUi.depositErrors.belowMinimum',
]);
export const COPIED_MS = 2000;

export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard refused (insecure context): select the text so the player can copy by hand.
      const node = document.querySelector<HTMLElement>('[data-testid="deposit-address"]');
      if (node) window.getSelection()?.selectAllChildren(node);
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }
  return (
    <Button
      size="sm"
      variant={copied ? 'primary' : 'secondary'}
      icon={copied ? <Check size={16} /> : <Copy size={16} />}
      onClick={() => void copy()}
      data-testid="deposit-copy"
      aria-live="polite"
    >
      {copied ? t('walletUi.copied') : t('walletUi.copy')}
    </Button>
  );
}

export function DepositTab({ currency, chain }: { currency: Currency; chain: string }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const chainName = currency.chains.find((entry) => entry.id === chain)?.name ?? chain;

  const address = useQuery({
    queryKey: walletKeys.address(currency.id, chain),
    queryFn: ({ signal }) => api(walletApi.depositWallet, { currency: currency.id, chain }, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const withAmount = useMutation({
    mutationFn: (sum: string) => api(walletApi.depositWallet, { currency: currency.id, chain, amount: sum }),
  });
  const amountErrorKey = depositErrorKey(withAmount.error);
  const amountError = amountErrorKey && AMOUNT_ERRORS.has(amountErrorKey) ? t(amountErrorKey) : null;
  const addressError = address.error
    ? depositErrorText(address.error, t)
    : withAmount.error && !amountError
      ? depositErrorText(withAmount.error, t)
      : null;
  const data = withAmount.data ?? address.data;
  const hasPrice = currency.price > 0;

  return (
    <div className="wallet-tab" data-testid="deposit-tab">
      <div className="wallet-field">
        <span className="wallet-field__label" id="deposit-address-label">
          {t('walletUi.depositAddress', { currency: currency.name })}
        </span>
        {addressError ? (
          <div className="wallet-address is-error" role="alert" data-testid="deposit-address-error">
            <span>{addressError}</span>
            {address.error && (
              <Button
                size="sm"
                variant="ghost"
                icon={<RefreshCw size={14} />}
                onClick={() => void address.refetch()}
              >
                {t('walletUi.retry')}
              </Button>
            )}
          </div>
        ) : data ? (
          <div className="wallet-address">
            <code data-testid="deposit-address" aria-labelledby="deposit-address-label">
              {data.wallet}
            </code>
            <CopyButton text={data.wallet} />
          </div>
        ) : (
          <div className="wallet-address" aria-busy="true">
            <Skeleton shape="text" width="80%" />
            <span className="sr-only">{t('walletUi.addressLoading')}</span>
          </div>
        )}
      </div>

      <div className="wallet-deposit">
        <div className="wallet-deposit__qr">
          {data ? (
            <QrCode value={data.uri} alt={t('walletUi.qrAlt')} />
          ) : (
            <Skeleton width={168} height={168} radius="var(--radius)" />
          )}
        </div>
        <div className="wallet-deposit__notes">
          <p className="wallet-note">
            <Info size={16} aria-hidden="true" />
            <span>{t('walletUi.depositNote', { currency: currency.name, network: chainName })}</span>
          </p>
          {data ? (
            <dl className="wallet-facts">
              <div>
                <dt>{t('walletUi.limitMin')}</dt>
                <dd className="tabular" data-testid="deposit-minimum">
                  {data.minimum} {currency.id.toUpperCase()}
                </dd>
              </div>
              <div>
                <dt>{t('walletUi.network')}</dt>
                <dd>{chainName}</dd>
              </div>
              <p className="wallet-facts__note" data-testid="deposit-confirmations">
                {t('walletUi.confirmations', { count: data.confirmations })}
              </p>
            </dl>
          ) : (
            <Skeleton shape="text" width="70%" />
          )}
        </div>
      </div>

      <form
        className="wallet-field"
        onSubmit={(event) => {
          event.preventDefault();
          if (amount && !withAmount.isPending) withAmount.mutate(amount);
        }}
      >
        <label className="wallet-field__label" htmlFor="deposit-amount">
          {t('walletUi.depositAmount')}
        </label>
        <div className="wallet-amount">
          <input
            id="deposit-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? 'deposit-amount-error' : 'deposit-amount-hint'}
            onKeyDown={(event) => {
              if (!event.ctrlKey && !event.metaKey && !isAmountKeyAllowed(event.key, amount))
                event.preventDefault();
            }}
            onChange={(event) => setAmount(filterAmountInput(event.target.value, currency.decimals))}
            data-testid="deposit-amount"
          />
          <span className="wallet-amount__unit">{currency.id.toUpperCase()}</span>
        </div>
        <div className="wallet-chips" role="group" aria-label={t('walletUi.depositAmount')}>
          {DEPOSIT_SHORTCUTS_USD.map((usd) => {
            const value = depositShortcut(usd, currency.price, currency.decimals);
            return (
              <button
                key={usd}
                type="button"
                className="wallet-chip"
                disabled={value === null}
                title={value === null ? t('walletUi.noPrice') : `${value} ${currency.id.toUpperCase()}`}
                onClick={() => value !== null && setAmount(value)}
                data-testid={`deposit-shortcut-${usd}`}
              >
                ${usd}
              </button>
            );
          })}
        </div>
        {amountError ? (
          <p className="wallet-error" id="deposit-amount-error" role="alert">
            {amountError}
          </p>
        ) : (
          <p className="wallet-hint" id="deposit-amount-hint">
            {amount && hasPrice
              ? t('walletUi.approx', { value: `$${fiatValue(amount, currency.decimals, currency.price)}` })
              : t('walletUi.depositAmountHint')}
          </p>
        )}
        <Button
          type="submit"
          fullWidth
          disabled={!amount}
          loading={withAmount.isPending}
          data-testid="deposit-submit"
        >
          {t('walletUi.depositButton')}
        </Button>
      </form>
    </div>
  );
}
