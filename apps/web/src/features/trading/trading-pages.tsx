import { useState } from 'react';
import { useParams } from 'react-router';
import { Info } from 'lucide-react';
import { Button, EmptyState, PageFrame, Tabs } from '../../ui';
import './trading.css';
import { useTranslation } from '../../lib/i18n';

function Note({ children }: { children: React.ReactNode }) {
  return (
    <p className="pg-note">
      <Info size={16} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** /trading and /trading/all: the tickers list. */
export function TradingPage() {
  const { t } = useTranslation();
  const title = t('nav.trading');
  return (
    <PageFrame
      title={title}
      subtitle={t('app.trading.subtitle')}
      breadcrumbs={[{ label: title }]}
      width="wide"
    >
      <div className="pg-stack">
        <div className="pg-table-wrap">
          <table className="pg-table">
            <thead>
              <tr>
                <th>{t('app.trading.ticker')}</th>
                <th>{t('app.trading.price')}</th>
                <th>{t('app.trading.change')}</th>
                <th>{t('app.trading.volume')}</th>
              </tr>
            </thead>
            <tbody>
              {/* No ticker feed is connected yet: the table says so instead of placeholder rows. */}
              <tr>
                <td colSpan={4}>
                  <EmptyState title={t('errors.noData')} />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <Note>{t('app.trading.note')}</Note>
      </div>
    </PageFrame>
  );
}

/** /trading/{ticker}: chart and the bet panel with the ROI calculator frame. */
export function TradingTickerPage() {
  const { t } = useTranslation();
  const { ticker = '' } = useParams();
  const name = decodeURIComponent(ticker).toUpperCase();
  const [side, setSide] = useState<'up' | 'down'>('up');
  return (
    <PageFrame
      title={name}
      breadcrumbs={[{ label: t('nav.trading'), to: '/trading/all' }, { label: name }]}
      width="wide"
    >
      <div className="trading-layout">
        <section className="pg-card trading-chart">
          <EmptyState title={t('errors.noData')} />
        </section>
        <aside className="pg-card trading-panel">
          <Tabs
            fullWidth
            tabs={[
              { id: 'up', label: t('app.trading.up') },
              { id: 'down', label: t('app.trading.down') },
            ]}
            value={side}
            onChange={setSide}
            aria-label={t('app.trading.direction')}
          />
          <label className="pg-field">
            <span>{t('game.betAmount')}</span>
            <input type="text" inputMode="decimal" defaultValue="10" className="pg-mono" disabled />
          </label>
          <label className="pg-field">
            <span>{t('app.trading.multiplier')}</span>
            <input type="text" inputMode="decimal" defaultValue="200" className="pg-mono" disabled />
          </label>
          <Button fullWidth size="lg" disabled>
            {t('app.trading.placeBet')}
          </Button>
          <Note>{t('app.trading.note')}</Note>
        </aside>
      </div>
    </PageFrame>
  );
}
