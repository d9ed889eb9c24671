import { useState } from 'react';
import { BarChart3, Flame, Info, LineChart, PiggyBank } from 'lucide-react';
import { EmptyState, PageFrame, Tabs } from '../../ui';
import './token.css';
import { useTranslation } from '../../lib/i18n';

function Note({ children }: { children: React.ReactNode }) {
  return (
    <p className="pg-note">
      <Info size={16} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

type Timeframe = '7' | '30';

/** One analytics block (spec 1 section 2.3): title, 7d/30d switch, chart area with its states. */
function ChartCard({
  titleKey,
  icon,
  showSwitch = true,
}: {
  titleKey: string;
  icon: React.ReactNode;
  showSwitch?: boolean;
}) {
  const { t } = useTranslation();
  const [timeframe, setTimeframe] = useState<Timeframe>('30');
  return (
    <section className="pg-card chart-card" aria-busy="true">
      <header className="chart-card__head">
        <div className="pg-card__head">
          <span className="pg-card__icon">{icon}</span>
          <h2 className="pg-card__title">{t(titleKey)}</h2>
        </div>
        {showSwitch && (
          <Tabs
            size="sm"
            tabs={[
              { id: '7', label: t('app.token.days', { count: 7 }) },
              { id: '30', label: t('app.token.days', { count: 30 }) },
            ]}
            value={timeframe}
            onChange={setTimeframe}
            aria-label={t('app.token.timeframe')}
          />
        )}
      </header>
      {/* No token data source is connected yet: the chart says so instead of placeholder bars. */}
      <EmptyState title={t('errors.noData')} />
    </section>
  );
}

export function TokenPage() {
  const { t } = useTranslation();
  const title = t('nav.token');
  const stats = ['price', 'change', 'supply', 'burnt'] as const;
  return (
    <PageFrame title={title} subtitle={t('app.token.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack">
        <div className="pg-stats">
          {stats.map((key) => (
            <div key={key} className="pg-stat">
              <span className="pg-stat__label">{t(`app.token.stats.${key}`)}</span>
              <span className="pg-stat__value is-empty">{t('errors.noData')}</span>
            </div>
          ))}
        </div>
        <div className="pg-grid pg-grid--2">
          <ChartCard titleKey="app.token.charts.price" icon={<LineChart size={18} />} showSwitch={false} />
          <ChartCard titleKey="app.token.charts.supply" icon={<BarChart3 size={18} />} showSwitch={false} />
        </div>
        <Note>{t('app.token.note')}</Note>
      </div>
    </PageFrame>
  );
}

export function AnalyticsPage() {
  const { t } = useTranslation();
  const title = t('nav.analytics');
  const blocks = [
    ['app.token.charts.burn24h', <Flame key="a" size={18} />],
    ['app.token.charts.burntPerDay', <Flame key="b" size={18} />],
    ['app.token.charts.futures', <LineChart key="c" size={18} />],
    ['app.token.charts.casino', <BarChart3 key="d" size={18} />],
    ['app.token.charts.sports', <BarChart3 key="e" size={18} />],
    ['app.token.charts.payouts', <PiggyBank key="f" size={18} />],
    ['app.token.charts.supply', <BarChart3 key="g" size={18} />],
    ['app.token.charts.price', <LineChart key="h" size={18} />],
  ] as const;
  return (
    <PageFrame
      title={title}
      subtitle={t('app.token.analyticsSubtitle')}
      breadcrumbs={[{ label: t('nav.token'), to: '/token' }, { label: title }]}
      width="wide"
    >
      <div className="pg-stack">
        <div className="pg-grid pg-grid--2">
          {blocks.map(([key, icon]) => (
            <ChartCard key={key} titleKey={key} icon={icon} />
          ))}
        </div>
        <Note>{t('app.token.note')}</Note>
      </div>
    </PageFrame>
  );
}

export function RevSharePage() {
  const { t } = useTranslation();
  const title = t('nav.revShare');
  return (
    <PageFrame
      title={title}
      subtitle={t('app.token.revShareSubtitle')}
      breadcrumbs={[{ label: t('nav.token'), to: '/token' }, { label: title }]}
    >
      <div className="pg-stack">
        <section className="pg-hero">
          <h2>{t('app.token.revShareHeading')}</h2>
          <p>{t('app.token.revShareText')}</p>
        </section>
        <div className="pg-grid pg-grid--2">
          <ChartCard titleKey="app.token.charts.casino" icon={<BarChart3 size={18} />} />
          <ChartCard titleKey="app.token.charts.payouts" icon={<PiggyBank size={18} />} />
        </div>
        <Note>{t('app.token.note')}</Note>
      </div>
    </PageFrame>
  );
}
