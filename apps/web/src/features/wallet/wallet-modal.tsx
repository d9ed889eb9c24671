/**
 * The wallet modal (spec 3 section 2, issue F4 item 7): tabs Deposit, Withdraw, Promocode (issue G7
 * item 1, promocode-tab.tsx) and History. Deposit and Withdraw share the currency and network
 * pickers; a currency without networks shows 'We are currently unable to process payments for
 * this currency.'. In demo mode the Deposit tab tops up the demo balance instead. Lazy chunk.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Currency } from '@nebula/contracts';
import { balanceModificationEventRef } from '@nebula/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Coins, Wallet } from 'lucide-react';
import { Button, EmptyState, TabPanel, Tabs, closeModal, openModal, toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { events } from '../../lib/events';
import { i18n, useTranslation } from '../../lib/i18n';
import { realtime } from '../../lib/realtime';
import { isSignedIn, useAppStore } from '../../lib/store';
import { DepositTab } from './deposit-tab';
import { HistoryTab } from './history-tab';
import { PromocodeTab } from './promocode-tab';
import type { WalletTab } from './open-wallet';
import { walletApi } from './wallet-api';
import { displayBalance } from './wallet-math';
import { ChainPicker, CurrencyPicker } from './wallet-shared';
import { registerWalletTexts } from './wallet-texts';
import { WithdrawTab } from './withdraw-tab';
import './wallet-modal.css';

registerWalletTexts();

export const WALLET_MODAL_ID = 'wallet';
const ID_BASE = 'wallet';

let opened = 0;

export function openWalletModal(tab: WalletTab = 'deposit'): void {
  // A fresh key: opening again (e.g. on another tab) starts from the asked tab.
  opened += 1;
  openModal({
    id: WALLET_MODAL_ID,
    title: i18n.t('walletUi.title'),
    size: 'md',
    className: 'wallet-modal',
    content: <WalletModal key={opened} initialTab={tab} />,
  });
}

events.on('logout', () => closeModal(WALLET_MODAL_ID));

function DemoTopUp({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const topUp = useMutation({
    mutationFn: () => api(walletApi.demoTopUp, { currency: currency.id }),
    onSuccess: (answer) => {
      const store = useAppStore.getState();
      const entry = store.currencies[currency.id];
      if (entry) {
        store.setCurrencies({
          ...store.currencies,
          [currency.id]: { ...entry, balance: { ...entry.balance, demo: answer.demo_balance } },
        });
      }
      toast.success(t('walletUi.demo.done'));
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : t('errors.generic')),
  });
  return (
    <section className="wallet-demo" data-testid="demo-topup">
      <Coins size={22} aria-hidden="true" className="wallet-demo__icon" />
      <div className="wallet-demo__body">
        <strong>{t('walletUi.demo.title')}</strong>
        <span className="tabular" data-testid="demo-balance">
          {displayBalance(currency.balance.demo, currency.decimals)} {currency.id.toUpperCase()}
        </span>
        <small>{t('walletUi.demo.text')}</small>
      </div>
      <Button
        size="sm"
        loading={topUp.isPending}
        onClick={() => topUp.mutate()}
        data-testid="demo-topup-button"
      >
        {t('walletUi.demo.topUp')}
      </Button>
    </section>
  );
}

export function WalletModal({ initialTab }: { initialTab: WalletTab }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<WalletTab>(initialTab);
  const currencies = useAppStore((state) => state.currencies);
  const selected = useAppStore((state) => state.currency);
  const demo = useAppStore((state) => state.demo);
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const list = useMemo(() => Object.values(currencies), [currencies]);
  const [currencyId, setCurrencyId] = useState(selected);
  const currency = currencies[currencyId] ?? currencies[selected] ?? list[0];
  const [chains, setChains] = useState<Record<string, string>>({});
  const chain =
    currency &&
    (currency.chains.find((entry) => entry.id === chains[currency.id])?.id ?? currency.chains[0]?.id);

  // Money moved: histories and limits are stale.
  useEffect(
    () =>
      realtime.on(
        balanceModificationEventRef,
        () => void queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ),
    [queryClient],
  );

  if (!signedIn) {
    return <EmptyState icon={<Wallet size={28} />} title={t('walletUi.signInRequired')} />;
  }

  const pickers = currency && (
    <div className="wallet-pickers">
      <CurrencyPicker
        currencies={list}
        value={currency.id}
        onChange={setCurrencyId}
        balance={demo ? 'demo' : 'real'}
      />
      {chain && (
        <ChainPicker
          currency={currency}
          value={chain}
          onChange={(id) => setChains((prev) => ({ ...prev, [currency.id]: id }))}
        />
      )}
    </div>
  );
  const unavailable = (
    <EmptyState
      icon={<Ban size={28} />}
      title={t('walletUi.unavailable')}
      tone="neutral"
      className="wallet-unavailable"
    />
  );

  return (
    <div className="wallet" data-testid="wallet-modal">
      <Tabs<WalletTab>
        idBase={ID_BASE}
        fullWidth
        value={tab}
        onChange={setTab}
        aria-label={t('walletUi.title')}
        tabs={[
          { id: 'deposit', label: t('walletUi.tabs.deposit') },
          { id: 'withdraw', label: t('walletUi.tabs.withdraw'), disabled: demo },
          { id: 'promocode', label: t('walletUi.tabs.promocode') },
          { id: 'history', label: t('walletUi.tabs.history') },
        ]}
      />
      <TabPanel idBase={ID_BASE} id={tab} className="wallet__panel">
        {tab === 'history' ? (
          <HistoryTab currencies={currencies} />
        ) : tab === 'promocode' ? (
          <PromocodeTab />
        ) : !currency ? (
          <EmptyState icon={<Wallet size={28} />} title={t('errors.noData')} />
        ) : demo ? (
          <div className="wallet-tab">
            {pickers}
            <DemoTopUp currency={currency} />
          </div>
        ) : (
          <>
            {pickers}
            {!chain ? (
              unavailable
            ) : tab === 'deposit' ? (
              <DepositTab key={`${currency.id}:${chain}`} currency={currency} chain={chain} />
            ) : (
              <WithdrawTab
                key={`${currency.id}:${chain}`}
                currency={currency}
                chain={chain}
                currencies={currencies}
              />
            )}
          </>
        )}
      </TabPanel>
    </div>
  );
}
