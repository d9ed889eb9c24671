/**
 * History (spec 3 sections 2 and 4, issue F4 item 6): deposits and withdrawals, newest first, with
 * their status texts: deposits 'n/N confirmations' then 'Paid' (aggregator: not paid / paid);
 * withdrawals moderation (0 and 3; 0 non-auto cancellable), accepted, declined with the reason,
 * cancelled. Confirming deposits and withdrawals in moderation are polled.
 */
import { useState } from 'react';
import type { Currency } from '@nebula/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowUpFromLine, Info } from 'lucide-react';
import clsx from 'clsx';
import { Button, CurrencyIcon, EmptyState, Skeleton, Tabs } from '../../ui';
import { api } from '../../lib/api';
import { walletApi, walletKeys } from './wallet-api';
import { depositStatus, displayBalance, withdrawStatus } from './wallet-math';
import { formatDateTime, shorten } from './wallet-shared';
import { loadWithdraws, useCancelWithdraw } from './withdraw-tab';
import { useTranslation } from '../../lib/i18n';

type HistoryTab = 'deposits' | 'withdraws';
const POLL_MS = 3000;

function Rows({ count = 3 }: { count?: number }) {
  return (
    <ul className="wallet-history" aria-busy="true" data-testid="history-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="wallet-history__row">
          <Skeleton shape="circle" width={28} height={28} />
          <span className="wallet-history__main">
            <Skeleton shape="text" width="60%" />
            <Skeleton shape="text" width="40%" />
          </span>
          <Skeleton shape="text" width={80} />
        </li>
      ))}
    </ul>
  );
}

function Amount({
  sum,
  currency,
  currencies,
}: {
  sum: string;
  currency: string;
  currencies: Record<string, Currency>;
}) {
  const info = currencies[currency];
  return (
    <span className="wallet-history__amount tabular">
      {info && <CurrencyIcon currency={info} size={16} />}
      {info ? displayBalance(sum, info.decimals) : sum} {currency.toUpperCase()}
    </span>
  );
}

function Deposits({ currencies }: { currencies: Record<string, Currency> }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: walletKeys.deposits,
    queryFn: ({ signal }) => api(walletApi.depositHistory, {}, { signal }).then((answer) => answer.deposits),
    refetchInterval: (q) => (q.state.data?.some((item) => item.status === 0) ? POLL_MS : false),
  });
  if (query.isPending) return <Rows />;
  if (query.isError) return <EmptyState tone="error" title={t('walletUi.history.loadFailed')} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={<ArrowDownToLine size={28} />}
        title={t('walletUi.history.emptyDeposits')}
        text={t('walletUi.history.emptyDepositsText')}
      />
    );
  }
  return (
    <ul className="wallet-history" data-testid="deposit-history">
      {query.data.map((item) => {
        const status = depositStatus(item);
        const text =
          status.kind === 'confirming'
            ? t('walletUi.status.confirmations', { count: status.confirmations, required: status.required })
            : t(`walletUi.status.${status.kind}`);
        return (
          <li
            key={item._id}
            className="wallet-history__row"
            data-testid="deposit-row"
            data-status={status.kind}
          >
            <span className="wallet-history__icon wallet-history__icon--in" aria-hidden="true">
              <ArrowDownToLine size={16} />
            </span>
            <span className="wallet-history__main">
              <Amount sum={item.sum} currency={item.currency} currencies={currencies} />
              <small>
                {formatDateTime(item.created_at, i18n.language)} ·{' '}
                <span title={item.txid}>{shorten(item.txid)}</span>
              </small>
            </span>
            <span
              className={clsx('wallet-status', `wallet-status--${status.kind}`)}
              data-testid="deposit-status"
            >
              {text}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Withdraws({ currencies }: { currencies: Record<string, Currency> }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelWithdraw();
  const query = useQuery({
    queryKey: walletKeys.withdraws,
    queryFn: ({ signal }) => loadWithdraws(signal),
    refetchInterval: (q) =>
      q.state.data?.withdraws.some((item) => item.status === 0 || item.status === 3) ? POLL_MS : false,
  });
  if (query.isPending) return <Rows />;
  if (query.isError) return <EmptyState tone="error" title={t('walletUi.history.loadFailed')} />;
  const { withdraws, cancelAllowed } = query.data;
  if (withdraws.length === 0) {
    return (
      <EmptyState
        icon={<ArrowUpFromLine size={28} />}
        title={t('walletUi.history.emptyWithdraws')}
        text={t('walletUi.history.emptyWithdrawsText')}
      />
    );
  }
  const reversalForbidden = withdraws.some((item) => withdrawStatus(item, cancelAllowed).reversalForbidden);
  return (
    <>
      {reversalForbidden && (
        <p className="wallet-note" role="note" data-testid="withdraw-no-cancel">
          <Info size={16} aria-hidden="true" />
          <span>{t('walletUi.noCancel')}</span>
        </p>
      )}
      <ul className="wallet-history" data-testid="withdraw-history">
        {withdraws.map((item) => {
          const status = withdrawStatus(item, cancelAllowed);
          const text =
            status.kind === 'declined' && status.reason
              ? t('walletUi.status.declinedReason', { reason: status.reason })
              : t(`walletUi.status.${status.kind}`);
          return (
            <li
              key={item._id}
              className="wallet-history__row"
              data-testid="withdraw-row"
              data-status={status.kind}
            >
              <span className="wallet-history__icon wallet-history__icon--out" aria-hidden="true">
                <ArrowUpFromLine size={16} />
              </span>
              <span className="wallet-history__main">
                <Amount sum={item.sum} currency={item.currency} currencies={currencies} />
                <small>
                  {formatDateTime(item.created_at, i18n.language)} ·{' '}
                  <span title={item.address}>{shorten(item.address)}</span>
                  {item.txid && (
                    <>
                      {' · '}
                      <span title={item.txid}>{shorten(item.txid)}</span>
                    </>
                  )}
                </small>
              </span>
              <span className="wallet-history__end">
                <span
                  className={clsx('wallet-status', `wallet-status--${status.kind}`)}
                  data-testid="withdraw-status"
                >
                  {text}
                </span>
                {status.cancellable && (
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={cancel.isPending && cancel.variables === item._id}
                    onClick={() => cancel.mutate(item._id)}
                    data-testid="withdraw-cancel"
                  >
                    {t('walletUi.cancel')}
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function HistoryTab({ currencies }: { currencies: Record<string, Currency> }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<HistoryTab>('deposits');
  return (
    <div className="wallet-tab" data-testid="history-tab">
      <Tabs<HistoryTab>
        variant="underline"
        size="sm"
        value={tab}
        onChange={setTab}
        aria-label={t('walletUi.tabs.history')}
        tabs={[
          { id: 'deposits', label: t('walletUi.history.deposits') },
          { id: 'withdraws', label: t('walletUi.history.withdraws') },
        ]}
      />
      {tab === 'deposits' ? <Deposits currencies={currencies} /> : <Withdraws currencies={currencies} />}
    </div>
  );
}
