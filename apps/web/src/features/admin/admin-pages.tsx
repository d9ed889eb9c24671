/**
 * The back office (opens in its own tab at /admin, own layout and chunk): its shell and shared pieces;
 * the dashboard is admin-dashboard.tsx, the player page admin-player.tsx.
 */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import {
  ArrowLeft,
  BellRing,
  Gamepad2,
  Gift,
  Inbox,
  LayoutDashboard,
  MessageSquare,
  Settings,
  ShieldCheck,
  ScrollText,
  Ticket,
  Users,
  Wallet,
  ArrowUpFromLine,
  RefreshCw,
} from 'lucide-react';
import type { outboxEndpoint } from '@nebula/contracts';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs, Button, EmptyState, Skeleton, SkeletonText } from '../../ui';
import { api, endpointRef } from '../../lib/api';
import { formatAdminDate } from './format';
import { useAppStore } from '../../lib/store';
import './admin.css';
import './admin-withdrawals-texts';
import './admin-logs-texts';
import './admin-players-texts';
import './admin-promocodes-texts';
import './admin-notifications-texts';
import { useTranslation } from '../../lib/i18n';
import { useStaffLive } from './admin-live';

const NAV = [
  { id: 'dashboard', to: '/admin', icon: LayoutDashboard, end: true },
  { id: 'users', to: '/admin/users', icon: Users },
  { id: 'outbox', to: '/admin/outbox', icon: Inbox },
  { id: 'games', to: '/admin/games', icon: Gamepad2 },
  { id: 'wallet', to: '/admin/wallet', icon: Wallet },
  { id: 'withdrawals', to: '/admin/withdrawals', icon: ArrowUpFromLine },
  { id: 'promotions', to: '/admin/promotions', icon: Gift },
  { id: 'promocodes', to: '/admin/promocodes', icon: Ticket },
  { id: 'notifications', to: '/admin/notifications', icon: BellRing },
  { id: 'chat', to: '/admin/chat', icon: MessageSquare },
  { id: 'fairness', to: '/admin/fairness', icon: ShieldCheck },
  { id: 'settings', to: '/admin/settings', icon: Settings },
  { id: 'audit', to: '/admin/audit', icon: ScrollText },
] as const;

/** Sections that already have a page; the others are listed, disabled, until their issue lands. */
const READY = new Set([
  'dashboard',
  'users',
  'games',
  'wallet',
  'withdrawals',
  'outbox',
  'promotions',
  'promocodes',
  'notifications',
  'chat',
  'fairness',
  'settings',
  'audit',
]);

/** A back-office list while its first page loads: lines of shimmer in a card. */
export function AdminLoading({ rows = 6 }: { rows?: number }) {
  return (
    <div className="pg-card" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} shape="text" width={`${92 - index * 7}%`} />
      ))}
    </div>
  );
}

/** The button under a paged list that loads its next (older) page, while there is one. */
export function LoadOlder({
  query,
  label,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      size="sm"
      variant="ghost"
      className="al-more"
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {label}
    </Button>
  );
}

/**
 * A back-office list: a loader while the first page loads, the error or the empty state, else the
 * table (`pg-table` with `className`) and, for a paged query, the button loading older pages.
 */
export function AdminTable({
  query,
  count,
  loadingRows,
  errorTitle,
  empty,
  className,
  testId,
  head,
  children,
  olderLabel,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    hasNextPage?: boolean;
    isFetchingNextPage?: boolean;
    fetchNextPage?: () => unknown;
  };
  /** Rows to show (0 shows `empty`). */
  count: number;
  loadingRows: number;
  errorTitle: string;
  empty: ReactNode;
  className: string;
  testId: string;
  /** The header cells. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** A paged query's button that loads older pages. */
  olderLabel?: string;
}) {
  if (query.isPending) return <AdminLoading rows={loadingRows} />;
  if (query.isError) return <EmptyState tone="error" title={errorTitle} />;
  if (count === 0) return <>{empty}</>;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  return (
    <>
      <div className="pg-table-wrap">
        <table className={`pg-table ${className}`} data-testid={testId}>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {fetchNextPage && olderLabel && (
        <LoadOlder
          query={{ hasNextPage: !!hasNextPage, isFetchingNextPage: !!isFetchingNextPage, fetchNextPage }}
          label={olderLabel}
        />
      )}
    </>
  );
}

