/**
 * The tower board: 9 levels stacked bottom to top, each labelled with the multiplier it pays once
 * climbed. The playable level glows; its tiles are buttons while the round is open and no call is in
 * flight. A safe pick pops a gem, a bomb explodes, and once the round ends the whole tower turns over,
 * rippling out from where it ended.
 */
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import {
  TOWER_DIFFICULTIES,
  TOWER_LEVELS,
  type TowerDifficulty,
  type TowerParams,
  type TowerState,
  type TowerView,
  towerMultiplier,
  towerShape,
} from '@nebula/games';
import { formatDisplay } from '../kit/format';
import type { ExtendedBoardProps, ExtendedRoundView } from '../types';
import {
  type LadderModel,
  type LadderTileModel,
  ladderModel,
  rowMultiplierText,
  shownLadderRound,
  useChangedSinceAnswer,
} from './ladder-model';
import { TowerBomb, TowerFlag, TowerGem } from './tower-icons';
import './texts';
import './tower.css';
import './tower-tiles.css';
import { useTranslation } from '../../lib/i18n';

/** What the frame hands the tower board: the view while open, the full state once ended. */
export type TowerRoundData = TowerView | TowerState;

/** The difficulty a round was played on, if its view says so. */
export function roundDifficulty(view: unknown): TowerDifficulty | null {
  const difficulty = (view as Partial<TowerView> | null)?.difficulty;
  return TOWER_DIFFICULTIES.includes(difficulty as TowerDifficulty) ? (difficulty as TowerDifficulty) : null;
}

interface Pending {
  key: number;
  level: number;
  index: number;
}

/** Board of the tower game (`tower-board`; tiles `tower-tile` with data-level, data-index, data-state). */
export function TowerBoard({
  params,
  setParams,
  locked,
  round,
  roundKey,
  turn,
  busy,
  houseEdgeBps,
  sound,
}: ExtendedBoardProps<TowerParams, TowerRoundData>) {
  const { t } = useTranslation();
  const played = round ? roundDifficulty(round.view) : null;
  // An ended round gives way to an idle board once the controls move to other params.
  const changed = useChangedSinceAnswer(roundKey, params.difficulty) && played !== params.difficulty;
  const shown = played === null ? null : shownLadderRound(round, changed);
  const difficulty = (shown && played) ?? params.difficulty;
  const model = useMemo(
    () =>
      ladderModel({
        shape: towerShape(difficulty),
        round: shown,
        multiplier: (levels) => towerMultiplier(difficulty, levels, houseEdgeBps),
      }),
    [difficulty, shown, houseEdgeBps],
  );
  const [pending, setPending] = useState<Pending | null>(null);

  // A round restored after a reload may have been opened with other params than the controls start
  // with: once it ends (the controls unlock), they follow it, so the next bet plays what the player chose.
  const restored = round?.last === 'restore' ? roundDifficulty(round.view) : null;
  const follow = useRef<TowerDifficulty | null>(null);
  useEffect(() => {
    if (restored !== null) follow.current = restored;
  }, [restored]);
  useEffect(() => {
    const wanted = follow.current;
    if (wanted === null || locked) return;
    follow.current = null;
    if (wanted !== params.difficulty) setParams({ ...params, difficulty: wanted });
  }, [locked, params, setParams]);
  const voiced = useRef(roundKey);

  // Every answer: a rising pop per safe level, a rumble for the bomb, a high pop at the top.
  useEffect(() => {
    if (voiced.current === roundKey || !round) return;
    voiced.current = roundKey;
    if (round.last === 'continue') sound.play('pop', { pitch: 1 + model.climbed * 0.07 });
    else if (round.last === 'finish') sound.play('pop', { pitch: 1.8 });
    else if (round.last === 'lose') sound.play('roll', { pitch: 0.6 });
  }, [roundKey, round, model.climbed, sound]);

  const waiting = busy && pending?.key === roundKey ? pending : null;

  function pick(level: number, index: number): void {
    if (busy || model.current !== level) return;
    setPending({ key: roundKey, level, index });
    sound.play('tick');
    turn({ tile: index });
  }

  const { tiles } = towerShape(difficulty);
  return (
    <div
      className={clsx('tower', `tower--${difficulty}`, model.outcome && `is-${model.outcome}`)}
      data-testid="tower-board"
      data-difficulty={difficulty}
      data-phase={model.phase}
      data-outcome={model.outcome ?? undefined}
      style={{ '--tower-tiles': tiles, '--tower-delay': `${revealStep(shown)}ms` } as CSSProperties}
    >
      <div className="tower__head">
        <span className="tower__badge">{t(`towerUi.difficulties.${difficulty}`)}</span>
        <span className="tower__progress" data-testid="tower-progress">
          {t('towerUi.progress', { climbed: model.climbed, levels: TOWER_LEVELS })}
        </span>
      </div>

      <div className="tower__body">
        <div className={clsx('tower__crest', model.outcome === 'cleared' && 'is-lit')} aria-hidden>
          <TowerFlag className="tower__flag" />
        </div>
        <ol className="tower__levels" key={shown?.betId ?? 'idle'} aria-label={t('towerUi.board')}>
          {model.rows.map((row) => (
            <li
              key={row.row}
              className={clsx('tower__level', `is-${row.status}`)}
              data-level={row.row}
              data-status={row.status}
            >
              <span
                className="tower__mult"
                title={t('towerUi.levelMultiplier', {
                  level: row.row + 1,
                  multiplier: rowMultiplierText(row.multiplier),
                })}
              >
                {rowMultiplierText(row.multiplier)}×
              </span>
              <div className="tower__tiles">
                {row.tiles.map((tile) => (
                  <TowerTile
                    key={tile.index}
                    level={row.row}
                    tile={tile}
                    playable={model.current === row.row && !busy}
                    pending={waiting?.level === row.row && waiting.index === tile.index}
                    onPick={pick}
                  />
                ))}
              </div>
            </li>
          ))}
        </ol>
      </div>

      <p className="tower__foot" aria-live="polite" data-testid="tower-status">
        <FootText model={model} multiplier={shown?.multiplier} />
      </p>
    </div>
  );
}

