/**
 * Pieces the extended games' verifier parts share (`games/{id}/verifier.tsx`): the float formulas of
 * a pick without replacement and of a card, and the ladder (tower, stairs) as floats and as a drawing.
 * Styles: the verifier's extended view (`fv-*` classes of features/fairness/extended-view.css).
 */
import clsx from 'clsx';
import { cardFromIndex } from '@nebula/fairness';
import type { ExtendedVerifyResult, StairsState, TowerState } from '@nebula/games';
import type { FloatMapping } from './verifier';
import { useTranslation } from '../../lib/i18n';

export const DECK = 52;
/** Texts of the float notes. */
export const FLOAT_NOTES = 'fairnessUi.extended.floats';

/** Selection without replacement: float i picks `floor(f × (n - i))` of the `n - i` items still free. */
export function pickFormula(value: number, free: number): string {
  return `floor(f × ${free}) = ${Math.floor(value * free)}`;
}

export function cardFormula(value: number): string {
  return `floor(f × ${DECK}) = ${Math.floor(value * DECK)}`;
}

export function cardLabel(value: number): string {
  return cardFromIndex(Math.floor(value * DECK)).label;
}

export function ladderMappings(result: ExtendedVerifyResult, tiles: number, noteKey: string): FloatMapping[] {
  const layout = (result.state as TowerState | StairsState).layout;
  const hazards = layout[0]?.length ?? 1;
  return result.floats.map((read, i) => {
    const row = Math.floor(i / hazards);
    const j = i % hazards;
    const tile = layout[row]?.[j];
    return {
      formula: pickFormula(read.value, tiles - j),
      value: `#${tile ?? '?'}`,
      noteKey,
      noteValues: { row: row + 1 },
    };
  });
}

/** Tower and stairs: the rows top to bottom, traps shown, the tile picked on each row reached. */
export function LadderStateView({
  layout,
  picks,
  tiles,
  rowKey,
}: {
  layout: readonly (readonly number[])[];
  picks: readonly number[];
  tiles: number;
  rowKey: 'level' | 'row';
}) {
  const { t } = useTranslation();
  const rows = layout.map((traps, row) => ({ row, traps })).reverse();
  return (
    <div className={clsx('fv-ladder', tiles > 4 && 'is-wide')} data-testid="verify-ladder">
      {rows.map(({ row, traps }) => {
        const pick = picks[row];
        return (
          <div key={row} className={clsx('fv-ladder__row', pick === undefined && 'is-unreached')}>
            <span className="fv-ladder__label">
              {t(`fairnessUi.extended.view.${rowKey}`, { n: row + 1 })}
            </span>
            <div
              className="fv-ladder__tiles"
              style={{ gridTemplateColumns: `repeat(${tiles}, minmax(0, 1fr))` }}
            >
              {Array.from({ length: tiles }, (_, tile) => {
                const trap = traps.includes(tile);
                return (
                  <span
                    key={tile}
                    className={clsx(
                      'fv-ladder__tile',
                      trap ? 'is-trap' : 'is-safe',
                      pick === tile && 'is-picked',
                    )}
                    title={`#${tile}${trap ? ` · ${t('fairnessUi.extended.view.trap')}` : ''}${pick === tile ? ` · ${t('fairnessUi.extended.view.picked')}` : ''}`}
                  >
                    {trap ? '✕' : pick === tile ? '✓' : ''}
                  </span>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
