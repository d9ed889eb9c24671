import { Link } from 'react-router';
import { Coins, Copy, Crown, Droplets, Gift, Info, Percent, Trophy, Users } from 'lucide-react';
import { Button, PageFrame } from '../../ui';
import { useAppStore } from '../../lib/store';
import './promotions.css';
import { useTranslation } from '../../lib/i18n';

function Note({ children }: { children: React.ReactNode }) {
  return (
    <p className="pg-note">
      <Info size={16} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

const PROMOS = [
  { id: 'faucet', icon: Droplets, to: '/bonus' },
  { id: 'rakeback', icon: Percent, to: '/vip' },
  { id: 'firstDeposit', icon: Gift, to: '/promotions' },
  { id: 'wheel', icon: Coins, to: '/promotions' },
  { id: 'race', icon: Trophy, to: '/leaderboard' },
  { id: 'vip', icon: Crown, to: '/vip' },
] as const;

export function PromotionsPage() {
  const { t } = useTranslation();
  const title = t('nav.promotions');
  return (
    <PageFrame title={title} subtitle={t('app.promotions.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack">
        <div className="pg-grid">
          {PROMOS.map(({ id, icon: Icon, to }) => (
            <Link key={id} to={to} className="pg-card promo-card">
              <div className="pg-card__head">
                <span className="pg-card__icon">
                  <Icon size={20} aria-hidden="true" />
                </span>
                <h2 className="pg-card__title">{t(`app.promotions.items.${id}.title`)}</h2>
              </div>
              <p className="pg-card__text">{t(`app.promotions.items.${id}.text`)}</p>
            </Link>
          ))}
        </div>
        <Note>{t('app.promotions.note')}</Note>
      </div>
    </PageFrame>
  );
}

const VIP_LEVELS = Array.from({ length: 10 }, (_, index) => index + 1);

export function VipPage() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const level = user?.vipLevel ?? 0;
  const title = t('nav.vipClub');
  return (
    <PageFrame title={title} subtitle={t('app.vip.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack">
        <section className="pg-hero vip-hero">
          <div className="vip-hero__level">
            <Crown size={28} aria-hidden="true" />
            <div>
              <p className="pg-card__meta">{t('app.vip.yourLevel')}</p>
              <p className="vip-hero__value">{user ? t('profile.level', { level }) : t('app.vip.guest')}</p>
            </div>
          </div>
          <div
            className="vip-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={0}
            aria-label={t('profile.vipProgress')}
          >
            <span style={{ width: '0%' }} />
          </div>
          <p>{t('app.vip.progressNote')}</p>
        </section>
        <section>
          <h2 className="pg-section-title">{t('app.vip.levels')}</h2>
          <div className="pg-table-wrap">
            <table className="pg-table">
              <thead>
                <tr>
                  <th>{t('app.vip.level')}</th>
                  <th>{t('app.vip.deposit')}</th>
                  <th>{t('app.vip.wager')}</th>
                  <th>{t('app.vip.fee')}</th>
                </tr>
              </thead>
              <tbody>
                {VIP_LEVELS.map((value) => (
                  <tr key={value}>
                    <td>
                      <span className={`pg-tag${value === level ? ' pg-tag--accent' : ''}`}>
                        {t('profile.level', { level: value })}
                      </span>
                    </td>
                    {/* No VIP programme is configured yet: the levels' requirements and fees are unknown. */}
                    <td className="pg-card__meta">—</td>
                    <td className="pg-card__meta">—</td>
                    <td className="pg-card__meta">—</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <Note>{t('app.vip.note')}</Note>
      </div>
    </PageFrame>
  );
}

export function PartnerPage() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const link = user ? `${window.location.origin}/ref/${encodeURIComponent(user.name)}` : '';
  const title = t('nav.affiliate');
  const steps = ['share', 'register', 'earn'] as const;
  return (
    <PageFrame title={title} subtitle={t('app.partner.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack">
        <section className="pg-card">
          <h2 className="pg-card__title">{t('app.partner.yourLink')}</h2>
          {user ? (
            <div className="pg-row">
              <input
                type="text"
                readOnly
                value={link}
                className="pg-mono"
                style={{ flex: '1 1 260px', minWidth: 0 }}
                aria-label={t('app.partner.yourLink')}
              />
              <Button
                variant="secondary"
                icon={<Copy size={16} />}
                onClick={() => void navigator.clipboard?.writeText(link)}
              >
                {t('common.copy')}
              </Button>
            </div>
          ) : (
            <p className="pg-card__text">{t('app.partner.signInForLink')}</p>
          )}
        </section>
        <div className="pg-stats">
          {(['referrals', 'wagered', 'earned'] as const).map((key) => (
            <div key={key} className="pg-stat">
              <span className="pg-stat__label">{t(`app.partner.stats.${key}`)}</span>
              <span className="pg-stat__value">{user ? '0' : '—'}</span>
            </div>
          ))}
        </div>
        <div className="pg-grid">
          {steps.map((step, index) => (
            <div key={step} className="pg-card pg-card--flat">
              <div className="pg-card__head">
                <span className="pg-card__icon">
                  {index === 0 ? <Copy size={18} /> : index === 1 ? <Users size={18} /> : <Coins size={18} />}
                </span>
                <h3 className="pg-card__title">{t(`app.partner.steps.${step}.title`)}</h3>
              </div>
              <p className="pg-card__text">{t(`app.partner.steps.${step}.text`)}</p>
            </div>
          ))}
        </div>
      </div>
    </PageFrame>
  );
}

export function BonusPage() {
  const { t } = useTranslation();
  const title = t('nav.bonus');
  return (
    <PageFrame
      title={title}
      subtitle={t('app.bonus.subtitle')}
      breadcrumbs={[{ label: t('nav.promotions'), to: '/promotions' }, { label: title }]}
      width="narrow"
    >
      <div className="pg-stack">
        <section className="pg-card faucet">
          <span className="faucet__icon" aria-hidden="true">
            <Droplets size={36} />
          </span>
          <h2 className="pg-card__title">{t('app.bonus.claimTitle')}</h2>
          <p className="pg-card__text">{t('app.bonus.claimText')}</p>
          <Button size="lg" fullWidth disabled>
            {t('app.bonus.claim')}
          </Button>
        </section>
        <Note>{t('app.bonus.note')}</Note>
      </div>
    </PageFrame>
  );
}
