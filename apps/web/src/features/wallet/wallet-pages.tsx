import { Link } from 'react-router';
import { CreditCard, Info, Link2, Wallet } from 'lucide-react';
import { Button, PageFrame, Spinner } from '../../ui';
import './wallet.css';
import { useTranslation } from '../../lib/i18n';

/** /crypto: buy crypto with a card through a partner. */
export function CryptoPage() {
  const { t } = useTranslation();
  const title = t('nav.buyCrypto');
  return (
    <PageFrame
      title={title}
      subtitle={t('app.crypto.subtitle')}
      breadcrumbs={[{ label: title }]}
      width="narrow"
    >
      <div className="pg-stack">
        <section className="pg-card pg-form">
          <label className="pg-field">
            <span>{t('app.crypto.spend')}</span>
            <input type="text" inputMode="decimal" defaultValue="100" className="pg-mono" disabled />
          </label>
          <label className="pg-field">
            <span>{t('app.crypto.receive')}</span>
            <select disabled defaultValue="btc">
              <option value="btc">BTC</option>
              <option value="eth">ETH</option>
              <option value="usdt">USDT</option>
            </select>
          </label>
          <Button size="lg" fullWidth icon={<CreditCard size={18} />} disabled>
            {t('app.crypto.buy')}
          </Button>
        </section>
        <p className="pg-note">
          <Info size={16} aria-hidden="true" />
          <span>{t('app.crypto.note')}</span>
        </p>
      </div>
    </PageFrame>
  );
}

/** /walletconnect: the embedded wallet-connect frame (no shell). */
export function WalletConnectPage() {
  const { t } = useTranslation();
  return (
    <main className="wc-page">
      <title>{t('app.walletconnect.title')}</title>
      <div className="wc-card">
        <span className="wc-card__icon" aria-hidden="true">
          <Link2 size={28} />
        </span>
        <h1>{t('app.walletconnect.title')}</h1>
        <p>{t('app.walletconnect.text')}</p>
        <div className="wc-card__status">
          <Spinner size="sm" />
          <span>{t('app.walletconnect.waiting')}</span>
        </div>
        <Button variant="secondary" icon={<Wallet size={16} />} disabled fullWidth>
          {t('app.walletconnect.connect')}
        </Button>
        <Link to="/" className="wc-card__back">
          {t('license.backHome')}
        </Link>
      </div>
    </main>
  );
}