interface TileProps {
  level: number;
  tile: LadderTileModel;
  playable: boolean;
  pending: boolean;
  onPick(level: number, index: number): void;
}

function TowerTile({ level, tile, playable, pending, onPick }: TileProps) {
  const { t } = useTranslation();
  const label =
    tile.state === 'safe'
      ? 'towerUi.tileSafe'
      : tile.state === 'hazard'
        ? 'towerUi.tileHazard'
        : 'towerUi.tileHidden';
  return (
    <button
      type="button"
      className={clsx(
        'tower__tile',
        `is-${tile.state}`,
        tile.picked && 'is-picked',
        tile.hit && 'is-hit',
        tile.fresh && 'is-fresh',
        tile.shown && 'is-shown',
        pending && 'is-pending',
        playable && 'is-playable',
      )}
      style={{ '--wave': tile.wave } as CSSProperties}
      data-testid="tower-tile"
      data-level={level}
      data-index={tile.index}
      data-state={tile.state}
      aria-label={t(label, { level: level + 1, number: tile.index + 1 })}
      disabled={!playable}
      onClick={() => onPick(level, tile.index)}
    >
      {tile.state === 'safe' && <TowerGem className="tower__face" />}
      {tile.state === 'hazard' && <TowerBomb className="tower__face" />}
      {tile.hit && tile.fresh && <span className="tower__burst" aria-hidden />}
    </button>
  );
}

function FootText({ model, multiplier }: { model: LadderModel; multiplier: string | undefined }) {
  const { t } = useTranslation();
  if (model.phase === 'idle') return <>{t('towerUi.hint')}</>;
  if (model.phase === 'open') return <>{t('towerUi.pickHint', { level: (model.current ?? 0) + 1 })}</>;
  if (model.outcome === 'lost')
    return <strong className="tower__verdict is-lost">{t('towerUi.lost')}</strong>;
  if (model.outcome === 'cleared')
    return <strong className="tower__verdict is-win">{t('towerUi.cleared')}</strong>;
  if (model.outcome === 'taken') {
    return (
      <strong className="tower__verdict is-win">
        {t('towerUi.taken', { multiplier: formatDisplay(Number(multiplier ?? '0'), 2) })}
      </strong>
    );
  }
  return <>{t('towerUi.hint')}</>;
}

/** Milliseconds between the reveal waves: a tenth of the answer's delay (quick mode: nearly at once). */
function revealStep(round: ExtendedRoundView<unknown> | null): number {
  if (!round || round.delay <= 0) return 25;
  return Math.min(90, Math.max(40, Math.round(round.delay / 10)));
}
