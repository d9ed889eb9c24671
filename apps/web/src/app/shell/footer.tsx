import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { LEGAL_SECTIONS } from '@nebula/contracts/constants';
import { events } from '../../lib/events';
import { hasPlugin, isSignedIn, useAppStore } from '../../lib/store';
import { LanguagePicker, ThemePicker } from './preferences';
import { CurrencyIcon } from '../../ui';
import { useTranslation } from '../../lib/i18n';

/** The player's Responsible gambling section (profile settings, features/protection). */
export const RESPONSIBLE_GAMBLING_PATH = '/profile/settings/responsible';

interface FooterLink {
  to: string;
  labelKey: string;
}

export function Footer({ onOpenChat }: { onOpenChat: () => void }) {
  const { t } = useTranslation();
  const license = useAppStore((state) => state.license);
  const currencies = useAppStore((state) => state.currencies);
  const signedIn = isSignedIn(useAppStore((state) => state.user));
  const siteName = license?.siteName ?? 'Nebula';

  const platform: FooterLink[] = [
    { to: '/fairness', labelKey: 'footer.fairness' },
    { to: '/vip', labelKey: 'footer.vip' },
    { to: '/partner', labelKey: 'footer.affiliate' },
    { to: '/promotions', labelKey: 'footer.promotions' },
    ...(hasPlugin(license, 'race') ? [{ to: '/leaderboard', labelKey: 'footer.race' }] : []),
    { to: '/token', labelKey: 'footer.token' },
  ];
  // The legal links open the Terms dialog over this page (features/legal/open-legal.ts); a new tab
  // gets the route, which opens it over the home page. Responsible gambling opens the player's own
  // tools (limits, breaks, self-exclusion, help organisations); a guest, who has none, reads the
  // Terms' responsible gambling section.
  const policy: FooterLink[] = [
    { to: '/terms', labelKey: 'footer.termsOfService' },
    { to: '/privacyPolicy', labelKey: 'footer.privacyPolicy' },
    {
      to: signedIn ? RESPONSIBLE_GAMBLING_PATH : `/terms#${LEGAL_SECTIONS.responsibleGambling}`,
      labelKey: 'footer.responsibleGambling',
    },
    { to: `/terms#${LEGAL_SECTIONS.aml}`, labelKey: 'footer.aml' },
  ];

  return (
    <footer className="footer" data-testid="footer">
      {license?.demo && (
        <p className="footer__demo" role="note" data-testid="demo-notice">
          <AlertTriangle size={16} aria-hidden="true" />
          {t('demo.notice')}
        </p>
      )}
      <div className="footer__grid">
        <div className="footer__brand">
          <span className="shell-logo__mark" aria-hidden="true">
            N
          </span>
          <p>{t('app.footer.tagline', { siteName })}</p>
        </div>
        <nav className="footer__group" aria-labelledby="footer-platform">
          <h2 id="footer-platform">{t('footer.platform')}</h2>
          {platform.map((link) => (
            <Link key={link.to} to={link.to}>
              {t(link.labelKey)}
            </Link>
          ))}
        </nav>
        <nav className="footer__group" aria-labelledby="footer-policy">
          <h2 id="footer-policy">{t('footer.policy')}</h2>
          {policy.map((link) => (
            <Link key={link.to} to={link.to}>
              {t(link.labelKey)}
            </Link>
          ))}
          <button type="button" onClick={() => events.emit('open-legal', { doc: 'faq' })}>
            {t('footer.faq')}
          </button>
        </nav>
        <nav className="footer__group" aria-labelledby="footer-community">
          <h2 id="footer-community">{t('footer.community')}</h2>
          <button type="button" onClick={onOpenChat}>
            {t('footer.liveSupport')}
          </button>
          <button type="button" onClick={onOpenChat}>
            {t('nav.chat')}
          </button>
          <Link to="/partner">{t('footer.affiliate')}</Link>
          <Link to="/analytics">{t('nav.analytics')}</Link>
        </nav>
        <div className="footer__group footer__prefs">
          <h2>{t('settings.title')}</h2>
          <LanguagePicker />
          <ThemePicker />
        </div>
      </div>
      {Object.keys(currencies).length > 0 && (
        <div className="footer__currencies" aria-label={t('footer.acceptedCurrencies')}>
          {Object.values(currencies).map((currency) => (
            <span key={currency.id} className="footer__currency" title={currency.name}>
              <CurrencyIcon currency={currency} size={20} />
              <span>{currency.id.replace(/^local_/, '').toUpperCase()}</span>
            </span>
          ))}
        </div>
      )}
      <div className="footer__legal">
        <span className="footer__age" aria-label={t('footer.ageRestriction')}>
          18+
        </span>
        <p>{t('footer.ageNotice')}</p>
      </div>
      <p className="footer__copy">{t('footer.copyright', { year: new Date().getFullYear(), siteName })}</p>
      {/* The offline GeoIP data (territory restrictions) is CC BY 4.0 by the NRO: see NOTICE. */}
      <p className="footer__copy footer__attribution" data-testid="geo-attribution">
        {t('footer.geoData')} (
        <a href="https://www.nro.net/" target="_blank" rel="noopener noreferrer">
          nro.net
        </a>
        ), {t('footer.geoLicence')}{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
          CC BY 4.0
        </a>
        .
      </p>
    </footer>
  );
}
