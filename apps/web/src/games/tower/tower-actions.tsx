/** Tower's sidebar actions while a round is open: 'Random tile'. */
import { type TowerParams, towerShape } from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import { RandomPickButton } from './ladder-actions';
import { isLadderView } from './ladder-model';
import { type TowerRoundData, roundDifficulty } from './tower-board';
import { useTranslation } from '../../lib/i18n';

/** A random tile of the next level, sent like a click (`tower-random`); nothing while no round is open. */
export function TowerActions({ round, busy, turn }: ExtendedBoardProps<TowerParams, TowerRoundData>) {
  const { t } = useTranslation();
  const difficulty = round ? roundDifficulty(round.view) : null;
  if (!round || round.state !== 'in-progress' || !difficulty || !isLadderView(round.view)) return null;
  const shape = towerShape(difficulty);
  return (
    <RandomPickButton
      count={shape.tiles}
      enabled={!busy && round.view.picks.length < shape.rows}
      label={t('towerUi.random')}
      testId="tower-random"
      onPick={(tile) => turn({ tile })}
    />
  );
}
