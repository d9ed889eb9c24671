/**
 * The strip above the mines grid (current multiplier, the next tile's multiplier with its chance,
 * gems left and mines) and the ladder under it (the multiplier after each gem, the current step lit).
 */
import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { MINES_CELLS } from '@nebula/games';
import { formatDisplay } from '../kit/format';
import { type BoardModel, formatMultiplier, ladder, stripModel } from './board-model';
import { GemFace, MineFace } from './icons';
import { useTranslation } from '../../lib/i18n';

/** Current and next multiplier, gems left and mine count (`mines-strip`). */
export function MinesStrip({ board, houseEdgeBps }: { board: BoardModel; houseEdgeBps: number }) {
  const { t } = useTranslation();
  const strip = stripModel(board, houseEdgeBps);
  const lost = board.outcome === 'lost';
  const gemsLeft = MINES_CELLS - board.mineCount - board.found;
  return (
    <div className="mines-strip" data-testid="mines-strip">
      <div
        className={clsx('mines-stat', 'mines-stat--current', strip.current && 'is-live', lost && 'is-loss')}
      >
        <span className="mines-stat__label">{t('minesUi.multiplier')}</span>
        <span className="mines-stat__value" data-testid="mines-current">
          {strip.current ? `${formatMultiplier(strip.current)}×` : lost ? '0.00×' : '–'}
        </span>
      </div>
      <div className="mines-stat mines-stat--next">
        <span className="mines-stat__label">{t('minesUi.next')}</span>
        <span className="mines-stat__value" data-testid="mines-next">
          {strip.next ? `${formatMultiplier(strip.next)}×` : '–'}
        </span>
        <span className="mines-stat__sub">
          {strip.nextChance !== null
            ? t('minesUi.safeChance', { chance: formatDisplay(strip.nextChance, 2) })
            : '\u00a0'}
        </span>
      </div>
      <div className="mines-stat mines-stat--counts">
        <span className="mines-count" title={t('minesUi.gems')}>
          <GemFace className="mines-count__icon" />
          <span className="mines-count__value" data-testid="mines-gems-left">
            {gemsLeft}
          </span>
          <span className="mines-count__label">{t('minesUi.gems')}</span>
        </span>
        <span className="mines-count mines-count--mines" title={t('minesUi.mines')}>
          <MineFace className="mines-count__icon" />
          <span className="mines-count__value">{board.mineCount}</span>
          <span className="mines-count__label">{t('minesUi.mines')}</span>
        </span>
      </div>
    </div>
  );
}

/** The multiplier after each gem (`mines-ladder`); keeps the current step scrolled into view. */
export function MinesLadder({ board, houseEdgeBps }: { board: BoardModel; houseEdgeBps: number }) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const steps = ladder(board.mineCount, houseEdgeBps);
  // The step to keep in view: the next one while open (or the one the mine took), the last one reached.
  const ahead = board.phase !== 'ended' || board.outcome === 'lost' ? 1 : 0;
  const focus = Math.min(board.found + ahead, steps.length);

  useEffect(() => {
    const container = list.current;
    const item = container?.children[Math.max(0, focus - 1)] as HTMLElement | undefined;
    if (!container || !item) return;
    const left = item.offsetLeft - (container.clientWidth - item.offsetWidth) / 2;
    if (typeof container.scrollTo === 'function') container.scrollTo({ left, behavior: 'smooth' });
    else container.scrollLeft = left;
  }, [focus, board.mineCount]);

  return (
    <ol
      className="mines-ladder scroll-area"
      ref={list}
      aria-label={t('minesUi.ladder')}
      data-testid="mines-ladder"
    >
      {steps.map((multiplier, index) => {
        const step = index + 1;
        const passed = step < board.found || (step === board.found && board.outcome === 'lost');
        const current = step === board.found && board.outcome !== 'lost';
        const next = step === board.found + 1 && board.phase !== 'ended';
        const text = formatMultiplier(multiplier);
        return (
          <li
            key={step}
            className={clsx(
              'mines-ladder__step',
              passed && 'is-passed',
              current && 'is-current',
              next && 'is-next',
              board.outcome === 'lost' && step === board.found + 1 && 'is-bust',
            )}
            aria-current={current ? 'step' : undefined}
            title={t('minesUi.ladderStep', { step, multiplier: text })}
          >
            <span className="mines-ladder__value">{text}×</span>
            <span className="mines-ladder__step-no">{step}</span>
          </li>
        );
      })}
    </ol>
  );
}
