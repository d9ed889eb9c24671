/**
 * The back office's dashboard (`/admin`, issue G8 item 1): the casino's figures over a period (POST
 * /api/admin/dashboard) as tiles, the GGR per day stacked by product (ECharts, loaded by a dynamic
 * import when the chart is drawn), the ledger's health and the newest mails.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, CircleAlert, CircleCheck } from 'lucide-react';
import type { AdminDashboard, adminDashboardEndpoint } from '@nebula/contracts';
import { EmptyState, Skeleton } from '../../ui';
import { api, endpointRef } from '../../lib/api';
import { useOnlineCount } from '../../lib/realtime-provider';
import { i18n, useTranslation } from '../../lib/i18n';
import { AdminLayout, OutboxPeek } from './admin-pages';
import type { GgrChartInput } from './ggr-chart';
import { fromCents, toCents, usdText } from './dashboard-format';
import './admin-dashboard-texts';
import './admin-dashboard.css';

const dashboardRef = endpointRef<typeof adminDashboardEndpoint>('POST', '/api/admin/dashboard');

const PERIODS = [7, 30, 90] as const;

/** One colour per product (stable whatever the period shows). */
const PRODUCT_COLORS: Record<string, string> = {
  originals: '#1fd67a',
  extended: '#4aa8ff',
  crash: '#ffb547',
  slots: '#b57bff',
  sports: '#ff6b7a',
  'external-sports': '#3fd3c6',
};
const FALLBACK_COLORS = ['#f2e05b', '#ff8fd1', '#8fa3ff'];

const compactUsd = (v: number) =>
  `${v < 0 ? '-' : ''}$${new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(Math.abs(v))}`;

function Tile({
  label,
  value,
  hint,
  tone,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  tone?: 'pos' | 'neg' | 'warn';
  testId: string;
}) {
  return (
    <div className="pg-stat ad-tile" data-testid="admin-stat" data-stat={testId}>
      <span className="pg-stat__label">{label}</span>
      <span className={`pg-stat__value ad-tile__value${tone ? ` is-${tone}` : ''}`}>{value}</span>
      {hint && <span className="ad-tile__hint">{hint}</span>}
    </div>
  );
}