export function AdminLayout({
  title,
  crumbs,
  children,
  ownHeading = false,
}: {
  title: string;
  crumbs: { label: string; to?: string }[];
  children: ReactNode;
  /** The page renders its own h1 (the player page's header): the layout's is left out. */
  ownHeading?: boolean;
}) {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const siteName = useAppStore((state) => state.license?.siteName) ?? 'Nebula';
  // Other staff members' actions refresh this page's data as they happen (admin-live.ts).
  const { live, change } = useStaffLive();
  return (
    <div className="admin" data-testid="admin-layout" data-live={live ? 'on' : 'off'}>
      <title>{`${title} · ${t('app.admin.title')}`}</title>
      <aside className="admin__sidebar">
        <div className="admin__brand">
          <span className="admin__mark" aria-hidden="true">
            N
          </span>
          <div>
            <strong>{siteName}</strong>
            <small>{t('app.admin.title')}</small>
          </div>
        </div>
        <nav className="admin__nav" aria-label={t('app.admin.title')}>
          {NAV.map(({ id, to, icon: Icon, ...rest }) =>
            READY.has(id) ? (
              <NavLink key={id} to={to} end={'end' in rest} className="admin__link">
                <Icon size={18} aria-hidden="true" />
                {t(`app.admin.nav.${id}`)}
              </NavLink>
            ) : (
              <span
                key={id}
                className="admin__link is-disabled"
                aria-disabled="true"
                title={t('common.comingSoon')}
              >
                <Icon size={18} aria-hidden="true" />
                {t(`app.admin.nav.${id}`)}
                <span className="admin__soon">{t('common.comingSoon')}</span>
              </span>
            ),
          )}
        </nav>
        <Link to="/" className="admin__back">
          <ArrowLeft size={16} aria-hidden="true" />
          {t('app.admin.backToSite')}
        </Link>
      </aside>
      <div className="admin__main">
        <header className="admin__header">
          <Breadcrumbs withHome={false} items={[{ label: t('app.admin.title'), to: '/admin' }, ...crumbs]} />
          <div className="admin__header-end">
            {change && (
              <span
                key={change.id}
                className="admin__live"
                role="status"
                title={change.targetId ? `${change.action} · ${change.targetId}` : change.action}
                data-testid="admin-live-change"
              >
                <RefreshCw size={12} aria-hidden="true" />
                {t('adminLive.updatedBy', { name: change.by.name })}
              </span>
            )}
            {live && !change && (
              <span className="admin__live-dot" title={t('adminLive.live')}>
                {t('adminLive.liveShort')}
              </span>
            )}
            <span className="admin__user">{user?.name}</span>
          </div>
        </header>
        <main className="admin__content">
          {!ownHeading && <h1 className="admin__title">{title}</h1>}
          {children}
        </main>
      </div>
    </div>
  );
}

const outboxRef = endpointRef<typeof outboxEndpoint>('POST', '/api/admin/outbox');

/** The dashboard's card of the newest mails, each opening the outbox. */
export function OutboxPeek() {
  const { t } = useTranslation();
  const mails = useQuery({
    queryKey: ['admin', 'outbox', 'peek'],
    queryFn: ({ signal }) => api(outboxRef, { limit: 5 }, { signal }).then((answer) => answer.mails),
    refetchInterval: 15_000,
  });
  return (
    <section className="pg-card" data-testid="admin-outbox-peek">
      <h2 className="pg-card__title admin__card-title">
        <Inbox size={16} aria-hidden="true" /> {t('app.admin.nav.outbox')}
        <Link to="/admin/outbox" className="admin__more">
          {t('adminOutbox.title')} →
        </Link>
      </h2>
      {mails.isPending ? (
        <SkeletonText lines={4} />
      ) : mails.isError ? (
        <EmptyState tone="error" title={t('adminOutbox.loadFailed')} />
      ) : mails.data.length === 0 ? (
        <EmptyState title={t('adminOutbox.empty')} />
      ) : (
        <ul className="admin__peek">
          {mails.data.map((mail) => (
            <li key={mail.id}>
              <Link to="/admin/outbox">
                <strong>{mail.subject}</strong>
                <span>{mail.to}</span>
              </Link>
              <small>{formatAdminDate(mail.createdAt)}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
