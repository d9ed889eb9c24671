import { Link } from 'react-router';
import { Ban, ShieldAlert } from 'lucide-react';
import { EmptyState, PageFrame } from '../../ui';
import './error-pages.css';
import { useTranslation } from '../../lib/i18n';

function HomeLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="ui-btn ui-btn--primary ui-btn--md">
      <span className="ui-btn__content">
        <span className="ui-btn__label">{t('license.backHome')}</span>
      </span>
    </Link>
  );
}

/** /error/1: the licence is invalid, shown inside the shell. */
export function LicenseErrorPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('license.invalidTitle')}
      breadcrumbs={[{ label: t('license.invalidTitle') }]}
      width="narrow"
    >
      <EmptyState
        size="page"
        tone="error"
        icon={<ShieldAlert size={44} />}
        title={t('license.invalidTitle')}
        text={
          <>
            {t('license.invalidText')}
            <br />
            <span className="error-page__code">{t('license.errorCode', { code: 1 })}</span>
          </>
        }
      />
    </PageFrame>
  );
}

function StandaloneError({
  icon,
  title,
  text,
  code,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  code: string;
}) {
  const { t } = useTranslation();
  return (
    <main className="error-standalone">
      <title>{title}</title>
      <div className="error-standalone__card">
        <div className="error-standalone__icon" aria-hidden="true">
          {icon}
        </div>
        <h1>{title}</h1>
        <p>{text}</p>
        <p className="error-page__code">{t('license.errorCode', { code })}</p>
        <HomeLink />
      </div>
    </main>
  );
}

/** /error/noLayout/1: invalid licence, rendered without the shell. */
export function LicenseErrorNoLayoutPage() {
  const { t } = useTranslation();
  return (
    <StandaloneError
      icon={<ShieldAlert size={40} />}
      title={t('license.invalidTitle')}
      text={t('license.invalidText')}
      code="1"
    />
  );
}

/** /error/slotUnavailable: access denied, rendered without the shell. */
export function SlotUnavailablePage() {
  const { t } = useTranslation();
  return (
    <StandaloneError
      icon={<Ban size={40} />}
      title={t('license.slotUnavailableTitle')}
      text={t('license.slotUnavailableText')}
      code="slotUnavailable"
    />
  );
}
