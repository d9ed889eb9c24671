/** The last rounds strip: a pill per busted round, coloured by its crash point; a click shows its hash. */
import clsx from 'clsx';
import type { CrashResult } from '@nebula/contracts';
import { formatMultiplier } from '../frame/result-popup';
import { pillTone } from './crash-format';
import { useTranslation } from '../../lib/i18n';

/** Pills shown at most (the strip scrolls sideways on narrow screens). */
export const STRIP_PILLS = 20;

export function CrashStrip({ history, onOpen }: { history: CrashResult[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="crash-strip" aria-label={t('gameCrash.strip.title')} data-testid="crash-strip">
      <ol className="crash-strip__list">
        {history.slice(0, STRIP_PILLS).map((result, index) => (
          <li key={result.id} className={clsx('crash-strip__item', index === 0 && 'is-newest')}>
            <button
              type="button"
              className={clsx('crash-pill', `crash-pill--${pillTone(result.crashPoint)}`)}
              onClick={() => onOpen(result.id)}
              aria-label={t('gameCrash.strip.open', {
                id: result.id,
                multiplier: formatMultiplier(result.crashPoint),
              })}
              data-testid="crash-pill"
              data-round={result.id}
              data-value={result.crashPoint}
            >
              {formatMultiplier(result.crashPoint)}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
