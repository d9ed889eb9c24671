import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';

/** Full wordmark, or the mini mark at widths of 991 px or less (spec 2 section 2). */
export function Logo({ mini = false }: { mini?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="shell-logo" aria-label={t('header.logoAlt')}>
      <span className="shell-logo__mark" aria-hidden="true">
        N
      </span>
      {!mini && (
        <span className="shell-logo__word" aria-hidden="true">
          nebula
        </span>
      )}
    </Link>
  );
}
