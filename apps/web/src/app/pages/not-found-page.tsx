import { Link, useLocation } from 'react-router';
import { Gamepad2, Home } from 'lucide-react';
import './not-found-page.css';
import { useTranslation } from '../../lib/i18n';

/** Any unknown path (and plugin pages whose plugin is off). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="not-found" data-testid="not-found" aria-labelledby="not-found-title">
      <title>{`${t('notFound.title')} · Nebula`}</title>
      <div className="not-found__glow" aria-hidden="true" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <p className="not-found__path">
        <code>{pathname}</code>
      </p>
      <div className="not-found__actions">
        <Link to="/" className="ui-btn ui-btn--primary ui-btn--lg">
          <span className="ui-btn__content">
            <span className="ui-btn__icon">
              <Home size={18} />
            </span>
            <span className="ui-btn__label">{t('notFound.backHome')}</span>
          </span>
        </Link>
        <Link to="/casino/originals" className="ui-btn ui-btn--secondary ui-btn--lg">
          <span className="ui-btn__content">
            <span className="ui-btn__icon">
              <Gamepad2 size={18} />
            </span>
            <span className="ui-btn__label">{t('notFound.browseGames')}</span>
          </span>
        </Link>
      </div>
    </section>
  );
}
