/** Stairs' sidebar actions while a round is open: 'Random stone'. */
import { STAIRS_ROWS, STAIRS_STONES, type StairsParams } from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import { RandomPickButton } from '../tower/ladder-actions';
import { isLadderView } from '../tower/ladder-model';
import type { StairsRoundData } from './stairs-board';
import { useTranslation } from '../../lib/i18n';

/** A random stone of the next row, sent like a click (`stairs-random`); nothing while no round is open. */
export function StairsActions({ round, busy, turn }: ExtendedBoardProps<StairsParams, StairsRoundData>) {
  const { t } = useTranslation();
  if (!round || round.state !== 'in-progress' || !isLadderView(round.view)) return null;
  return (
    <RandomPickButton
      count={STAIRS_STONES}
      enabled={!busy && round.view.picks.length < STAIRS_ROWS}
      label={t('stairsUi.random')}
      testId="stairs-random"
      onPick={(stone) => turn({ stone })}
    />
  );
}
