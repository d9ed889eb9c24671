import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarDays, Crown, Link2, Lock, Settings, UserX } from 'lucide-react';
import clsx from 'clsx';
import { Button, EmptyState, Skeleton } from '../../ui';
import { usePermission } from '../../lib/store';
import { formatCount, formatDate, formatUsd } from './format';
import type { ProfileStatus, ProfileSummaryData } from './profile-api';
import { useTranslation } from '../../lib/i18n';

/** A stable angle per name, so fallback avatars differ from each other but never change. */
export function avatarAngle(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) % 360;
  return hash;
}

export function Avatar({ name, src, size = 72 }: { name: string; src?: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      className="profile-avatar"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.42),
        ['--avatar-angle' as string]: `${avatarAngle(name)}deg`,
      }}
      aria-hidden="true"
      data-testid="profile-avatar"
    >
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : initial}
    </span>
  );
}

/** Staff with the `users` permission get a cog to the back office page of the player (new tab). */
export function AdminCog({ id, size = 'md' }: { id: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const allowed = usePermission('users');
  if (!allowed) return null;
  return (
    <a
      href={`/admin/user/${encodeURIComponent(id)}`}
      target="_blank"
      rel="noopener noreferrer"
      className={clsx('ui-icon-btn ui-icon-btn--secondary', `ui-icon-btn--${size}`)}
      aria-label={t('profileUi.adminLink')}
      title={t('profileUi.adminLink')}
      data-testid="profile-admin-link"
    >
      <Settings size={16} />
    </a>
  );
}

export function ProfileCard({
  data,
  actions,
  compact = false,
}: {
  data: ProfileSummaryData;
  actions?: ReactNode;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <article className={clsx('profile-card', compact && 'profile-card--compact')} data-testid="profile-card">
      <div className="profile-card__head">
        <Avatar name={data.name} src={data.avatar} size={compact ? 64 : 88} />
        <div className="profile-card__who">
          <h2 className="profile-card__name" data-testid="profile-name">
            {data.name}
          </h2>
          <div className="profile-card__tags">
            <span className="pg-tag pg-tag--accent">
              <Crown size={12} aria-hidden="true" />
              {t('profile.level', { level: data.vipLevel })}
            </span>
            {data.private_profile && (
              <span className="pg-tag">
                <Lock size={12} aria-hidden="true" />
                {t('profile.private')}
              </span>
            )}
          </div>
          <span className="profile-card__joined">
            <CalendarDays size={14} aria-hidden="true" />
            {t('profile.joined', { date: formatDate(data.created_at, locale) })}
          </span>
        </div>
        {actions && <div className="profile-card__actions">{actions}</div>}
      </div>
      <dl className="profile-card__stats">
        <div className="profile-stat">
          <dt>{t('profile.wagered')}</dt>
          <dd className="num" data-testid="profile-wagered">
            {formatUsd(data.wagered, locale)}
          </dd>
        </div>
        <div className="profile-stat">
          <dt>{t('profile.totalGames')}</dt>
          <dd className="num" data-testid="profile-games">
            {formatCount(data.games, locale)}
          </dd>
        </div>
      </dl>
    </article>
  );
}

export function ProfileCardSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <div
      className={clsx('profile-card', compact && 'profile-card--compact')}
      aria-busy="true"
      data-testid="profile-skeleton"
    >
      <div className="profile-card__head">
        <Skeleton shape="circle" width={compact ? 64 : 88} height={compact ? 64 : 88} />
        <div className="profile-card__who">
          <Skeleton shape="text" width={160} height={24} />
          <Skeleton shape="text" width={80} />
          <Skeleton shape="text" width={130} />
        </div>
      </div>
      <div className="profile-card__stats">
        {[0, 1].map((key) => (
          <div key={key} className="profile-stat">
            <Skeleton shape="text" width={70} />
            <Skeleton shape="text" width="60%" height={26} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Private, not found and failure states, shared by the page and the popup. */
export function ProfileStateMessage({
  status,
  onRetry,
  action,
}: {
  status: Exclude<ProfileStatus, 'ok'>;
  onRetry?: () => void;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  if (status === 'private') {
    return (
      <EmptyState
        icon={<Lock size={26} />}
        title={t('profileUi.privateTitle')}
        text={t('profileUi.privateText')}
        action={action}
        className="profile-state"
      />
    );
  }
  if (status === 'not-found') {
    return (
      <EmptyState
        icon={<UserX size={26} />}
        title={t('profileUi.notFoundTitle')}
        text={t('profileUi.notFoundText')}
        action={action}
        className="profile-state"
      />
    );
  }
  return (
    <EmptyState
      tone="error"
      title={t('errors.loadFailed')}
      action={
        onRetry && (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
      className="profile-state"
    />
  );
}

/** Icon link to the full profile page (used by the popup). */
export function ProfilePageLink({ id, onNavigate }: { id: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/profile/${encodeURIComponent(id)}`}
      onClick={onNavigate}
      className="ui-icon-btn ui-icon-btn--secondary ui-icon-btn--md"
      aria-label={t('profileUi.openProfile')}
      title={t('profileUi.openProfile')}
      data-testid="profile-page-link"
    >
      <Link2 size={16} />
    </Link>
  );
}
