/**
 * Hilo's decision buttons in the sidebar (above Take / Cancel): Higher or same, Lower or same and Same
 * with the chance and the multiplier each would reach, and Skip card with the skips left. Disabled
 * while a call is in flight or no round is open.
 */
import clsx from 'clsx';
import { HILO_MAX_SKIPS, type HiloAction, type HiloParams, type HiloState, hiloSkips } from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import { guessOdds, isOpen } from './hilo-model';
import { DecisionIcon } from './icons';
import './texts';
import './hilo-actions.css';
import { useTranslation } from '../../lib/i18n';

/** The hilo Actions (`hilo-higher`, `hilo-lower`, `hilo-equal`, `hilo-skip`). */
export function HiloActions({ round, busy, turn, houseEdgeBps }: ExtendedBoardProps<HiloParams, HiloState>) {
  const { t } = useTranslation();
  const open = isOpen(round);
  const odds = open ? guessOdds(round.view, houseEdgeBps) : null;
  const skipsLeft = open ? HILO_MAX_SKIPS - hiloSkips(round.view.cards) : HILO_MAX_SKIPS;
  const disabled = busy || !open;
  const send = (action: HiloAction) => {
    if (!disabled) turn(action);
  };

  return (
    <div className="hilo-actions" role="group" aria-label={t('gameHilo.actions')}>
      {(['higher', 'lower', 'equal'] as const).map((guess, i) => {
        const odd = odds?.[i];
        return (
          <button
            key={guess}
            type="button"
            className={clsx('hilo-action', `hilo-action--${guess}`)}
            data-testid={`hilo-${guess}`}
            data-chance={odd?.chance ?? ''}
            disabled={disabled}
            onClick={() => send({ guess })}
          >
            <span className="hilo-action__icon">
              <DecisionIcon decision={guess} />
            </span>
            <span className="hilo-action__label">{t(`gameHilo.guess.${guess}`)}</span>
            <span className="hilo-action__odds">
              <span className="hilo-action__multiplier">{odd ? `${odd.multiplier}×` : '–'}</span>
              <span className="hilo-action__chance">{odd ? `${odd.chance}%` : ''}</span>
            </span>
          </button>
        );
      })}
      <button
        type="button"
        className="hilo-action hilo-action--skip"
        data-testid="hilo-skip"
        disabled={disabled || skipsLeft <= 0}
        onClick={() => send({ skip: true })}
      >
        <span className="hilo-action__icon">
          <DecisionIcon decision="skip" />
        </span>
        <span className="hilo-action__label">{t('gameHilo.skip')}</span>
        <span className="hilo-action__odds">
          <span className="hilo-action__chance">{t('gameHilo.skipsLeft', { count: skipsLeft })}</span>
        </span>
      </button>
    </div>
  );
}
