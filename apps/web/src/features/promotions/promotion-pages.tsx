import type { PromotionsSummary } from '@nebula/contracts';
import { Coins, Copy, Gift, Users } from 'lucide-react';
import { Button, EmptyState, PageFrame, SkeletonGrid } from '../../ui';
import { useAppStore } from '../../lib/store';
import { BonusSection } from './deposit-bonus';
import { HubHero, ProgrammeGrid, PublicCodes, RewardStats, hubText } from './promo-hub';
import { usePromotionsSummary } from './promo-hub-api';
import './promotions.css';
import { useTranslation } from '../../lib/i18n';

/** /promotions: the deposit offer and the player's bonuses, then every live programme and the public codes. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const title = t('nav.promotions');
  const signedIn = useAppStore((state) => !!state.user);
  const { data, isPending } = usePromotionsSummary();
  return (
    <PageFrame
      title={title}
      subtitle={t('app.promotions.subtitle')}
      breadcrumbs={[{ label: title }]}
      width="wide"
    >
      <div className="pg-stack">
        <HubHero variant="promotionsHero" signedIn={signedIn} />
        <BonusSection offerTitle={t('app.promotions.items.firstDeposit.title')} />
        {isPending ? (
          <SkeletonGrid count={6} minWidth={280} aspectRatio="16 / 11" />
        ) : data ? (
          <>
            <ProgrammeGrid summary={data} withDeposit={false} />
            <PublicCodes codes={data.codes} signedIn={data.signedIn} />
            {!hasProgramme(data) && <EmptyState title={hubText('empty')} icon={<Gift size={28} />} />}
          </>
        ) : null}
      </div>
    </PageFrame>
  );
}

/** Whether anything is set up at all. */
function hasProgramme(s: PromotionsSummary): boolean {
  return !!(s.depositBonus || s.codes.length || s.race || s.wheel || s.faucet || s.rakeback || s.vip);
}

/** /rewards: what the player holds and can collect now, then the programmes with their actions. */
export function RewardsPage() {
  const { t } = useTranslation();
  const title = t('nav.rewards');
  const signedIn = useAppStore((state) => !!state.user);
  const { data, isPending } = usePromotionsSummary();
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.promotions'), to: '/promotions' }, { label: title }]}
      width="wide"
    >
      <div className="pg-stack">
        <HubHero variant="rewardsHero" signedIn={signedIn} />
        {isPending ? (
          <SkeletonGrid count={6} minWidth={280} aspectRatio="16 / 11" />
        ) : data ? (
          <>
            {data.signedIn && <RewardStats summary={data} />}
            <ProgrammeGrid summary={data} withDeposit />
            {!hasProgramme(data) && <EmptyState title={hubText('empty')} icon={<Gift size={28} />} />}
          </>
        ) : null}
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
