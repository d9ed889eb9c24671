/** The protection refusal under the play button (refusal.ts), with the way to the player's limits. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ShieldAlert, X } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { clearRefusal, useRefusal } from './refusal';

/** Where the limits are set (the profile's Responsible gambling section). */
export const LIMITS_PATH = '/profile/settings/responsible';

export function RefusalNotice() {
  const { t } = useTranslation();
  const refusal = useRefusal((state) => state.refusal);
  // Leaving the game forgets it.
  useEffect(() => clearRefusal, []);
  if (!refusal) return null;
  const limit = refusal.reason !== 'self_excluded' && refusal.reason !== 'timed_out';
  return (
    <div className="gf-refusal" role="alert" data-testid="refusal-notice" data-reason={refusal.reason}>
      <ShieldAlert size={18} className="gf-refusal__icon" aria-hidden="true" />
      <div className="gf-refusal__body">
        <strong className="gf-refusal__title">
          {refusal.auto ? t('gameFrame.refusal.autoStopped') : t('gameFrame.refusal.title')}
        </strong>
        <span className="gf-refusal__text" data-testid="refusal-text">
          {refusal.text}
        </span>
        {limit && (
          <Link to={LIMITS_PATH} className="gf-refusal__link">
            {t('gameFrame.refusal.manage')}
          </Link>
        )}
      </div>
      <button
        type="button"
        className="gf-refusal__close"
        onClick={clearRefusal}
        aria-label={t('gameFrame.refusal.dismiss')}
      >
        <X size={14} />
      </button>
    </div>
  );
}
