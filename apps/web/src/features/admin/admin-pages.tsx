/**
 * The back office (opens in its own tab at /admin, own layout and chunk). The dashboard and the
 * user page show their frames; the management screens arrive with their issues.
 */
import type { ReactNode } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import {
  ArrowLeft,
  Coins,
  Gamepad2,
  Gift,
  Inbox,
  LayoutDashboard,
  MessageSquare,
  Settings,
  ShieldCheck,
  Users,
  Wallet,
  ArrowUpFromLine,
} from 'lucide-react';
import { Breadcrumbs, EmptyState } from '../../ui';
import { useAppStore } from '../../lib/store';
import './admin.css';
import './admin-withdrawals-texts';
import { useTranslation } from '../../lib/i18n';

const NAV = [
  { id: 'dashboard', to: '/admin', icon: LayoutDashboard, end: true },
  { id: 'users', to: '/admin/users', icon: Users },
  { id: 'outbox', to: '/admin/outbox', icon: Inbox },
  { id: 'games', to: '/admin/games', icon: Gamepad2 },
  { id: 'wallet', to: '/admin/wallet', icon: Wallet },
  { id: 'withdrawals', to: '/admin/withdrawals', icon: ArrowUpFromLine },
  { id: 'promotions', to: '/admin/promotions', icon: Gift },
  { id: 'chat', to: '/admin/chat', icon: MessageSquare },
  { id: 'fairness', to: '/admin/fairness', icon: ShieldCheck },
  { id: 'settings', to: '/admin/settings', icon: Settings },
] as const;

/** Sections that already have a page; the others are listed, disabled, until their issue lands. */
const READY = new Set(['dashboard', 'withdrawals']);

export function AdminLayout({
  title,
  crumbs,
  children,
}: {
  title: string;
  crumbs: { label: string; to?: string }[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const siteName = useAppStore((state) => state.license?.siteName) ?? 'Nebula';
  return (
    <div className="admin" data-testid="admin-layout">
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
          <span className="admin__user">{user?.name}</span>
        </header>
        <main className="admin__content">
          <h1 className="admin__title">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}

export function AdminDashboardPage() {
  const { t } = useTranslation();
  const title = t('app.admin.nav.dashboard');
  const stats = ['players', 'online', 'wagered', 'ggr', 'deposits', 'withdrawals'] as const;
  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      {/* No dashboard statistics are collected yet: each tile says so instead of a placeholder. */}
      <div className="pg-stats">
        {stats.map((key) => (
          <div key={key} className="pg-stat" data-testid="admin-stat">
            <span className="pg-stat__label">{t(`app.admin.stats.${key}`)}</span>
            <span className="pg-stat__value is-empty">{t('errors.noData')}</span>
          </div>
        ))}
      </div>
      <div className="pg-grid pg-grid--2" style={{ marginTop: 'var(--space-4)' }}>
        <section className="pg-card">
          <h2 className="pg-card__title">
            <Coins size={16} aria-hidden="true" /> {t('app.admin.revenue')}
          </h2>
          <EmptyState title={t('errors.noData')} />
        </section>
        <section className="pg-card">
          <h2 className="pg-card__title">
            <Inbox size={16} aria-hidden="true" /> {t('app.admin.nav.outbox')}
          </h2>
          <EmptyState title={t('errors.noData')} />
        </section>
      </div>
    </AdminLayout>
  );
}

export function AdminUserPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const title = t('app.admin.userTitle', { id: userId });
  return (
    <AdminLayout title={title} crumbs={[{ label: t('app.admin.nav.users') }, { label: userId }]}>
      <div className="pg-grid pg-grid--2">
        {(['account', 'balances', 'bets', 'audit'] as const).map((key) => (
          <section key={key} className="pg-card">
            <h2 className="pg-card__title">{t(`app.admin.user.${key}`)}</h2>
            <EmptyState title={t('errors.noData')} />
          </section>
        ))}
      </div>
    </AdminLayout>
  );
}
