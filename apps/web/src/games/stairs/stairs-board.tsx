/**
 * The stairs board: 13 rows of 7 stones climbing diagonally (each row a third of a stone further
 * right), a multiplier ruler on the left and a climber token that hops onto every stone it steps on.
 * Crumbling stones crack and fall when revealed; the one the climber stepped on takes it down with it.
 */
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import { PersonStanding } from 'lucide-react';
import {
  STAIRS_MAX_HAZARDS,
  STAIRS_MIN_HAZARDS,
  STAIRS_ROWS,
  STAIRS_STONES,
  type StairsParams,
  type StairsState,
  type StairsView,
  stairsMultiplier,
  stairsShape,
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
} from '../tower/ladder-model';
import { StoneCracks } from './stone-cracks';
import './texts';
import './stairs.css';
import './stairs-stones.css';
import { useTranslation } from '../../lib/i18n';

/** What the frame hands the stairs board: the view while open, the full state once ended. */
export type StairsRoundData = StairsView | StairsState;

/** Each row starts this many stones further right than the one below. */
export const STAIRS_SHIFT = 1 / 3;
/** The staircase's width in stones. */
const SPAN = STAIRS_STONES + (STAIRS_ROWS - 1) * STAIRS_SHIFT;

/** The hazard count a round was played with, if its view says so. */
export function roundHazards(view: unknown): number | null {
  const hazards = (view as Partial<StairsView> | null)?.hazards;
  return Number.isInteger(hazards) &&
    (hazards as number) >= STAIRS_MIN_HAZARDS &&
    (hazards as number) <= STAIRS_MAX_HAZARDS
    ? (hazards as number)
    : null;
}

/** Where the climber stands: on the last stone that held (or fell), else on the ground at the middle. */
export function climberSpot(picks: readonly number[]): { row: number; index: number } {
  if (picks.length === 0) return { row: -1, index: (STAIRS_STONES - 1) / 2 };
  return { row: picks.length - 1, index: picks[picks.length - 1] as number };
}

interface Pending {
  key: number;
  row: number;
  index: number;
}

/** Board of the stairs game (`stairs-board`; stones `stairs-stone` with data-row, data-index, data-state). */
export function StairsBoard({
  params,
  setParams,
  locked,
  round,
  roundKey,
  turn,
  busy,
  houseEdgeBps,
  sound,
}: ExtendedBoardProps<StairsParams, StairsRoundData>) {
  const { t } = useTranslation();
  const played = round ? roundHazards(round.view) : null;
  // An ended round gives way to an idle board once the controls move to other params.
  const changed = useChangedSinceAnswer(roundKey, params.hazards) && played !== params.hazards;
  const shown = played === null ? null : shownLadderRound(round, changed);
  const hazards = (shown && played) ?? params.hazards;
  const model = useMemo(
    () =>
      ladderModel({
        shape: stairsShape(hazards),
        round: shown,
        multiplier: (rows) => stairsMultiplier(hazards, rows, houseEdgeBps),
      }),
    [hazards, shown, houseEdgeBps],
  );
  const [pending, setPending] = useState<Pending | null>(null);

  // A round restored after a reload may have been opened with other params than the controls start
  // with: once it ends (the controls unlock), they follow it, so the next bet plays what the player chose.
  const restored = round?.last === 'restore' ? roundHazards(round.view) : null;
  const follow = useRef<number | null>(null);
  useEffect(() => {
    if (restored !== null) follow.current = restored;
  }, [restored]);
  useEffect(() => {
    const wanted = follow.current;
    if (wanted === null || locked) return;
    follow.current = null;
    if (wanted !== params.hazards) setParams({ ...params, hazards: wanted });
  }, [locked, params, setParams]);
  const voiced = useRef(roundKey);

  useEffect(() => {
    if (voiced.current === roundKey || !round) return;
    voiced.current = roundKey;
    if (round.last === 'continue') sound.play('pop', { pitch: 0.9 + model.climbed * 0.05 });
    else if (round.last === 'finish') sound.play('pop', { pitch: 1.7 });
    else if (round.last === 'lose') sound.play('roll', { pitch: 0.5 });
  }, [roundKey, round, model.climbed, sound]);

  const waiting = busy && pending?.key === roundKey ? pending : null;
  const picks = shown?.view.picks ?? [];
  const spot = climberSpot(picks);

  function step(row: number, index: number): void {
    if (busy || model.current !== row) return;
    setPending({ key: roundKey, row, index });
    sound.play('tick');
    turn({ stone: index });
  }

  return (
    <div
      className={clsx('stairs', model.outcome && `is-${model.outcome}`)}
      data-testid="stairs-board"
      data-hazards={hazards}
      data-phase={model.phase}
      data-outcome={model.outcome ?? undefined}
      style={{ '--stairs-span': SPAN, '--stairs-delay': `${revealStep(shown)}ms` } as CSSProperties}
    >
      <div className="stairs__head">
        <span className="stairs__badge">
          <StoneCracks className="stairs__badge-icon" />
          {hazards} / {STAIRS_STONES}
        </span>
        <span className="stairs__progress" data-testid="stairs-progress">
          {t('stairsUi.progress', { climbed: model.climbed, rows: STAIRS_ROWS })}
        </span>
      </div>

      <div className="stairs__scene">
        <ol className="stairs__ruler" aria-hidden>
          {model.rows.map((row) => (
            <li
              key={row.row}
              className={clsx('stairs__mark', `is-${row.status}`)}
              style={{ '--row': row.row } as CSSProperties}
              title={t('stairsUi.rowMultiplier', {
                row: row.row + 1,
                multiplier: rowMultiplierText(row.multiplier),
              })}
            >
              {rowMultiplierText(row.multiplier)}×
            </li>
          ))}
        </ol>

        <div className="stairs__flight" key={shown?.betId ?? 'idle'}>
          <ol className="stairs__rows" aria-label={t('stairsUi.board')}>
            {model.rows.map((row) => (
              <li
                key={row.row}
                className={clsx('stairs__row', `is-${row.status}`)}
                style={{ '--row': row.row } as CSSProperties}
                data-row={row.row}
                data-status={row.status}
              >
                {row.tiles.map((tile) => (
                  <Stone
                    key={tile.index}
                    row={row.row}
                    tile={tile}
                    playable={model.current === row.row && !busy}
                    pending={waiting?.row === row.row && waiting.index === tile.index}
                    onStep={step}
                  />
                ))}
              </li>
            ))}
          </ol>
          <span
            className={clsx(
              'stairs__climber',
              model.outcome === 'lost' && 'is-falling',
              model.outcome === 'cleared' && 'is-cheering',
              model.phase === 'idle' && 'is-idle',
            )}
            style={
              {
                '--row': Math.max(0, spot.row),
                '--col': spot.index,
                '--on-stone': spot.row >= 0 ? 1 : 0,
              } as CSSProperties
            }
            data-testid="stairs-climber"
            data-row={spot.row}
            aria-label={t('stairsUi.climber', { row: Math.max(0, spot.row + 1) })}
            role="img"
          >
            <span className="stairs__climber-body" key={`${spot.row}:${spot.index}`}>
              <PersonStanding size={18} strokeWidth={2.4} aria-hidden />
            </span>
          </span>
        </div>
      </div>

      <p className="stairs__foot" aria-live="polite" data-testid="stairs-status">
        <FootText model={model} multiplier={shown?.multiplier} />
      </p>
    </div>
  );
}

