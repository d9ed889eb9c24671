/**
 * The roulette betting table: pockets 0-36 in three rows, the 2:1 columns, dozens and even-money bets,
 * plus hotspots on cell edges and corners for splits, streets, corners and six lines. A click places
 * the selected chip, a right-click removes the spot's stake. Hovering a spot lights the numbers it
 * covers; after a spin the winning pocket glows and the chips show won or lost.
 */
import { type CSSProperties, type MouseEvent, type PointerEvent, memo, useMemo, useState } from 'react';
import clsx from 'clsx';
import {
  type RoulettePlacement,
  ratioToDecimal,
  rouletteCovered,
  roulettePlacementMultiplier,
} from '@nebula/games';
import { StakeChip } from '../chips/chips';
import {
  CHIP_POINTS,
  type Hotspot,
  type Orientation,
  TABLE_CELLS,
  TABLE_HOTSPOTS,
  type TableCell,
  gridSize,
  orientPoint,
  orientRect,
  orientShape,
  pocketColor,
} from './layout';
import { type RouletteSpot, spotKey } from './params';
import './table.css';
import { useTranslation } from '../../lib/i18n';

/** Numbers a spot covers. */
export function spotNumbers(spot: RouletteSpot): number[] {
  return rouletteCovered({ ...spot, amount: '1' } as RoulettePlacement);
}

/** The test id of a spot: `roulette-bet-red`, `roulette-bet-straight-17`, `roulette-bet-split-1-4`. */
export function spotTestId(spot: RouletteSpot): string {
  if ('numbers' in spot)
    return `roulette-bet-${spot.type}-${[...spot.numbers].sort((a, b) => a - b).join('-')}`;
  if ('index' in spot) return `roulette-bet-${spot.type}-${spot.index}`;
  return `roulette-bet-${spot.type}`;
}

export interface RouletteTableProps {
  placements: readonly RoulettePlacement[];
  orientation: Orientation;
  locked: boolean;
  exponent: number;
  houseEdgeBps: number;
  /** The pocket of the last spin, once the ball has landed (highlights). */
  winner: number | null;
  /** Show won / lost chips (the stakes are still those of the last spin). */
  showResult: boolean;
  onPlace: (spot: RouletteSpot) => void;
  onRemove: (key: string) => void;
}

const pct = (value: number, total: number) => `${((value / total) * 100).toFixed(4)}%`;

/** Stable event handlers of the spots, shared by the cell and hotspot layers. */
interface SpotHandlers {
  onPlace: (spot: RouletteSpot) => void;
  onRemove: (key: string) => void;
  onHover: (spot: RouletteSpot | null) => void;
}

function spotEvents(spot: RouletteSpot, locked: boolean, { onPlace, onRemove, onHover }: SpotHandlers) {
  return {
    onClick: () => onPlace(spot),
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault();
      if (!locked) onRemove(spotKey(spot));
    },
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') onHover(spot);
    },
    onPointerLeave: () => onHover(null),
  };
}

/** Accessible names with the pays: `Split 1, 4: pays 18.31x`. */
function useSpotLabels(houseEdgeBps: number): ReadonlyMap<string, string> {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const describe = (spot: RouletteSpot): string => {
      const placement = { ...spot, amount: '1' } as RoulettePlacement;
      const multiplier = ratioToDecimal(roulettePlacementMultiplier(placement, houseEdgeBps), 2);
      let name: string;
      if ('numbers' in spot) {
        const numbers = [...spot.numbers].sort((a, b) => a - b).join(', ');
        name = t(`rouletteUi.bet.${spot.type}`, { numbers });
      } else if ('index' in spot) {
        name = t(`rouletteUi.bet.${spot.type}`, { index: spot.index });
      } else {
        name = t(`rouletteUi.bet.${spot.type}`);
      }
      return t('rouletteUi.pays', { name, multiplier });
    };
    return new Map([...TABLE_CELLS, ...TABLE_HOTSPOTS].map((entry) => [entry.key, describe(entry.spot)]));
    // i18n.language: the texts follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, houseEdgeBps, i18n.language]);
}

interface CellsProps {
  orientation: Orientation;
  locked: boolean;
  labels: ReadonlyMap<string, string>;
  /** Numbers the hovered spot covers. */
  covered: ReadonlySet<number>;
  hoveredKey: string | null;
  winner: number | null;
  handlers: SpotHandlers;
}

