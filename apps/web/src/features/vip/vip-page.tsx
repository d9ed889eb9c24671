/**
 * `/vip` (spec 1 section 2.1; spec 2 sections 3 and 4; spec 3 sections 6 and 9): the player's level and
 * progress towards the next (deposited and wagered against its requirements, the average of the two
 * capped percentages), and the ten levels with what each takes and gives. A guest sees the levels and a
 * prompt to sign in.
 */
import { Check, Crown, Info, Lock } from 'lucide-react';
import clsx from 'clsx';
import { VIP_EXP_SCALE, VIP_MAX_LEVEL } from '@nebula/contracts/constants';
import { PageFrame, Skeleton } from '../../ui';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';
import { progressOf, useVip, useVipLive, type VipView } from './vip-api';
import './vip.css';

const usd = (value: string, locale: string, digits = 0) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(value));

function Meter({
  label,
  value,
  of,
  locale,
  testId,
}: {
  label: string;
  value: string;
  of: string | undefined;
  locale: string;
  testId: string;
}) {
  const percent =
    of === undefined || Number(of) <= 0 ? 100 : Math.min(100, (Number(value) / Number(of)) * 100);
  return (
    <div className="vip-meter">
      <div className="vip-meter__row">
        <span className="vip-meter__label">{label}</span>
        <span className="vip-meter__value num" data-testid={testId}>
          {usd(value, locale, 2)}
          {of !== undefined && <span className="vip-meter__of"> / {usd(of, locale)}</span>}
        </span>
      </div>
      <span className="vip-bar vip-bar--thin" aria-hidden="true">
        <span style={{ width: `${Math.floor(percent)}%` }} />
      </span>
    </div>
  );
}

function Hero({ view, level }: { view: VipView | undefined; level: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const signedIn = useAppStore((state) => !!state.user);
  const current = view?.levels.find((l) => l.level === level);
  const progress = view ? progressOf(view, level) : { percent: 0, exp: 0, next: undefined };
  const top = level >= VIP_MAX_LEVEL;
  return (
    <section className="pg-hero vip-hero" data-testid="vip-hero">
      <div className="vip-hero__top">
        <div className="vip-hero__level">
          <span className="vip-hero__badge" aria-hidden="true">
            <Crown size={26} />
          </span>
          <div>
            <p className="pg-card__meta">{t('app.vip.yourLevel')}</p>
            <p className="vip-hero__value" data-testid="vip-level">
              {signedIn ? t('profile.level', { level }) : t('app.vip.guest')}
              {signedIn && current && <span className="vip-hero__name"> · {current.name}</span>}
            </p>
          </div>
        </div>
        {signedIn && (
          <div className="vip-hero__exp">
            <span className="vip-hero__exp-value num" data-testid="vip-exp">
              {progress.exp}
              <small>/{VIP_EXP_SCALE} EXP</small>
            </span>
            <span className="pg-card__meta">
              {top
                ? t('app.vip.topLevel')
                : progress.next
                  ? t('app.vip.towards', { level: progress.next.level, name: progress.next.name })
                  : ''}
            </span>
          </div>
        )}
      </div>
      {signedIn && (
        <>
          <div
            className="vip-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-label={t('profile.vipProgress')}
            data-testid="vip-progress"
          >
            <span style={{ width: `${progress.percent}%` }} />
          </div>
          <div className="vip-hero__meters">
            <Meter
              label={t('app.vip.deposited')}
              value={view?.data.deposited ?? '0'}
              of={top ? undefined : progress.next?.depositRequirement}
              locale={locale}
              testId="vip-deposited"
            />
            <Meter
              label={t('app.vip.wagered')}
              value={view?.data.wagered ?? '0'}
              of={top ? undefined : progress.next?.wagerRequirement}
              locale={locale}
              testId="vip-wagered"
            />
          </div>
        </>
      )}
      <p className="pg-card__text">{t('app.vip.progressNote')}</p>
    </section>
  );
}

export function VipPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const user = useAppStore((state) => state.user);
  const level = user?.vipLevel ?? 0;
  const vip = useVip();
  useVipLive();
  const title = t('nav.vipClub');
  return (
    <PageFrame title={title} subtitle={t('app.vip.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack">
        <Hero view={vip.data} level={level} />
        <section>
          <h2 className="pg-section-title">{t('app.vip.levels')}</h2>
          <div className="vip-levels" data-testid="vip-levels">
            {vip.isPending
              ? Array.from({ length: VIP_MAX_LEVEL }, (_, i) => (
                  <Skeleton key={i} shape="rect" width="100%" height={220} />
                ))
              : (vip.data?.levels ?? []).map((l) => {
                  const current = !!user && l.level === level;
                  const reached = !!user && l.level <= level;
                  return (
                    <article
                      key={l.level}
                      className={clsx('vip-level', current && 'is-current', reached && 'is-reached')}
                      data-testid={`vip-level-${l.level}`}
                    >
                      <header className="vip-level__head">
                        <span className="vip-level__badge">{l.level}</span>
                        <h3 className="vip-level__name">{l.name}</h3>
                        <span className={clsx('pg-tag', current && 'pg-tag--accent')}>
                          {reached ? (
                            <Check size={12} aria-hidden="true" />
                          ) : (
                            <Lock size={12} aria-hidden="true" />
                          )}
                          {current
                            ? t('app.vip.current')
                            : reached
                              ? t('app.vip.reached')
                              : t('app.vip.locked')}
                        </span>
                      </header>
                      <dl className="vip-level__needs">
                        <div>
                          <dt>{t('app.vip.deposit')}</dt>
                          <dd className="num">{usd(l.depositRequirement, locale)}</dd>
                        </div>
                        <div>
                          <dt>{t('app.vip.wager')}</dt>
                          <dd className="num">{usd(l.wagerRequirement, locale)}</dd>
                        </div>
                      </dl>
                      <dl className="vip-level__perks">
                        <div>
                          <dt>{t('app.vip.levelUpBonus')}</dt>
                          <dd className="num vip-level__gain">{usd(l.levelUpBonus, locale)}</dd>
                        </div>
                        <div>
                          <dt>{t('app.vip.rakeback')}</dt>
                          <dd className="num">{l.rakebackPercent}%</dd>
                        </div>
                        <div>
                          <dt>{t('app.vip.wheel')}</dt>
                          <dd className="num">{usd(l.bonusWheelMaxReward, locale)}</dd>
                        </div>
                        <div>
                          <dt>{t('app.vip.faucet')}</dt>
                          <dd className="num">{usd(l.faucetMax, locale, 2)}</dd>
                        </div>
                        <div>
                          <dt>{t('app.vip.fee')}</dt>
                          <dd className="num">{l.withdrawFeePercent}%</dd>
                        </div>
                        <div>
                          <dt>{t('app.vip.limits')}</dt>
                          <dd className="num">
                            {usd(l.withdrawMinUsd, locale)}–{usd(l.withdrawMaxUsd, locale)} ·{' '}
                            {t('app.vip.perDay', { count: l.withdrawPerDay })}
                          </dd>
                        </div>
                      </dl>
                    </article>
                  );
                })}
          </div>
        </section>
        <p className="pg-note">
          <Info size={16} aria-hidden="true" />
          <span>{t('app.vip.note')}</span>
        </p>
      </div>
    </PageFrame>
  );
}
