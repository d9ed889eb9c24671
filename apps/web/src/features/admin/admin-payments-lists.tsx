/**
 * Back office payments (admin-payments.tsx): the held deposits, the deposit addresses and the chains
 * sections, and the small parts every section shares (player cell, copy button, currency mark, filter).
 */
import { createContext, useContext, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type {
  AdminChains,
  adminDepositAddressesEndpoint,
  adminHeldDepositsEndpoint,
} from '@nebula/contracts';
import { useInfiniteQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Check, Copy, ExternalLink, Info, Link2, Lock, Network } from 'lucide-react';
import clsx from 'clsx';
import { CurrencyIcon, EmptyState } from '../../ui';
import { api, endpointRef } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { useAppStore } from '../../lib/store';
import { AdminLoading, AdminTable } from './admin-pages';
import { CurrencySwitch } from './admin-payments-currency';
import { shortHash } from './admin-payments-model';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';

const heldRef = endpointRef<typeof adminHeldDepositsEndpoint>('POST', '/api/admin/deposits/held');
const addressesRef = endpointRef<typeof adminDepositAddressesEndpoint>(
  'POST',
  '/api/admin/deposits/addresses',
);

/** The currencies as the chains call answers them (icon and colour), for every section's marks. */
export const PaymentCurrencies = createContext<AdminChains['currencies']>([]);

/** A currency's icon: from the payments' currencies, else the store's list, else its code's monogram. */
export function CurrencyMark({ id }: { id: string }) {
  const listed = useContext(PaymentCurrencies).find((c) => c.id === id);
  const known = useAppStore((state) => state.currencies[id]);
  return <CurrencyIcon currency={listed ?? known ?? { id, icon: id, style: '#5b6478' }} size={18} />;
}

/** The player of a row: avatar letter, name and a second line, opening `/admin/user/{id}` in a new tab. */
export function PlayerCell({ player, detail }: { player: { _id: string; name: string }; detail?: string }) {
  return (
    <Link
      to={`/admin/user/${player._id}`}
      target="_blank"
      rel="noopener"
      className="apay-player"
      data-testid="payments-player"
    >
      <span className="apay-avatar" aria-hidden="true">
        {player.name.slice(0, 1).toUpperCase()}
      </span>
      <span className="apay-player__text">
        <strong>{player.name}</strong>
        {detail && <small>{detail}</small>}
      </span>
      <ExternalLink size={12} aria-hidden="true" className="apay-player__ext" />
    </Link>
  );
}

/** Copies a hash or an address; the icon turns into a check for a moment. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={clsx('apay-copy', copied && 'is-copied')}
      aria-label={copied ? t('adminPayments.copied') : t('adminPayments.copy')}
      title={copied ? t('adminPayments.copied') : t('adminPayments.copy')}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        });
      }}
    >
      {copied ? <Check size={13} /> : <Copy size={13} />}
    </button>
  );
}

/** A list filter: "Label: All" then the options. */
export function Select({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="apay-select">
      <span className="sr-only">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        <option value="">
          {label}: {t('adminPayments.any')}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Notice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="apay-notice" role="note">
      <span className="apay-notice__icon" aria-hidden="true">
        {icon}
      </span>
      <span>{children}</span>
    </p>
  );
}

export function HeldTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const query = useInfiniteQuery({
    queryKey: ['admin', 'payments', 'held', term] as const,
    queryFn: ({ pageParam, signal }) =>
      api(
        heldRef,
        { ...(term ? { search: term } : {}), ...(pageParam ? { after: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: 30_000,
  });
  const held = useMemo(() => query.data?.pages.flatMap((page) => page.held) ?? [], [query.data]);
  const exportCsv = () => {
    const c = (key: string) => t(`adminPayments.held.columns.${key}`);
    downloadCsv(
      'held-deposits',
      toCsv(
        [c('player'), 'id', c('currency'), c('amount'), c('releasesAt')],
        held.map((h) => [h.player.name, h.player._id, h.currency.toUpperCase(), h.amount, h.releasesAt]),
      ),
    );
  };
  return (
    <>
      <Notice icon={<Lock size={16} />}>{t('adminPayments.held.notice')}</Notice>
      <AdminToolbar
        search={{
          value: search,
          onChange: setSearch,
          placeholder: t('adminPayments.held.search'),
          testId: 'held-search',
        }}
        refresh={query}
        csv={{ onExport: exportCsv, count: held.length, testId: 'held-export' }}
      />
      <AdminTable
        className="apay-table apay-stack"
        errorTitle={t('adminPayments.loadFailed')}
        olderLabel={t('adminPayments.older')}
        query={query}
        count={held.length}
        loadingRows={4}
        empty={
          <EmptyState
            icon={<Lock size={28} />}
            title={t(term ? 'adminPayments.held.noMatch' : 'adminPayments.held.empty')}
            text={term ? undefined : t('adminPayments.held.emptyText')}
          />
        }
        testId="held-table"
        head={
          <>
            <th>{t('adminPayments.held.columns.player')}</th>
            <th>{t('adminPayments.held.columns.amount')}</th>
            <th>{t('adminPayments.held.columns.releasesAt')}</th>
          </>
        }
      >
        {held.map((h) => (
          <tr key={`${h.player._id}:${h.currency}`} data-testid="held-row">
            <td>
              <PlayerCell player={h.player} />
            </td>
            <td className="al-nowrap">
              <span className="apay-amount">
                <CurrencyMark id={h.currency} />
                <strong className="pg-mono">{h.amount}</strong>
                <small>{h.currency.toUpperCase()}</small>
              </span>
            </td>
            <td className="al-nowrap apay-wide apay-release">
              <small className="apay-show-sm apay-sub">{t('adminPayments.held.columns.releasesAt')}</small>
              {formatAdminDate(h.releasesAt)}
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

export function AddressesTab({ chains }: { chains: AdminChains['chains'] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chain, setChain] = useState('');
  const term = useDeferredValue(search.trim());
  const query = useInfiniteQuery({
    queryKey: ['admin', 'payments', 'addresses', term, chain] as const,
    queryFn: ({ pageParam, signal }) =>
      api(
        addressesRef,
        {
          ...(term ? { search: term } : {}),
          ...(chain ? { chain } : {}),
          ...(pageParam ? { before: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const addresses = useMemo(() => query.data?.pages.flatMap((page) => page.addresses) ?? [], [query.data]);
  const exportCsv = () => {
    const c = (key: string) => t(`adminPayments.addresses.columns.${key}`);
    downloadCsv(
      'deposit-addresses',
      toCsv(
        [c('player'), 'id', c('chain'), c('address'), c('index'), c('created')],
        addresses.map((a) => [
          a.player.name,
          a.player._id,
          a.chain,
          a.address,
          a.derivationIndex,
          a.created_at,
        ]),
      ),
    );
  };
  return (
    <>
      <AdminToolbar
        search={{
          value: search,
          onChange: setSearch,
          placeholder: t('adminPayments.addresses.search'),
          testId: 'addresses-search',
        }}
        refresh={query}
        csv={{ onExport: exportCsv, count: addresses.length, testId: 'addresses-export' }}
      >
        <Select
          label={t('adminPayments.deposits.chain')}
          value={chain}
          onChange={setChain}
          options={chains.filter((c) => c.deposits).map((c) => ({ value: c.id, label: c.id.toUpperCase() }))}
          testId="addresses-chain"
        />
      </AdminToolbar>
      <AdminTable
        className="apay-table apay-stack"
        errorTitle={t('adminPayments.loadFailed')}
        olderLabel={t('adminPayments.older')}
        query={query}
        count={addresses.length}
        loadingRows={6}
        empty={
          <EmptyState
            icon={<Link2 size={28} />}
            title={t(term || chain ? 'adminPayments.addresses.noMatch' : 'adminPayments.addresses.empty')}
            text={term || chain ? undefined : t('adminPayments.addresses.emptyText')}
          />
        }
        testId="addresses-table"
        head={
          <>
            <th>{t('adminPayments.addresses.columns.player')}</th>
            <th>{t('adminPayments.addresses.columns.address')}</th>
            <th className="apay-hide-sm">{t('adminPayments.addresses.columns.index')}</th>
            <th className="apay-hide-sm">{t('adminPayments.addresses.columns.created')}</th>
          </>
        }
      >
        {addresses.map((a) => (
          <tr key={a._id} data-testid="address-row">
            <td>
              <PlayerCell player={a.player} detail={formatAdminDate(a.created_at)} />
            </td>
            <td className="apay-wide">
              <span className="apay-hash">
                <span className="pg-tag">{a.chain.toUpperCase()}</span>
                <code title={a.address}>{shortHash(a.address, 10, 8)}</code>
                <CopyButton text={a.address} />
              </span>
            </td>
            <td className="apay-hide-sm pg-mono">{a.derivationIndex}</td>
            <td className="apay-hide-sm al-nowrap">{formatAdminDate(a.created_at)}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

export function ChainsTab({ overview }: { overview: UseQueryResult<AdminChains> }) {
  const { t } = useTranslation();
  if (overview.isPending) return <AdminLoading rows={6} />;
  if (overview.isError) return <EmptyState tone="error" title={t('adminPayments.loadFailed')} />;
  const { chains, currencies } = overview.data;
  return (
    <>
      <Notice icon={<Info size={16} />}>{t('adminPayments.chains.notice')}</Notice>
      <h2 className="apay-section">{t('adminPayments.chains.chainsTitle')}</h2>
      <div className="apay-chains" data-testid="chains-grid">
        {chains.map((chain) => (
          <section
            key={chain.id}
            className={clsx('pg-card apay-chain', !chain.deposits && 'is-off')}
            data-testid="chain-card"
            data-chain={chain.id}
          >
            <header className="apay-chain__head">
              <CurrencyMark id={chain.nativeCurrency} />
              <span className="apay-chain__name">
                <strong>{chain.id.toUpperCase()}</strong>
                <small>{chain.family}</small>
              </span>
              <span className={clsx('pg-tag', chain.deposits && 'pg-tag--accent')}>
                {t(chain.deposits ? 'adminPayments.chains.on' : 'adminPayments.chains.off')}
              </span>
            </header>
            <dl className="apay-chain__facts">
              <div>
                <dt>{t('adminPayments.chains.confirmations')}</dt>
                <dd>
                  <strong className="pg-mono" data-testid="chain-confirmations">
                    {chain.requiredConfirmations}
                  </strong>
                  <small
                    title={chain.confirmationsFrom === 'env' ? 'DEPOSIT_CONFIRMATIONS' : undefined}
                    data-testid="chain-confirmations-from"
                    data-from={chain.confirmationsFrom}
                  >
                    {t(
                      chain.confirmationsFrom === 'env'
                        ? 'adminPayments.chains.fromEnv'
                        : 'adminPayments.chains.fromDefault',
                    )}
                  </small>
                </dd>
              </div>
              <div>
                <dt>{t('adminPayments.chains.pending')}</dt>
                <dd className="pg-mono">{chain.pending}</dd>
              </div>
              <div>
                <dt>{t('adminPayments.chains.height')}</dt>
                <dd className="pg-mono">{chain.height ?? t('adminPayments.chains.noHeight')}</dd>
              </div>
              <div>
                <dt>{t('adminPayments.chains.sourceLabel')}</dt>
                <dd className="apay-chain__source">
                  <Network size={12} aria-hidden="true" />
                  {t(`adminPayments.chains.source.${chain.source ?? 'none'}`)}
                </dd>
              </div>
            </dl>
          </section>
        ))}
      </div>
      <h2 className="apay-section">{t('adminPayments.chains.currenciesTitle')}</h2>
      <div className="pg-table-wrap">
        <table className="pg-table apay-table apay-stack" data-testid="currencies-table">
          <thead>
            <tr>
              <th>{t('adminPayments.deposits.columns.currency')}</th>
              <th>{t('adminPayments.chains.status')}</th>
              <th>{t('adminPayments.chains.minimum')}</th>
              <th>{t('adminPayments.chains.networks')}</th>
              <th className="apay-hide-sm">{t('adminPayments.chains.decimals')}</th>
            </tr>
          </thead>
          <tbody>
            {currencies.map((c) => (
              <tr key={c.id} data-testid="currency-row" data-currency={c.id}>
                <td>
                  <span className="apay-amount">
                    <CurrencyMark id={c.id} />
                    <strong>{c.id.toUpperCase()}</strong>
                    <small className="apay-hide-sm">{c.name}</small>
                  </span>
                </td>
                <td>
                  <CurrencySwitch currency={c} />
                </td>
                <td className="pg-mono al-nowrap apay-wide apay-labelled">
                  <small className="apay-show-sm apay-sub">{t('adminPayments.chains.minimum')}</small>
                  {c.chains.length ? `${c.minimumDeposit} ${c.id.toUpperCase()}` : '—'}
                </td>
                <td className="apay-wide apay-labelled">
                  <small className="apay-show-sm apay-sub">{t('adminPayments.chains.networks')}</small>
                  {c.chains.length ? (
                    <span className="apay-networks">
                      {c.chains.map((n) => (
                        <span key={n.id} className="pg-tag" title={n.name}>
                          {n.id.toUpperCase()}
                        </span>
                      ))}
                    </span>
                  ) : (
                    <small className="apay-sub">{t('adminPayments.chains.noNetworks')}</small>
                  )}
                </td>
                <td className="apay-hide-sm pg-mono">{c.decimals}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