/** The cells (pockets and outside bets). Chip changes do not re-render them. */
const Cells = memo(function Cells({
  orientation,
  locked,
  labels,
  covered,
  hoveredKey,
  winner,
  handlers,
}: CellsProps) {
  const { t } = useTranslation();
  const cellLabel = (cell: TableCell) => {
    if (cell.kind === 'zero' || cell.kind === 'number') return cell.label;
    if (cell.kind === 'column') return '2:1';
    if (cell.label === 'red' || cell.label === 'black') {
      return (
        <svg className={`rt-diamond rt-diamond--${cell.label}`} viewBox="0 0 40 24" aria-hidden="true">
          <polygon points="20,1.5 38.5,12 20,22.5 1.5,12" />
        </svg>
      );
    }
    const short = orientation === 'vertical' && (cell.label === 'low' || cell.label === 'high');
    return t(`rouletteUi.label.${cell.label}${short ? 'Short' : ''}`);
  };
  return (
    <div className="rt__grid">
      {TABLE_CELLS.map((cell) => {
        const rect = orientRect(cell.rect, orientation);
        const color = cell.number !== undefined ? pocketColor(cell.number) : undefined;
        const hit = cell.number === undefined && winner !== null && spotNumbers(cell.spot).includes(winner);
        return (
          <button
            key={cell.key}
            type="button"
            data-testid={spotTestId(cell.spot)}
            className={clsx(
              'rt-cell',
              `rt-cell--${cell.kind}`,
              color && `rt-cell--${color}`,
              cell.kind === 'outside' && `rt-cell--${cell.label}`,
              cell.number !== undefined && covered.has(cell.number) && 'is-covered',
              hoveredKey === cell.key && 'is-hover',
              cell.number !== undefined && cell.number === winner && 'is-winner',
              hit && 'is-hit',
            )}
            style={{
              gridColumn: `${rect.x + 1} / span ${rect.w}`,
              gridRow: `${rect.y + 1} / span ${rect.h}`,
            }}
            disabled={locked}
            aria-label={labels.get(cell.key)}
            title={labels.get(cell.key)}
            {...spotEvents(cell.spot, locked, handlers)}
          >
            <span className="rt-cell__label">{cellLabel(cell)}</span>
          </button>
        );
      })}
    </div>
  );
});

interface HotspotsProps {
  orientation: Orientation;
  locked: boolean;
  labels: ReadonlyMap<string, string>;
  handlers: SpotHandlers;
}

/** Inside bets between cells; their hover mark is pure CSS, so they re-render only on lock or turn. */
const Hotspots = memo(function Hotspots({ orientation, locked, labels, handlers }: HotspotsProps) {
  const { cols, rows } = gridSize(orientation);
  return (
    <div className="rt__hotspots">
      {TABLE_HOTSPOTS.map((spot: Hotspot) => {
        const p = orientPoint(spot.x, spot.y, orientation);
        return (
          <button
            key={spot.key}
            type="button"
            data-testid={spotTestId(spot.spot)}
            className={clsx('rt-hot', `rt-hot--${orientShape(spot.shape, orientation)}`)}
            style={{ left: pct(p.x, cols), top: pct(p.y, rows) }}
            disabled={locked}
            aria-label={labels.get(spot.key)}
            title={labels.get(spot.key)}
            {...spotEvents(spot.spot, locked, handlers)}
          />
        );
      })}
    </div>
  );
});

interface ChipsProps {
  placements: readonly RoulettePlacement[];
  orientation: Orientation;
  exponent: number;
  winner: number | null;
  showResult: boolean;
}

/** The chip stacks on the table. */
const Chips = memo(function Chips({ placements, orientation, exponent, winner, showResult }: ChipsProps) {
  const { cols, rows } = gridSize(orientation);
  return (
    <div className="rt__chips" aria-hidden="true">
      {placements.map((placement) => {
        const key = spotKey(placement);
        const point = CHIP_POINTS.get(key);
        if (!point) return null;
        const p = orientPoint(point.x, point.y, orientation);
        const won = showResult && winner !== null && spotNumbers(placement).includes(winner);
        return (
          <StakeChip
            key={key}
            amount={BigInt(placement.amount)}
            exponent={exponent}
            className={clsx('rt-chip', showResult && (won ? 'is-won' : 'is-lost'))}
            style={{ left: pct(p.x, cols), top: pct(p.y, rows) }}
          />
        );
      })}
    </div>
  );
});

const NO_NUMBERS: ReadonlySet<number> = new Set();

/** The betting table. */
export const RouletteTable = memo(function RouletteTable({
  placements,
  orientation,
  locked,
  exponent,
  houseEdgeBps,
  winner,
  showResult,
  onPlace,
  onRemove,
}: RouletteTableProps) {
  const [hovered, setHovered] = useState<RouletteSpot | null>(null);
  const { cols, rows } = gridSize(orientation);
  const covered = useMemo(
    () => (hovered && !locked ? new Set(spotNumbers(hovered)) : NO_NUMBERS),
    [hovered, locked],
  );
  const labels = useSpotLabels(houseEdgeBps);
  const handlers = useMemo<SpotHandlers>(
    () => ({ onPlace, onRemove, onHover: setHovered }),
    [onPlace, onRemove],
  );
  const hoveredKey = hovered && !locked ? spotKey(hovered) : null;

  return (
    <div
      className={clsx('rt', `rt--${orientation}`, locked && 'is-locked')}
      style={{ '--cols': cols, '--rows': rows } as CSSProperties}
      onPointerLeave={() => setHovered(null)}
    >
      <Cells
        orientation={orientation}
        locked={locked}
        labels={labels}
        covered={covered}
        hoveredKey={hoveredKey}
        winner={winner}
        handlers={handlers}
      />
      <Hotspots orientation={orientation} locked={locked} labels={labels} handlers={handlers} />
      <Chips
        placements={placements}
        orientation={orientation}
        exponent={exponent}
        winner={winner}
        showResult={showResult}
      />
    </div>
  );
});
