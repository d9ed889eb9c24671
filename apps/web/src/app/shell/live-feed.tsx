import { useTranslation } from 'react-i18next';
import { Activity } from 'lucide-react';
import { EmptyState, Tabs } from '../../ui';
import { isSignedIn, useAppStore, type LiveChannel } from '../../lib/store';

/** The live bets feed under casino pages (spec 3 section 2); entries arrive with the realtime issue. */
export function LiveFeed() {
  const { t } = useTranslation();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const channel = useAppStore((state) => state.liveChannel);
  const setChannel = useAppStore((state) => state.setLiveChannel);
  const channels: LiveChannel[] = signedIn
    ? ['mine', 'all', 'high_rollers', 'race']
    : ['all', 'high_rollers', 'race'];
  const value = channels.includes(channel) ? channel : 'all';
  const columns = ['game', 'player', 'time', 'wager', 'multiplier', 'payout'] as const;

  return (
    <section className="live-feed" aria-labelledby="live-feed-title" data-testid="live-feed" id="live-feed">
      <header className="live-feed__head">
        <h2 id="live-feed-title" className="live-feed__title">
          <span className="live-feed__pulse" aria-hidden="true" />
          {t('liveFeed.title')}
        </h2>
        <Tabs
          size="sm"
          tabs={channels.map((id) => ({ id, label: t(`liveFeed.${id}`) }))}
          value={value}
          onChange={setChannel}
          aria-label={t('liveFeed.title')}
        />
      </header>
      <div className="live-feed__table" role="table" aria-label={t('liveFeed.title')}>
        <div className="live-feed__row live-feed__row--head" role="row">
          {columns.map((column) => (
            <span key={column} role="columnheader" className={`live-feed__cell live-feed__cell--${column}`}>
              {t(`liveFeed.${column}`)}
            </span>
          ))}
        </div>
        <EmptyState
          icon={<Activity size={28} />}
          title={t('empty.noBets')}
          text={t('app.liveFeed.comingSoon')}
        />
      </div>
    </section>
  );
}
