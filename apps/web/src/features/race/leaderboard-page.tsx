import { Timer, Trophy, Users } from 'lucide-react';
import { useAppStore } from '../../lib/store';
import { EmptyState, PageFrame, Skeleton } from '../../ui';
import { useCountdown, useRace } from './race-api';
import { formatDecimal } from './race-model';
import { Countdown, PlaceBadge, RacePlayer } from './race-parts';
import './race-texts';
import './race.css';
import { useTranslation } from '../../lib/i18n';

/** /leaderboard: the weekly race (spec 3 section 2): prize pool, countdown, standings with prizes. */
export function LeaderboardPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, dataUpdatedAt } = useRace();
  const left = useCountdown(data?.endsAt, data?.now, dataUpdatedAt);
  const myId = useAppStore((state) => state.user?._id ?? null);
  const currency = data?.prizePool.currency.toUpperCase() ?? '';
  return (
    <PageFrame
      title={t('raceUi.title')}
      subtitle={t('raceUi.subtitle')}
      breadcrumbs={[{ label: t('raceUi.title') }]}
    >
      <div className="race-page" data-testid="leaderboard-page">
        <section className="race-hero">
          <div className="race-hero__pool">
            <span className="race-hero__label">
              <Trophy size={16} aria-hidden="true" />
              {t('raceUi.prizePool')}
            </span>
            <strong className="race-hero__amount" data-testid="race-pool">
              {data ? (
                `${formatDecimal(data.prizePool.reward)} ${currency}`
              ) : (
                <Skeleton shape="text" width={160} />
              )}
            </strong>
            {data?.me && (
              <span className="race-hero__me" data-testid="race-me">
                {t('raceUi.yourPlace')}:{' '}
                <strong>{data.me.place ? `#${data.me.place}` : t('raceUi.notRanked')}</strong> ·{' '}
                {formatDecimal(data.me.wager_usd)} USD
              </span>
            )}
          </div>
          <div className="race-hero__timer">
            <span className="race-hero__label">
              <Timer size={16} aria-hidden="true" />
              {t('raceUi.endsIn')}
            </span>
            <Countdown left={left} />
          </div>
        </section>

        <section className="race-standings">
          <h2 className="race-standings__title">
            <Users size={18} aria-hidden="true" />
            {t('raceUi.standings')}
          </h2>
          {isPending ? (
            <div className="race-table">
              {Array.from({ length: 8 }, (_, index) => (
                <div key={index} className="race-row">
                  <Skeleton shape="text" width={24} />
                  <Skeleton shape="text" width={120} />
                  <Skeleton shape="text" width={70} />
                  <Skeleton shape="text" width={60} />
                </div>
              ))}
            </div>
          ) : isError || !data ? (
            <EmptyState icon={<Trophy size={28} />} title={t('raceUi.unavailable')} />
          ) : data.entries.length === 0 ? (
            <EmptyState
              icon={<Trophy size={28} />}
              title={t('raceUi.noEntries')}
              text={t('raceUi.noEntriesText')}
            />
          ) : (
            <div className="race-table" role="table" data-testid="race-standings">
              <div className="race-row race-row--head" role="row">
                <span role="columnheader">{t('raceUi.place')}</span>
                <span role="columnheader">{t('raceUi.player')}</span>
                <span role="columnheader" className="race-num">
                  {t('raceUi.wagered')}
                </span>
                <span role="columnheader" className="race-num">
                  {t('raceUi.prize')} ({currency})
                </span>
              </div>
              {data.entries.map((entry) => {
                const me = myId !== null && entry.user._id === myId;
                return (
                  <div
                    key={`${entry.place}-${entry.user._id}`}
                    role="row"
                    className={`race-row${me ? ' is-me' : ''}${entry.place <= 3 ? ` is-top is-top-${entry.place}` : ''}`}
                    data-testid="race-entry"
                  >
                    <span role="cell">
                      <PlaceBadge place={entry.place} />
                    </span>
                    <span role="cell">
                      <RacePlayer entry={entry} me={me} />
                    </span>
                    <span role="cell" className="race-num">
                      ${formatDecimal(entry.wager_usd)}
                    </span>
                    <span role="cell" className="race-num race-prize">
                      {entry.prize !== '0' ? formatDecimal(entry.prize) : '—'}
                    </span>
                  </div>
                );
              })}
            </div>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
