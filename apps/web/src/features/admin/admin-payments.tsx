/**
 * Back office: payments at /admin/wallet (issue G8 item 3, permission `wallet`; decision 0043). A link to
 * the withdrawal queue, then four sections in tabs (kept in `?tab=`): deposits (search by player,
 * transaction hash or address, filters by currency, chain and state, older pages, CSV export of what is
 * loaded, refreshed while confirmations climb), held deposits (read-only: the player's limit holds
 * them), deposit addresses, and the chains with their confirmations and the currencies' minimums
 * (read-only: they come from the server's environment). The last three are admin-payments-lists.tsx.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import type {
  AdminChains,
  AdminDeposit,
  adminChainsEndpoint,
  adminDepositsEndpoint,
} from '@nebula/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ArrowDownToLine, ArrowUpFromLine, ChevronRight } from 'lucide-react';
import clsx from 'clsx';
import { EmptyState, TabPanel, Tabs } from '../../ui';
import { api, endpointRef } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLayout, AdminTable } from './admin-pages';
import {
  AddressesTab,
  ChainsTab,
  CopyButton,
  CurrencyMark,
  HeldTab,
  PaymentCurrencies,
  PlayerCell,
  Select,
} from './admin-payments-lists';
import {
  DEPOSIT_CSV_COLUMNS,
  NO_FILTERS,
  confirmationProgress,
  depositCsvRows,
  depositsRequest,
  shortHash,
  type DepositFilters,
} from './admin-payments-model';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';
import './admin-logs.css';
import './admin-payments-texts';
import './admin-payments.css';

const depositsRef = endpointRef<typeof adminDepositsEndpoint>('POST', '/api/admin/deposits');
const chainsRef = endpointRef<typeof adminChainsEndpoint>('POST', '/api/admin/chains');

const TABS = ['deposits', 'held', 'addresses', 'chains'] as const;
type Tab = (typeof TABS)[number];
const STATES = ['pending', 'credited', 'below_minimum'] as const;
const NO_CURRENCIES: AdminChains['currencies'] = [];

function Confirmations({ deposit }: { deposit: AdminDeposit }) {
  const progress = confirmationProgress(deposit);
  return (
    <span
      className={clsx('apay-conf', progress >= 1 && 'is-done')}
      data-testid="deposit-confirmations"
      title={`${deposit.confirmations} / ${deposit.requiredConfirmations}`}
    >
      <span className="apay-conf__text pg-mono">
        {deposit.confirmations}/{deposit.requiredConfirmations}
      </span>
      <span className="apay-conf__bar" aria-hidden="true">
        <span style={{ width: `${Math.round(progress * 100)}%` }} />
      </span>
    </span>
  );
}

function DepositsTab({ overview }: { overview: AdminChains | undefined }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<DepositFilters>(NO_FILTERS);
  const search = useDeferredValue(filters.search.trim());
  const request = depositsRequest({ ...filters, search });
  const query = useInfiniteQuery({
    queryKey: ['admin', 'payments', 'deposits', request] as const,
    queryFn: ({ pageParam, signal }) =>
      api(depositsRef, depositsRequest({ ...filters, search }, pageParam || undefined), { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    // Confirmations climb every few seconds while a deposit is pending.
    refetchInterval: 10_000,
  });
  const deposits = useMemo(() => query.data?.pages.flatMap((page) => page.deposits) ?? [], [query.data]);
  const set = <K extends keyof DepositFilters>(key: K, value: DepositFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const filtered = Object.values(request).some(Boolean);

  const exportCsv = () => {
    const c = (key: string) => t(`adminPayments.deposits.columns.${key}`);
    downloadCsv('deposits', toCsv(DEPOSIT_CSV_COLUMNS.map(c), depositCsvRows(deposits)));
  };

  return (
    <>
      <AdminToolbar
        className="apay-toolbar"
        search={{
          value: filters.search,
          onChange: (value) => set('search', value),
          placeholder: t('adminPayments.deposits.search'),
          testId: 'deposits-search',
        }}
        refresh={query}
        csv={{ onExport: exportCsv, count: deposits.length, testId: 'deposits-export' }}
      >
        <Select
          label={t('adminPayments.deposits.currency')}
          value={filters.currency}
          onChange={(value) => set('currency', value)}
          options={(overview?.currencies ?? [])
            .filter((c) => c.chains.length > 0)
            .map((c) => ({ value: c.id, label: c.id.toUpperCase() }))}
          testId="deposits-currency"
        />
        <Select
          label={t('adminPayments.deposits.chain')}
          value={filters.chain}
          onChange={(value) => set('chain', value)}
          options={(overview?.chains ?? []).map((c) => ({ value: c.id, label: c.id.toUpperCase() }))}
          testId="deposits-chain"
        />
        <Select
          label={t('adminPayments.deposits.status')}
          value={filters.status}
          onChange={(value) => set('status', value as DepositFilters['status'])}
          options={STATES.map((state) => ({
            value: state,
            label: t(`adminPayments.deposits.states.${state}`),
          }))}
          testId="deposits-status"
        />
      </AdminToolbar>
      <AdminTable
        className="apay-table apay-stack"
        errorTitle={t('adminPayments.loadFailed')}
        olderLabel={t('adminPayments.older')}
        query={query}
        count={deposits.length}
        loadingRows={8}
        empty={
          <EmptyState
            icon={<ArrowDownToLine size={28} />}
            title={t(filtered ? 'adminPayments.deposits.noMatch' : 'adminPayments.deposits.empty')}
            text={filtered ? undefined : t('adminPayments.deposits.emptyText')}
          />
        }
        testId="deposits-table"
        head={
          <>
            <th>{t('adminPayments.deposits.columns.player')}</th>
            <th>{t('adminPayments.deposits.columns.amount')}</th>
            <th className="apay-hide-sm">{t('adminPayments.deposits.columns.chain')}</th>
            <th>{t('adminPayments.deposits.columns.confirmations')}</th>
            <th className="apay-hide-sm">{t('adminPayments.deposits.columns.status')}</th>
            <th className="apay-hide-md">{t('adminPayments.deposits.columns.txid')}</th>
            <th className="apay-hide-sm">{t('adminPayments.deposits.columns.time')}</th>
          </>
        }
      >
        {deposits.map((d) => (
          <tr key={d._id} data-testid="deposit-row" data-id={d._id} data-txid={d.txid}>
            <td>
              <PlayerCell player={d.player} detail={formatAdminDate(d.created_at)} />
            </td>
            <td className="al-nowrap">
              <span className="apay-amount">
                <CurrencyMark id={d.currency} />
                <strong className="pg-mono">{d.amount}</strong>
                <small>{d.currency.toUpperCase()}</small>
              </span>
              <small className="apay-show-sm apay-sub">
                {t('adminPayments.deposits.columns.chain')}: {d.chain.toUpperCase()}
              </small>
            </td>
            <td className="apay-hide-sm">
              <span className="pg-tag">{d.chain.toUpperCase()}</span>
            </td>
            <td className="apay-conf-cell">
              <Confirmations deposit={d} />
              <span className="apay-show-sm">
                <StateTag state={d.status} />
              </span>
            </td>
            <td className="apay-hide-sm">
              <StateTag state={d.status} />
            </td>
            <td className="apay-hide-md">
              <span className="apay-hash">
                <code title={d.txid}>{shortHash(d.txid)}</code>
                <CopyButton text={d.txid} />
              </span>
              <small className="apay-sub" title={d.address}>
                → {shortHash(d.address, 6, 6)}
              </small>
            </td>
            <td className="apay-hide-sm al-nowrap">{formatAdminDate(d.created_at)}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

function StateTag({ state }: { state: AdminDeposit['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`pg-tag apay-state apay-state--${state}`} data-testid="deposit-state" data-state={state}>
      {t(`adminPayments.deposits.states.${state}`)}
    </span>
  );
}

export function AdminPaymentsPage() {
  const { t } = useTranslation();
  const title = t('adminPayments.title');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((id) => id === asked) ?? 'deposits';
  const overview = useQuery({
    queryKey: ['admin', 'payments', 'chains'],
    queryFn: ({ signal }) => api(chainsRef, {}, { signal }),
    refetchInterval: 30_000,
  });
  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <div className="apay-head">
        <p className="al-intro">{t('adminPayments.intro')}</p>
        <Link to="/admin/withdrawals" className="apay-queue" data-testid="payments-withdrawals">
          <span className="apay-queue__icon" aria-hidden="true">
            <ArrowUpFromLine size={18} />
          </span>
          <span>
            <strong>{t('adminPayments.withdrawals')}</strong>
            <small>{t('adminPayments.withdrawalsText')}</small>
          </span>
          <ChevronRight size={16} aria-hidden="true" />
        </Link>
      </div>
      <Tabs
        variant="underline"
        idBase="apay"
        aria-label={t('adminPayments.tabsLabel')}
        className="apay-tabs"
        tabs={TABS.map((id) => ({ id, label: t(`adminPayments.tabs.${id}`) }))}
        value={tab}
        onChange={(id) => setParams(id === 'deposits' ? {} : { tab: id }, { replace: true })}
      />
      <PaymentCurrencies.Provider value={overview.data?.currencies ?? NO_CURRENCIES}>
        <TabPanel idBase="apay" id={tab} className="apay-panel">
          {tab === 'deposits' && <DepositsTab overview={overview.data} />}
          {tab === 'held' && <HeldTab />}
          {tab === 'addresses' && <AddressesTab chains={overview.data?.chains ?? []} />}
          {tab === 'chains' && <ChainsTab overview={overview} />}
        </TabPanel>
      </PaymentCurrencies.Provider>
    </AdminLayout>
  );
}
