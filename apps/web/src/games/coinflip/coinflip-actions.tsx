/**
 * Coinflip's call buttons in the sidebar (above Take / Cancel): Heads and Tails, each with the 50%
 * chance and the multiplier the next right call reaches. Disabled while a call is in flight or no
 * round is open.
 */
import {
  COINFLIP_MAX_FLIPS,
  COINFLIP_SIDES,
  type CoinflipParams,
  type CoinflipState,
  coinflipMultiplier,
  coinflipStreak,
} from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import { CoinEmblem } from './coin';
import { isOpen, multiplierText } from './coinflip-model';
import './texts';
import './coinflip-actions.css';
import { useTranslation } from '../../lib/i18n';

/** The coinflip Actions (`coinflip-heads`, `coinflip-tails`). */
export function CoinflipActions({
  round,
  busy,
  turn,
  houseEdgeBps,
}: ExtendedBoardProps<CoinflipParams, CoinflipState>) {
  const { t } = useTranslation();
  const open = isOpen(round);
  const streak = open ? coinflipStreak(round.view) : 0;
  const next = open && streak < COINFLIP_MAX_FLIPS ? coinflipMultiplier(streak + 1, houseEdgeBps) : null;
  const disabled = busy || !open || !next;

  return (
    <div className="coinflip-actions" role="group" aria-label={t('gameCoinflip.actions')}>
      {COINFLIP_SIDES.map((side) => (
        <button
          key={side}
          type="button"
          className={`coinflip-action coinflip-action--${side}`}
          data-testid={`coinflip-${side}`}
          disabled={disabled}
          onClick={() => {
            if (!disabled) turn({ side });
          }}
        >
          <span className="coinflip-action__coin">
            <CoinEmblem side={side} className="coinflip-action__emblem" />
          </span>
          <span className="coinflip-action__label">{t(`gameCoinflip.side.${side}`)}</span>
          <span className="coinflip-action__odds">
            <span className="coinflip-action__multiplier">{next ? `${multiplierText(next)}×` : '–'}</span>
            <span className="coinflip-action__chance">{next ? '50%' : ''}</span>
          </span>
        </button>
      ))}
    </div>
  );
}
