import { Link } from 'react-router';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';

export interface TokenQuote {
  symbol: string;
  /** 24h change in percent. */
  change24h: number;
  priceUsd: number;
}

/** Sidebar token widget (spec 1 section 2.3): symbol, 24h change with an arrow, USD price. */
export function TokenWidget({ quote, collapsed }: { quote?: TokenQuote; collapsed?: boolean }) {
  const { t } = useTranslation();
  const isUp = (quote?.change24h ?? 0) >= 0;
  return (
    <Link
      to="/token"
      className={`token-widget${collapsed ? ' is-collapsed' : ''}`}
      aria-label={t('nav.token')}
      data-testid="token-widget"
    >
      <span className="token-widget__logo" aria-hidden="true">
        N
      </span>
      {!collapsed && (
        <span className="token-widget__body">
          {quote ? (
            <>
              <span className="token-widget__row">
                <strong>{quote.symbol}</strong>
                <span className={`token-widget__change ${isUp ? 'is-up' : 'is-down'}`}>
                  {isUp ? (
                    <TrendingUp size={12} aria-hidden="true" />
                  ) : (
                    <TrendingDown size={12} aria-hidden="true" />
                  )}
                  {isUp ? '+' : ''}
                  {quote.change24h.toFixed(2)}%
                </span>
              </span>
              <span className="token-widget__price">
                ${quote.priceUsd.toFixed(quote.priceUsd < 1 ? 6 : 2)}
              </span>
            </>
          ) : (
            // No price source is connected: say so rather than show a placeholder forever.
            <>
              <strong className="token-widget__row">{t('nav.token')}</strong>
              <span
                className="token-widget__price token-widget__price--none"
                data-testid="token-widget-empty"
              >
                {t('errors.noData')}
              </span>
            </>
          )}
        </span>
      )}
    </Link>
  );
}
