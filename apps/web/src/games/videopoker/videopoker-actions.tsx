/**
 * Video poker's sidebar Action: Draw, which sends the holds chosen on the board. Enabled only while a
 * dealt round waits for its draw and no call is in flight.
 */
import type { VideoPokerParams, VideoPokerView } from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import { useHolds } from './hold-store';
import './texts';
import './videopoker.css';
import { useTranslation } from '../../lib/i18n';

/** The Draw button (`videopoker-draw`). */
export function VideoPokerActions({
  round,
  busy,
  turn,
}: ExtendedBoardProps<VideoPokerParams, VideoPokerView>) {
  const { t } = useTranslation();
  const open = round?.state === 'in-progress' && round.view.held === null;
  const [held] = useHolds(open ? round.betId : null);
  const replaced = held.filter((keep) => !keep).length;
  return (
    <div className="vp-actions">
      <button
        type="button"
        className="vp-draw"
        data-testid="videopoker-draw"
        disabled={!open || busy}
        onClick={() => {
          if (open && !busy) turn({ hold: [...held] });
        }}
      >
        <span className="vp-draw__label">{t('videoPokerUi.draw')}</span>
        {open && (
          <span className="vp-draw__sub">
            {replaced === 0 ? t('videoPokerUi.drawNone') : t('videoPokerUi.drawCount', { count: replaced })}
          </span>
        )}
      </button>
    </div>
  );
}
