import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { Spinner } from '../../ui';
import { useAppStore } from '../../lib/store';

/** Shown while the events server is unreachable (spec 1 section 4, spec 3 section 2). */
export function ConnectionWindow() {
  const { t } = useTranslation();
  const connection = useAppStore((state) => state.connection);
  const ignored = useAppStore((state) => state.connectionBannerIgnored);
  const setSetting = useAppStore((state) => state.setSetting);
  if (connection !== 'disconnected' || ignored) return null;
  return (
    <div className="connection-window" role="alert" data-testid="connection-window">
      <div className="connection-window__head">
        <WifiOff size={18} aria-hidden="true" />
        <strong>{t('connection.title')}</strong>
      </div>
      <p className="connection-window__line">
        <Spinner size="sm" />
        {t('connection.eventsServer')}
      </p>
      <p className="connection-window__text">{t('connection.text')}</p>
      <button
        type="button"
        className="connection-window__ignore"
        onClick={() => setSetting('connectionBannerIgnored', true)}
      >
        {t('connection.ignore')}
      </button>
    </div>
  );
}