interface StoneProps {
  row: number;
  tile: LadderTileModel;
  playable: boolean;
  pending: boolean;
  onStep(row: number, index: number): void;
}

function Stone({ row, tile, playable, pending, onStep }: StoneProps) {
  const { t } = useTranslation();
  const label =
    tile.state === 'safe'
      ? 'stairsUi.stoneSafe'
      : tile.state === 'hazard'
        ? 'stairsUi.stoneHazard'
        : 'stairsUi.stoneHidden';
  return (
    <button
      type="button"
      className={clsx(
        'stairs__stone',
        `is-${tile.state}`,
        tile.picked && 'is-picked',
        tile.hit && 'is-hit',
        tile.fresh && 'is-fresh',
        tile.shown && 'is-shown',
        pending && 'is-pending',
        playable && 'is-playable',
      )}
      style={{ '--wave': tile.wave } as CSSProperties}
      data-testid="stairs-stone"
      data-row={row}
      data-index={tile.index}
      data-state={tile.state}
      aria-label={t(label, { row: row + 1, number: tile.index + 1 })}
      disabled={!playable}
      onClick={() => onStep(row, tile.index)}
    >
      <span className="stairs__slab">
        {tile.state === 'hazard' && <StoneCracks className="stairs__cracks" />}
      </span>
    </button>
  );
}

function FootText({ model, multiplier }: { model: LadderModel; multiplier: string | undefined }) {
  const { t } = useTranslation();
  if (model.phase === 'idle') return <>{t('stairsUi.hint')}</>;
  if (model.phase === 'open') return <>{t('stairsUi.pickHint', { row: (model.current ?? 0) + 1 })}</>;
  if (model.outcome === 'lost')
    return <strong className="stairs__verdict is-lost">{t('stairsUi.lost')}</strong>;
  if (model.outcome === 'cleared')
    return <strong className="stairs__verdict is-win">{t('stairsUi.cleared')}</strong>;
  if (model.outcome === 'taken') {
    return (
      <strong className="stairs__verdict is-win">
        {t('stairsUi.taken', { multiplier: formatDisplay(Number(multiplier ?? '0'), 2) })}
      </strong>
    );
  }
  return <>{t('stairsUi.hint')}</>;
}

/** Milliseconds between the reveal waves (quick mode: nearly at once). */
function revealStep(round: ExtendedRoundView<unknown> | null): number {
  if (!round || round.delay <= 0) return 20;
  return Math.min(70, Math.max(30, Math.round(round.delay / 14)));
}
