/** Mines' verifier parts: the board with every mine, the mines drawn and random picks as floats. */
import clsx from 'clsx';
import { type MinesState, minesUnrevealed } from '@nebula/games';
import type { ExtendedGameVerifier } from '../kit/verifier';
import { FLOAT_NOTES, pickFormula } from '../kit/verifier-extended';
import { useTranslation } from '../../lib/i18n';

const MINES_CELLS = 25;
const MINES_COLUMNS = 5;

function MineIcon() {
  return (
    <svg viewBox="0 0 24 24" width="60%" height="60%" aria-hidden="true">
      <circle cx="12" cy="13" r="7" fill="currentColor" />
      <path
        d="M12 2v4M12 20v2M3 13H1M23 13h-2M5.6 6.6 4.2 5.2M18.4 6.6l1.4-1.4"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="9.5" cy="10.5" r="1.8" fill="rgb(255 255 255 / 0.55)" />
    </svg>
  );
}

function GemIcon() {
  return (
    <svg viewBox="0 0 24 24" width="58%" height="58%" aria-hidden="true">
      <path d="M6 3h12l4 6-10 12L2 9z" fill="currentColor" />
      <path d="M2 9h20M9 3l3 6 3-6M12 21 9 9m3 12 3-12" stroke="rgb(0 0 0 / 0.25)" fill="none" />
    </svg>
  );
}

/** Mines: the 5×5 board with every mine, the safe cells found (numbered in reveal order) and the mine hit. */
function MinesStateView({ state }: { state: MinesState }) {
  const { t } = useTranslation();
  const mines = new Set(state.mines);
  const order = new Map(state.revealed.map((cell, i) => [cell, i + 1]));
  return (
    <div className="fv-stack">
      <div
        className="fv-mines"
        role="grid"
        aria-label={t('fairnessUi.extended.view.mines', {
          count: state.mineCount,
          found: state.revealed.length,
        })}
        data-testid="verify-mines-board"
      >
        {Array.from({ length: MINES_CELLS }, (_, cell) => {
          const mine = mines.has(cell);
          const step = order.get(cell);
          return (
            <span
              key={cell}
              role="gridcell"
              title={`#${cell}`}
              className={clsx(
                'fv-mines__cell',
                mine ? 'is-mine' : 'is-safe',
                step !== undefined && 'is-revealed',
                state.hit === cell && 'is-hit',
              )}
              data-cell={cell}
            >
              {mine ? <MineIcon /> : step !== undefined ? <GemIcon /> : null}
              {step !== undefined && <span className="fv-mines__order">{step}</span>}
            </span>
          );
        })}
      </div>
      <p className="fv-muted">
        {state.hit !== null
          ? t('fairnessUi.extended.view.minesHit', { cell: state.hit })
          : t('fairnessUi.extended.view.mines', { count: state.mineCount, found: state.revealed.length })}
      </p>
    </div>
  );
}

export const minesVerifier: ExtendedGameVerifier = {
  floatSteps(result) {
    const state = result.state as MinesState;
    const pool = Array.from({ length: MINES_CELLS }, (_, i) => i);
    return result.floats.map((read) => {
      if (read.step === 0) {
        const free = pool.length;
        const [cell] = pool.splice(Math.floor(read.value * free), 1);
        return { formula: pickFormula(read.value, free), value: `#${cell}`, noteKey: `${FLOAT_NOTES}.mine` };
      }
      // A random pick: one of the cells still unrevealed before that step, ascending.
      const before = result.steps[read.step - 1]?.state as MinesState;
      const unrevealed = minesUnrevealed(before);
      const cell = unrevealed[Math.floor(read.value * unrevealed.length)] as number;
      const hit = state.mines.includes(cell);
      return {
        formula: pickFormula(read.value, unrevealed.length),
        value: `#${cell}`,
        noteKey: `${FLOAT_NOTES}.${hit ? 'randomMine' : 'randomSafe'}`,
        highlight: !hit,
      };
    });
  },
  StateView: ({ result }) => <MinesStateView state={result.state as MinesState} />,
  describeAction(a, _level, key) {
    if (a.random === true) return key('random');
    if (typeof a.cell !== 'number') return null;
    return key('cell', {
      cell: a.cell,
      row: Math.floor(a.cell / MINES_COLUMNS) + 1,
      column: (a.cell % MINES_COLUMNS) + 1,
    });
  },
};
