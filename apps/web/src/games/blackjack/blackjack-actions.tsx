/**
 * Blackjack's decision buttons in the sidebar (above the frame's button): Hit, Stand, Double and Split,
 * each enabled only when the round allows it (`blackjackAllowedActions`, the server's own rule), and
 * while the dealer shows an ace the insurance question with Yes / No instead.
 */
import clsx from 'clsx';
import {
  type BlackjackAction,
  type BlackjackActionName,
  type BlackjackParams,
  type BlackjackState,
  blackjackAllowedActions,
} from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import './texts';
import './blackjack-actions.css';
import { useTranslation } from '../../lib/i18n';

type Move = Exclude<BlackjackActionName, 'insurance'>;
const MOVES: readonly Move[] = ['hit', 'stand', 'double', 'split'];

/** Stroke icons of the decisions (24 x 24, `currentColor`). */
const ICONS: Record<Move, string> = {
  hit: 'M7 4h8a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM11 9v6M8 12h6',
  stand:
    'M6 12.5V8a1.5 1.5 0 0 1 3 0v3M9 11V6a1.5 1.5 0 0 1 3 0v5M12 11V7a1.5 1.5 0 0 1 3 0v5M15 12V9.5a1.5 1.5 0 0 1 3 0V14a6 6 0 0 1-6 6h-1a5 5 0 0 1-4.3-2.5L4.5 14a1.5 1.5 0 0 1 2.5-1.6L9 15',
  double: 'M4 8l5 8M9 8l-5 8M14 10.5a2.5 2.5 0 1 1 4.5 1.5L14 16h5',
  split: 'M12 20v-7M12 13L6 6M12 13l6-7M6 6v4M6 6h4M18 6v4M18 6h-4',
};

/** The blackjack Actions (`blackjack-hit|stand|double|split`, `blackjack-insurance-yes|no`). */
export function BlackjackActions({ round, busy, turn }: ExtendedBoardProps<BlackjackParams, BlackjackState>) {
  const { t } = useTranslation();
  const open = round?.state === 'in-progress';
  const allowed = open ? blackjackAllowedActions(round.view) : [];
  const insurance = allowed.includes('insurance');
  const send = (action: BlackjackAction) => {
    if (!busy && open) turn(action);
  };

  return (
    <div className="bj-actions" role="group" aria-label={t('blackjackUi.actions')}>
      {insurance && (
        <div className="bj-actions__insurance" role="group" aria-label={t('blackjackUi.insurance')}>
          <p className="bj-actions__question">{t('blackjackUi.insurance')}</p>
          <p className="bj-actions__hint">{t('blackjackUi.insuranceHint')}</p>
          <div className="bj-actions__pair">
            <button
              type="button"
              className="bj-action bj-action--yes"
              data-testid="blackjack-insurance-yes"
              disabled={busy}
              onClick={() => send({ action: 'insurance', accept: true })}
            >
              {t('blackjackUi.insuranceYes')}
            </button>
            <button
              type="button"
              className="bj-action bj-action--no"
              data-testid="blackjack-insurance-no"
              disabled={busy}
              onClick={() => send({ action: 'insurance', accept: false })}
            >
              {t('blackjackUi.insuranceNo')}
            </button>
          </div>
        </div>
      )}
      <div className="bj-actions__grid">
        {MOVES.map((move) => (
          <button
            key={move}
            type="button"
            className={clsx('bj-action', `bj-action--${move}`)}
            data-testid={`blackjack-${move}`}
            disabled={busy || !allowed.includes(move)}
            onClick={() => send({ action: move })}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden focusable="false">
              <path
                d={ICONS[move]}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{t(`blackjackUi.${move}`)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
