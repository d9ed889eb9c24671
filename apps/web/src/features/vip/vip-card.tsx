/**
 * The profile summary card (spec 2 section 2 "Popups"; sections 4 and 9): avatar, name, level and the
 * VIP progress bar, linking to /vip, with 'N/200 EXP'. The shell shows it to a signed-in player; CSS
 * hides it at 1200 px and below (spec: only on screens wider than 1200 px).
 */
import { Link } from 'react-router';
import { Crown } from 'lucide-react';
import { VIP_EXP_SCALE } from '@nebula/contracts/constants';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';
import { progressOf, useVip, useVipLive } from './vip-api';
import './vip.css';

export function VipSummaryCard() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const vip = useVip();
  useVipLive();
  if (!user) return null;
  const level = user.vipLevel ?? 0;
  const progress = vip.data ? progressOf(vip.data, level) : { percent: 0, exp: 0, next: undefined };
  const name = vip.data?.levels.find((l) => l.level === level)?.name;
  const initial = Array.from(user.name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <Link to="/vip" className="vip-card" data-testid="vip-summary-card" aria-label={t('profile.vipProgress')}>
      <span className="vip-card__head">
        <span className="vip-card__avatar" aria-hidden="true">
          {user.avatar ? <img src={user.avatar} alt="" /> : initial}
        </span>
        <span className="vip-card__who">
          <span className="vip-card__name">{user.name}</span>
          <span className="vip-card__level" data-testid="vip-card-level">
            <Crown size={12} aria-hidden="true" />
            {t('profile.level', { level })}
            {name ? ` · ${name}` : ''}
          </span>
        </span>
      </span>
      <span
        className="vip-bar vip-bar--small"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-label={t('profile.vipProgress')}
      >
        <span style={{ width: `${progress.percent}%` }} />
      </span>
      <span className="vip-card__exp">
        <span data-testid="vip-card-exp">
          {progress.exp}/{VIP_EXP_SCALE} EXP
        </span>
        <span>{progress.percent}%</span>
      </span>
    </Link>
  );
}