function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function GgrChart({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const input = useMemo<GgrChartInput>(
    () => ({
      days: data.series.map((d) => d.day),
      series: data.products.map((product, index) => ({
        name: t(`adminDashboard.products.${product}`, { defaultValue: product }),
        color: PRODUCT_COLORS[product] ?? FALLBACK_COLORS[index % FALLBACK_COLORS.length]!,
        values: data.series.map((d) => Number(d.ggrByProduct[product] ?? '0')),
      })),
      text: cssVar('--text', '#edf2f7'),
      muted: cssVar('--text-dim', '#8094a8'),
      grid: cssVar('--border', '#263747'),
      tooltipBg: cssVar('--bg-card', '#1d2b38'),
      format: compactUsd,
    }),
    [data, t],
  );
  const chart = useRef<{ update(i: GgrChartInput): void; dispose(): void } | null>(null);
  useEffect(() => {
    let cancelled = false;
    const element = ref.current;
    if (!element) return;
    import('./ggr-chart')
      .then(({ mountGgrChart }) => {
        if (cancelled) return;
        if (chart.current) chart.current.update(input);
        else chart.current = mountGgrChart(element, input);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [input]);
  useEffect(
    () => () => {
      chart.current?.dispose();
      chart.current = null;
    },
    [],
  );
  if (failed) return <EmptyState tone="error" title={t('adminDashboard.chartFailed')} />;
  return (
    <div
      ref={ref}
      className="ad-chart"
      data-testid="admin-ggr-chart"
      role="img"
      aria-label={t('adminDashboard.chartTitle')}
    />
  );
}

export function AdminDashboardPage() {
  const { t } = useTranslation();
  const title = t('app.admin.nav.dashboard');
  const [days, setDays] = useState<number>(30);
  const online = useOnlineCount();
  const query = useQuery({
    queryKey: ['admin', 'dashboard', days],
    queryFn: ({ signal }) => api(dashboardRef, { days }, { signal }),
    refetchInterval: 30_000,
    placeholderData: (previous) => previous,
  });
  const d = query.data;
  const totals = d?.totals;
  const ggrTone = (value: string) => (value.startsWith('-') ? 'neg' : value === '0.00' ? undefined : 'pos');
  const anyBets = d ? d.series.some((s) => s.bets > 0) : false;
  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <div className="ad-toolbar">
        {d && <span className="ad-range">{t('adminDashboard.range', { from: d.from, to: d.to })}</span>}
        <div className="ad-periods" role="group" aria-label={t('adminDashboard.period')}>
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className={`ad-period${days === p ? ' is-active' : ''}`}
              aria-pressed={days === p}
              onClick={() => setDays(p)}
            >
              {t('adminDashboard.days', { count: p })}
            </button>
          ))}
        </div>
      </div>
      {query.isError && !d ? (
        <EmptyState tone="error" title={t('adminDashboard.loadFailed')} />
      ) : !d || !totals ? (
        <div className="pg-stats ad-tiles" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="pg-stat ad-tile">
              <Skeleton shape="text" width="50%" />
              <Skeleton shape="text" width="80%" />
            </div>
          ))}
        </div>
      ) : (
        <>
          <div className="pg-stats ad-tiles" data-testid="admin-dashboard-tiles">
            <Tile
              testId="players"
              label={t('adminDashboard.tiles.players')}
              value={String(totals.players)}
              hint={t('adminDashboard.tiles.playersHint', { count: totals.newPlayers })}
            />
            {online && (
              <Tile
                testId="online"
                label={t('adminDashboard.tiles.online')}
                value={String(online.total)}
                hint={t('adminDashboard.tiles.onlineHint', { users: online.users, guests: online.guests })}
              />
            )}
            <Tile
              testId="wagered"
              label={t('adminDashboard.tiles.wagered')}
              value={usdText(totals.wageredUsd)}
              hint={t('adminDashboard.tiles.wageredHint', {
                count: totals.bets,
                active: totals.activePlayers,
              })}
            />
            <Tile
              testId="ggr"
              label={t('adminDashboard.tiles.ggr')}
              value={usdText(totals.ggrUsd)}
              tone={ggrTone(totals.ggrUsd)}
              hint={t('adminDashboard.tiles.ggrHint')}
            />
            <Tile
              testId="deposits"
              label={t('adminDashboard.tiles.deposits')}
              value={usdText(totals.depositsUsd)}
              hint={t('adminDashboard.tiles.depositsHint', { count: totals.deposits })}
            />
            <Tile
              testId="withdrawals"
              label={t('adminDashboard.tiles.withdrawals')}
              value={usdText(totals.withdrawalsUsd)}
              hint={t('adminDashboard.tiles.withdrawalsHint', { count: totals.withdrawals })}
            />
            <Tile
              testId="pending"
              label={t('adminDashboard.tiles.pending')}
              value={usdText(d.pendingWithdrawals.usd)}
              tone={d.pendingWithdrawals.count > 0 ? 'warn' : undefined}
              hint={t('adminDashboard.tiles.pendingHint', { count: d.pendingWithdrawals.count })}
            />
            <Tile
              testId="bonus"
              label={t('adminDashboard.tiles.bonus')}
              value={usdText(totals.bonusConvertedUsd)}
              hint={t('adminDashboard.tiles.bonusHint', { credited: usdText(totals.bonusCreditedUsd) })}
            />
          </div>
          <div className="ad-grid">
            <section className="pg-card ad-chart-card">
              <h2 className="pg-card__title admin__card-title">
                <BarChart3 size={16} aria-hidden="true" /> {t('adminDashboard.chartTitle')}
              </h2>
              {anyBets ? <GgrChart data={d} /> : <EmptyState title={t('adminDashboard.chartEmpty')} />}
              <p className="ad-note">{t('adminDashboard.amountsNote')}</p>
            </section>
            <div className="ad-side">
              <section
                className={`pg-card ad-ledger${d.ledger.ok ? ' is-ok' : ' is-bad'}`}
                data-testid="admin-ledger-health"
              >
                {d.ledger.ok ? (
                  <CircleCheck size={20} aria-hidden="true" />
                ) : (
                  <CircleAlert size={20} aria-hidden="true" />
                )}
                <div>
                  <strong>{t('adminDashboard.ledger')}</strong>
                  <span>
                    {d.ledger.ok
                      ? t('adminDashboard.ledgerOk', {
                          transfers: d.ledger.transfers,
                          accounts: d.ledger.accounts,
                        })
                      : t('adminDashboard.ledgerBad', { count: d.ledger.problems })}
                  </span>
                  <small className="ad-ledger__at" data-testid="admin-ledger-checked">
                    {t('adminDashboard.ledgerChecked', {
                      time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(
                        new Date(d.ledger.checkedAt),
                      ),
                    })}
                  </small>
                </div>
              </section>
              {d.products.length > 0 && (
                <section className="pg-card ad-products">
                  <ul>
                    {d.products.map((product, index) => {
                      const sum = d.series.reduce(
                        (s, day) => s + toCents(day.ggrByProduct[product] ?? '0'),
                        0n,
                      );
                      const text = fromCents(sum);
                      return (
                        <li key={product}>
                          <span
                            className="ad-dot"
                            style={{
                              background:
                                PRODUCT_COLORS[product] ?? FALLBACK_COLORS[index % FALLBACK_COLORS.length],
                            }}
                          />
                          <span>{t(`adminDashboard.products.${product}`, { defaultValue: product })}</span>
                          <strong className={ggrTone(text) === 'neg' ? 'is-neg' : undefined}>
                            {usdText(text)}
                          </strong>
                        </li>
                      );
                    })}
                  </ul>
                </section>
              )}
              <OutboxPeek />
            </div>
          </div>
        </>
      )}
    </AdminLayout>
  );
}
