/**
 * The keno board: 40 squares the player picks (1 to 10) by clicking, and the round's 10 drawn numbers
 * revealed one by one (hit: a glowing gem; drawn miss: dark red; picked but not drawn: outlined).
 * Under the grid, the payout row for the current number of picks with the achieved hit count lit.
 */
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import {
  KENO_SQUARES,
  type KenoOutcome,
  type KenoParams,
  kenoHitProbability,
  kenoTable,
  ratioToDecimal,
  ratioToNumber,
} from '@nebula/games';
import { formatNumber, useTranslation } from '../../lib/i18n';
import type { BoardProps, RoundView } from '../types';
import { shortMultiplier, togglePick } from './picks';
import './texts';
import './keno.css';

const SQUARES = Array.from({ length: KENO_SQUARES }, (_, i) => i + 1);

/** What a square shows (`data-state` of `keno-cell-N`). */
export type CellState = 'idle' | 'picked' | 'hit' | 'miss';

interface Progress {
  key: number;
  /** How many of the drawn numbers are uncovered so far. */
  shown: number;
  done: boolean;
}

interface Show {
  key: number;
  drawn: readonly number[];
  picks: ReadonlySet<number>;
  start: number;
  delay: number;
  shown: number;
  hits: number;
}

/** Board of the keno game (`keno-board`, squares `keno-cell-1`..`keno-cell-40`, `keno-result`). */
export function KenoBoard({
  params,
  setParams,
  locked,
  round,
  roundKey,
  onAnimationEnd,
  houseEdgeBps,
  sound,
}: BoardProps<KenoParams, KenoOutcome>) {
  const { t } = useTranslation();
  const { picks, risk } = params;
  const [progress, setProgress] = useState<Progress | null>(null);
  const show = useRef<Show | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const launched = useRef<number | null>(null);
  const latest = useRef({ onAnimationEnd, sound });
  useLayoutEffect(() => {
    latest.current = { onAnimationEnd, sound };
  });

  const table = useMemo(
    () => (picks.length > 0 ? kenoTable(risk, picks.length, houseEdgeBps) : []),
    [risk, picks.length, houseEdgeBps],
  );

  /** Uncovers the numbers due by now; schedules itself until the last one, then ends the round. */
  function pump(): void {
    timer.current = undefined;
    const current = show.current;
    if (!current) return;
    const elapsed = performance.now() - current.start;
    const step = current.delay / (current.drawn.length + 1);
    const due = Math.min(current.drawn.length, Math.floor(elapsed / step));
    if (due > current.shown) {
      for (let i = current.shown; i < due; i += 1) {
        if (current.picks.has(current.drawn[i] as number)) {
          current.hits += 1;
          latest.current.sound.play('pop', { pitch: 1 + current.hits * 0.08 });
        } else {
          latest.current.sound.play('tick');
        }
      }
      current.shown = due;
      setProgress({ key: current.key, shown: due, done: false });
    }
    if (elapsed >= current.delay) {
      show.current = null;
      setProgress({ key: current.key, shown: current.drawn.length, done: true });
      latest.current.onAnimationEnd(current.key);
      return;
    }
    const next = Math.min((current.shown + 1) * step, current.delay) - elapsed;
    timer.current = setTimeout(pump, Math.max(1, Math.ceil(next)));
  }

  // A new round: uncover the drawn numbers one by one (quick mode: all at once).
  useEffect(() => {
    if (!round || launched.current === roundKey) return;
    launched.current = roundKey;
    clearTimeout(timer.current);
    const { drawn } = round.outcome;
    if (round.quick || round.delay <= 0) {
      show.current = null;
      latest.current.sound.play(round.outcome.hits.length > 0 ? 'pop' : 'tick');
      latest.current.onAnimationEnd(roundKey);
      return;
    }
    show.current = {
      key: roundKey,
      drawn,
      picks: new Set(params.picks),
      start: performance.now(),
      delay: round.delay,
      shown: 0,
      hits: 0,
    };
    timer.current = setTimeout(pump, round.delay / (drawn.length + 1));
    // pump only touches refs and state setters; the effect runs once per round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roundKey, round]);

  // (Re)start the reveal on mount, so it survives a remount (React strict mode).
  useEffect(() => {
    if (show.current && timer.current === undefined) pump();
    return () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The draw shows while the picks are those it was played with (changing them clears the table).
  const playedPicks = (round?.params as Partial<KenoParams> | undefined)?.picks;
  const reveal =
    round && playedPicks && samePicks(playedPicks, picks) ? revealOf(round, roundKey, progress) : null;
  const picked = new Set(picks);
  const uncovered = new Set(reveal ? reveal.drawn.slice(0, reveal.shown) : []);
  const hitsSoFar = picks.filter((pick) => uncovered.has(pick)).length;

  function stateOf(square: number): CellState {
    if (uncovered.has(square)) return picked.has(square) ? 'hit' : 'miss';
    return picked.has(square) ? 'picked' : 'idle';
  }

  function toggle(square: number): void {
    if (locked) return;
    const next = togglePick(picks, square);
    if (next.length === picks.length) return; // full: an 11th pick is ignored
    sound.play('tick', { pitch: next.length > picks.length ? 1.1 : 0.9 });
    setParams({ ...params, picks: next });
  }

  const resultMultiplier = reveal?.done ? table[hitsSoFar] : undefined;

  return (
    <div className="keno" data-testid="keno-board" data-risk={risk}>
      <div className={clsx('keno__grid', locked && 'is-locked')} role="group" aria-label={t('kenoUi.board')}>
        {SQUARES.map((square) => {
          const state = stateOf(square);
          return (
            <button
              key={square}
              type="button"
              className={clsx(
                'keno__cell',
                `keno__cell--${state}`,
                state === 'picked' && reveal?.done && 'is-outlined',
              )}
              data-testid={`keno-cell-${square}`}
              data-state={state}
              aria-pressed={picked.has(square)}
              aria-label={t('kenoUi.cell', { number: square })}
              disabled={locked}
              onClick={() => toggle(square)}
            >
              {state === 'hit' ? <Gem number={square} /> : <span className="keno__number">{square}</span>}
            </button>
          );
        })}
      </div>

      {picks.length === 0 ? (
        <p className="keno__hint">{t('kenoUi.hint')}</p>
      ) : (
        <ol
          className={clsx('keno__payouts', table.length >= 8 && 'is-dense')}
          style={{ '--keno-cols': table.length } as CSSProperties}
        >
          {table.map((multiplier, hits) => (
            <li
              key={hits}
              className={clsx(
                'keno__payout',
                reveal && hits === hitsSoFar && 'is-active',
                ratioToNumber(multiplier) === 0 && 'is-zero',
              )}
              data-hits={hits}
              title={t('kenoUi.payoutTitle', {
                hits,
                picks: picks.length,
                multiplier: ratioToDecimal(multiplier, 2),
                chance: formatNumber(ratioToNumber(kenoHitProbability(picks.length, hits)) * 100, {
                  maximumSignificantDigits: 3,
                }),
              })}
            >
              <span className="keno__payout-value">
                {shortMultiplier(multiplier)}
                <span className="keno__payout-x">×</span>
              </span>
              <span className="keno__payout-hits">
                {hits}
                <GemIcon />
              </span>
            </li>
          ))}
        </ol>
      )}

      <div className="keno__result-slot">
        {reveal?.done && resultMultiplier && (
          <div
            key={reveal.key}
            className={clsx('keno__result', ratioToNumber(resultMultiplier) > 0 && 'is-win')}
            data-testid="keno-result"
            data-hits={hitsSoFar}
            data-multiplier={ratioToDecimal(resultMultiplier, 2)}
          >
            <span>{t('kenoUi.result', { hits: hitsSoFar, picks: picks.length })}</span>
            <strong>{ratioToDecimal(resultMultiplier, 2)}×</strong>
          </div>
        )}
      </div>
    </div>
  );
}

function samePicks(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((pick) => set.has(pick));
}

/** What of the round's draw is uncovered: all of it in quick mode, else as far as the reveal got. */
function revealOf(round: RoundView<KenoOutcome>, roundKey: number, progress: Progress | null) {
  const { drawn } = round.outcome;
  if (round.quick || round.delay <= 0) return { key: roundKey, drawn, shown: drawn.length, done: true };
  const mine = progress?.key === roundKey ? progress : null;
  return { key: roundKey, drawn, shown: mine?.shown ?? 0, done: mine?.done ?? false };
}

function GemIcon() {
  return (
    <svg className="keno__gem-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M6.5 3h11L22 9l-10 12L2 9z" />
    </svg>
  );
}

function Gem({ number }: { number: number }) {
  return (
    <span className="keno__gem">
      <svg viewBox="0 0 48 44" aria-hidden="true">
        <path className="keno__gem-body" d="M13 2h22l11 13-22 27L2 15z" />
        <path className="keno__gem-top" d="M13 2h22l11 13H2z" />
        <path className="keno__gem-facet" d="M13 2 18 15 24 2l6 13 5-13M2 15h44M18 15l6 27 6-27" />
      </svg>
      <span className="keno__gem-number">{number}</span>
    </span>
  );
}
