/**
 * The mines board: the strip (current and next multiplier), a 5x5 grid of tiles and the multiplier
 * ladder. While a round is open, hidden tiles are buttons that reveal themselves (`turn({cell})`);
 * a gem pops out with a flip, a mine explodes, and once the round has ended the whole board is revealed
 * in a ripple from the last tile (gems not found and mines dimmed). Before a round the tiles are inert
 * under a hint.
 */
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import type { MinesParams, MinesState, MinesView } from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import { type TileModel, boardModel } from './board-model';
import { GemFace, MineFace } from './icons';
import { MinesLadder, MinesStrip } from './mines-strip';
import './texts';
import './mines.css';
import './mines-panel.css';
import { useTranslation } from '../../lib/i18n';

/** Props of the mines board (the frame's extended board props). */
export type MinesBoardProps = ExtendedBoardProps<MinesParams, MinesView | MinesState>;

/** Board of the mines game (`mines-board`, tiles `mines-tile` with `data-index` and `data-state`). */
export function MinesBoard({ params, round, roundKey, turn, busy, houseEdgeBps, sound }: MinesBoardProps) {
  const { t } = useTranslation();
  const board = boardModel(round, params);
  const [pending, setPending] = useState<{ cell: number; key: number } | null>(null);
  const heard = useRef(roundKey);

  // One sound per answer: a gem pops (higher with every gem), a mine rumbles. Not for the answer the
  // board mounted with (a restored or earlier round).
  useEffect(() => {
    if (!round || heard.current === roundKey) return;
    heard.current = roundKey;
    if (round.last === 'continue' || round.last === 'finish') {
      const found = Array.isArray((round.view as Partial<MinesView> | null)?.revealed)
        ? (round.view as MinesView).revealed.length
        : 1;
      sound.play('pop', { pitch: 1 + Math.min(found, 20) * 0.05 });
    } else if (round.last === 'lose') {
      sound.play('roll', { pitch: 0.45 });
    }
  }, [round, roundKey, sound]);

  const open = board.phase === 'open';
  const pendingCell = busy && pending?.key === roundKey ? pending.cell : null;
  const quick = round !== null && round.delay <= 0 && round.last !== 'restore';

  function reveal(tile: TileModel): void {
    if (!open || busy || tile.state !== 'hidden') return;
    setPending({ cell: tile.index, key: roundKey });
    turn({ cell: tile.index });
  }

  return (
    <div
      className={clsx(
        'mines',
        `is-${board.phase}`,
        quick && 'is-quick',
        board.outcome && `is-${board.outcome}`,
      )}
      data-testid="mines-board"
      data-phase={board.phase}
    >
      <div className="mines__inner">
        <MinesStrip board={board} houseEdgeBps={houseEdgeBps} />
        <div className="mines__field">
          <div
            className={clsx('mines-grid', open && busy && 'is-busy')}
            role="group"
            aria-label={t('minesUi.board')}
            aria-busy={open && busy ? true : undefined}
          >
            {board.tiles.map((tile) => {
              const live = open && tile.state === 'hidden';
              const label =
                tile.state === 'gem'
                  ? t('minesUi.tileGem', { number: tile.index + 1 })
                  : tile.state === 'mine'
                    ? t('minesUi.tileMine', { number: tile.index + 1 })
                    : t('minesUi.tileHidden', { number: tile.index + 1 });
              return (
                <button
                  key={tile.index}
                  type="button"
                  className={clsx(
                    'mines-tile',
                    `is-${tile.state}`,
                    live && 'is-live',
                    tile.found && 'is-found',
                    tile.hit && 'is-hit',
                    tile.fresh && 'is-fresh',
                    tile.shown && 'is-shown',
                    pendingCell === tile.index && 'is-pending',
                    round?.last === 'start' && 'is-dealt',
                  )}
                  style={
                    {
                      '--wave': tile.wave,
                      '--col': tile.index % 5,
                      '--row': Math.floor(tile.index / 5),
                    } as CSSProperties
                  }
                  data-testid="mines-tile"
                  data-index={tile.index}
                  data-state={tile.state}
                  disabled={!live}
                  aria-label={label}
                  onClick={() => reveal(tile)}
                >
                  <span className="mines-tile__face" aria-hidden>
                    {tile.state === 'gem' && <GemFace className="mines-tile__icon" />}
                    {tile.state === 'mine' && <MineFace className="mines-tile__icon" />}
                  </span>
                  {tile.hit && <span className="mines-tile__blast" aria-hidden />}
                </button>
              );
            })}
          </div>
          {board.phase === 'idle' && (
            <div className="mines-hint" data-testid="mines-hint">
              <span className="mines-hint__icons" aria-hidden>
                <GemFace className="mines-hint__gem" />
                <MineFace className="mines-hint__mine" />
              </span>
              <strong className="mines-hint__title">{t('minesUi.hint')}</strong>
              <span className="mines-hint__text">{t('minesUi.hintSub')}</span>
            </div>
          )}
        </div>
        <MinesLadder board={board} houseEdgeBps={houseEdgeBps} />
      </div>
    </div>
  );
}
