/**
 * The result card of the Verify tab: the recomputed outcome (a single-round game's outcome, or an
 * extended round's final state and how it ended) and the multiplier, or the reason it cannot be
 * recomputed. A win (more than 1×, as the server's status has it) lights the card up.
 */
import clsx from 'clsx';
import { CircleAlert, ShieldCheck } from 'lucide-react';
import { ONE_RATIO, cmpRatio } from '@nebula/games';
import { ExtendedFacts, ExtendedStateView } from './extended-outcome';
import { OutcomeView } from './outcome-view';
import type { Verification } from './verify-model';
import { useTranslation } from '../../lib/i18n';

/** The outcome card for `verification` of the game named `gameName`. */
export function ResultCard({ gameName, verification }: { gameName: string; verification: Verification }) {
  const { t } = useTranslation();
  const multiplier =
    verification.status === 'ok' || verification.status === 'extended'
      ? verification.result.multiplier
      : null;
  // A win pays more than the wager (as the server's status has it); exactly 1× (a push) is neutral.
  const payoff = multiplier ? cmpRatio(multiplier, ONE_RATIO) : 0;

  return (
    <section
      className={clsx('pg-card fv-card fv-outcome', payoff > 0 && 'is-winning')}
      data-testid="verify-outcome"
      aria-live="polite"
    >
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <ShieldCheck size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.result.title', { game: gameName })}</h2>
          <p className="pg-card__meta">{t('fairnessUi.result.text')}</p>
        </div>
      </div>
      {verification.status === 'ok' || verification.status === 'extended' ? (
        <>
          {verification.status === 'ok' ? (
            <OutcomeView result={verification.result} />
          ) : (
            <>
              <ExtendedStateView result={verification.result} />
              <ExtendedFacts result={verification.result} />
            </>
          )}
          <div className="fv-multiplier">
            <span className="fv-multiplier__label">{t('fairnessUi.result.multiplier')}</span>
            <span className={clsx('fv-multiplier__value', payoff > 0 && 'is-win', payoff < 0 && 'is-loss')}>
              <span data-testid="verify-multiplier">{verification.result.multiplierDecimal}</span>×
            </span>
          </div>
        </>
      ) : verification.status === 'error' ? (
        <p className="fv-error" role="alert" data-testid="verify-error">
          <CircleAlert size={16} aria-hidden="true" />
          <span>
            {t(verification.errorKey)}
            {verification.detail && <span className="fv-error__detail">{verification.detail}</span>}
          </span>
        </p>
      ) : (
        <p className="fv-empty">{t('fairnessUi.result.empty')}</p>
      )}
    </section>
  );
}
