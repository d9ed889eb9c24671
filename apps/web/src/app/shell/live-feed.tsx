import { Suspense, useMemo } from 'react';
import { Activity, EyeOff } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { LiveGame } from '@nebula/contracts';
import { LIVE_FEED_DEFAULT_COUNT } from '@nebula/contracts/constants';
import { decimalsFor } from '@nebula/money';
import { openBetOverview } from '../../features/bets';
import { LazyRacePanel } from '../../features/race';
import { CurrencyIcon, EmptyState, Skeleton, Tabs } from '../../ui';
import { formatMoneyText } from '../../lib/money-format';
import { isSignedIn, useAppStore, type LiveChannel } from '../../lib/store';
import { useLiveFeed } from './live-feed-data';
import {
  LIVE_FEED_COUNTS,
  channelsFor,
  effectiveChannel,
  formatFeedTime,
  formatMultiplier,
} from './live-feed-model';
import './live-feed-rows.css';
import { useTranslation } from '../../lib/i18n';

const COLUMNS = ['game', 'player', 'time', 'wager', 'multiplier', 'payout'] as const;

/** The live bets feed under casino pages (spec 3 sections 2-3): channels, count setting, live rows. */
export function LiveFeed() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const signedIn = isSignedIn(user);
  const stored = useAppStore((state) => state.liveChannel);
  const setChannel = useAppStore((state) => state.setLiveChannel);
  const count = useAppStore((state) => state.liveFeedEntries) || LIVE_FEED_DEFAULT_COUNT;
  const setSetting = useAppStore((state) => state.setSetting);
  const currencies = useAppStore((state) => state.currencies);
  const channels = channelsFor(signedIn);
  const channel = effectiveChannel(stored, signedIn);
  const prices = useMemo(
    () => Object.fromEntries(Object.values(currencies).map((c) => [c.id, c.price])),
    [currencies],
  );
  const userId = signedIn ? (user._id ?? null) : null;
  const { entries } = useLiveFeed(channel, count, { userId, prices });

  return (
    <section className="live-feed" aria-labelledby="live-feed-title" data-testid="live-feed" id="live-feed">
      <header className="live-feed__head">
        <h2 id="live-feed-title" className="live-feed__title">
          <span className="live-feed__pulse" aria-hidden="true" />
          {t('liveFeed.title')}
        </h2>
        <div className="live-feed__tools">
          <Tabs
            size="sm"
            tabs={channels.map((id) => ({ id, label: t(`liveFeed.${id}`) }))}
            value={channel}
            onChange={(id: LiveChannel) => setChannel(id)}
            aria-label={t('liveFeed.title')}
          />
          <label className="live-feed__count">
            <span className="sr-only">{t('liveFeed.entries')}</span>
            <select
              value={count}
              onChange={(event) => setSetting('liveFeedEntries', Number(event.target.value))}
              data-testid="live-feed-count"
            >
              {LIVE_FEED_COUNTS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>
      {channel === 'race' && (
        <Suspense fallback={null}>
          <LazyRacePanel />
        </Suspense>
      )}
      <div
        className="live-feed__table live-feed__table--live"
        role="table"
        aria-label={t('liveFeed.title')}
        aria-busy={entries === undefined}
        data-channel={channel}
      >
        <div className="live-feed__row live-feed__row--head" role="row">
          {COLUMNS.map((column) => (
            <span key={column} role="columnheader" className={`live-feed__cell live-feed__cell--${column}`}>
              {t(`liveFeed.${column}`)}
            </span>
          ))}
        </div>
        {entries === undefined ? (
          Array.from({ length: 5 }, (_, index) => (
            <div key={index} className="live-feed__row" role="row">
              {COLUMNS.map((column) => (
                <span key={column} role="cell" className={`live-feed__cell live-feed__cell--${column}`}>
                  <Skeleton shape="text" width={column === 'game' ? 90 : 60} />
                </span>
              ))}
            </div>
          ))
        ) : entries.length === 0 ? (
          <EmptyState icon={<Activity size={28} />} title={t('empty.noBets')} />
        ) : (
          entries.map((entry) => <FeedRow key={entry.game._id} entry={entry} />)
        )}
      </div>
    </section>
  );
}

function FeedRow({ entry }: { entry: LiveGame }) {
  const { t, i18n } = useTranslation();
  const currency = useAppStore((state) => state.currencies[entry.game.currency]);
  const win = entry.game.status === 'win';
  const decimals = currency?.decimals ?? decimalsFor(entry.game.currency);
  const wager = formatMoneyText(entry.game.splitTotal, decimals);
  const payout = win ? formatMoneyText(entry.game.profit, decimals) : `-${wager}`;
  const icon = currency ?? { id: entry.game.currency, icon: '', style: '', name: entry.game.currency };
  const navigate = useNavigate();
  // A sports bet (`sport-{id}`) has no casino bet overview: it opens its sport's events; an external
  // sportsbook bet (`xsport-{id}`) opens the external sportsbook at its sport.
  const sport = entry.game._id.startsWith('sport-');
  const external = entry.game._id.startsWith('xsport-');
  const sportPath = entry.metadata.id === 'sports' ? '/' : `/${entry.metadata.id}`;
  const open = () =>
    external
      ? void navigate(`/sportsbook?bt-path=${encodeURIComponent(sportPath)}`)
      : sport
        ? void navigate(
            entry.metadata.id === 'sports'
              ? '/sport'
              : `/sport?sport=${encodeURIComponent(entry.metadata.id)}`,
          )
        : openBetOverview(entry.game._id);
  return (
    <button
      type="button"
      role="row"
      className={`live-feed__row live-feed__row--entry${win ? ' is-win' : ''}`}
      onClick={open}
      data-testid="live-feed-row"
      data-bet-id={entry.game._id}
    >
      <span role="cell" className="live-feed__cell live-feed__cell--game">
        {entry.metadata.name}
      </span>
      <span role="cell" className="live-feed__cell live-feed__cell--player">
        {entry.user.private_bets && entry.user._id === '' ? (
          <span className="live-feed__hidden">
            <EyeOff size={13} aria-hidden="true" />
            {t('liveFeed.hidden')}
          </span>
        ) : (
          entry.user.name
        )}
      </span>
      <span role="cell" className="live-feed__cell live-feed__cell--time">
        <FeedTime iso={entry.game.created_at} locale={i18n.language} />
      </span>
      <span role="cell" className="live-feed__cell live-feed__cell--wager">
        {wager}
        <CurrencyIcon currency={icon} size={14} />
      </span>
      <span role="cell" className="live-feed__cell live-feed__cell--multiplier">
        {formatMultiplier(entry.game.multiplier)}
      </span>
      <span role="cell" className={`live-feed__cell live-feed__cell--payout${win ? ' is-win' : ''}`}>
        {win ? '+' : ''}
        {payout}
        <CurrencyIcon currency={icon} size={14} />
      </span>
    </button>
  );
}

/** The bet's time (HH:MM today, else the date), the full date and time on hover. */
function FeedTime({ iso, locale }: { iso: string | undefined; locale: string }) {
  const text = formatFeedTime(iso, new Date(), locale);
  if (!iso || !text) return null;
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
  return (
    <time dateTime={iso} title={full}>
      {text}
    </time>
  );
}
