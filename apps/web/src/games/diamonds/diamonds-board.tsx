import { useRef, useState, type CSSProperties } from 'react';
import clsx from 'clsx';
import {
  DIAMONDS_COUNT,
  DIAMONDS_PATTERNS,
  type DiamondsOutcome,
  type DiamondsParams,
  type DiamondsPattern,
  diamondsTable,
  ratioToDecimal,
} from '@nebula/games';
import type { BoardProps } from '../types';
import { useRoundTimeline } from '../kit/use-round-timeline';
import { GEM_COLOURS, GemIcon, gemName } from './gem';
import './diamonds.css';
import { useTranslation } from '../../lib/i18n';

/** Each pattern drawn as five mini gems: `a`/`b` are the matching groups, `-` a gem that matches nothing. */
const PATTERN_SHAPES: Readonly<Record<DiamondsPattern, string>> = {
  fiveOfAKind: 'aaaaa',
  fourOfAKind: 'aaaa-',
  fullHouse: 'aaabb',
  threeOfAKind: 'aaa--',
  twoPair: 'aabb-',
  pair: 'aa---',
  none: '-----',
};
const SAMPLE_A = GEM_COLOURS.cyan;
const SAMPLE_B = GEM_COLOURS.purple;

/** Share of the round each gem takes to drop; the five drops together take {@link DROPS_SHARE}. */
const DROP_SHARE = 0.34;
const DROPS_SHARE = 0.84;
const STAGGER_SHARE = (DROPS_SHARE - DROP_SHARE) / (DIAMONDS_COUNT - 1);
/** Where in its drop a gem touches down (the bounce keyframe's bottom). */
const TOUCH_DOWN = 0.6;

/**
 * The matching groups of a row of gems, largest first (ties: the colour that appears first), each
 * with its gem index; gems outside every group of two or more are not listed.
 */
export function matchingGroups(gems: readonly number[]): { gem: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const gem of gems) counts.set(gem, (counts.get(gem) ?? 0) + 1);
  return [...counts.entries()]
    .filter(([, count]) => count >= 2)
    .map(([gem, count]) => ({ gem, count }))
    .sort((x, y) => y.count - x.count || gems.indexOf(x.gem) - gems.indexOf(y.gem));
}

/**
 * The diamonds board: five gem slots the gems drop into one by one, the matching gems lit up, and the
 * pay table (from `diamondsTable(houseEdgeBps)`) with the won row highlighted.
 */
export function DiamondsBoard({
  round,
  roundKey,
  onAnimationEnd,
  houseEdgeBps,
  sound,
}: BoardProps<DiamondsParams, DiamondsOutcome>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ outcome: DiamondsOutcome; key: number; duration: number } | null>(
    null,
  );
  const [landed, setLanded] = useState(false);
  const dropped = useRef(0);
  const landedRef = useRef(false);

  useRoundTimeline(round, roundKey, onAnimationEnd, {
    start(current, duration) {
      dropped.current = 0;
      landedRef.current = false;
      if (duration > 0) {
        setShown({ outcome: current.outcome, key: roundKey, duration });
        setLanded(false);
      }
    },
    frame(progress) {
      while (
        dropped.current < DIAMONDS_COUNT &&
        progress >= dropped.current * STAGGER_SHARE + DROP_SHARE * TOUCH_DOWN
      ) {
        sound.play('pop', { pitch: 0.9 + dropped.current * 0.08 });
        dropped.current += 1;
      }
      if (progress >= DROPS_SHARE && !landedRef.current) {
        landedRef.current = true;
        setLanded(true);
      }
    },
    finish(current) {
      setShown((previous) =>
        previous && previous.outcome === current.outcome
          ? previous
          : { outcome: current.outcome, key: roundKey, duration: 0 },
      );
      setLanded(true);
    },
  });

  const table = diamondsTable(houseEdgeBps);
  const gems = shown?.outcome.gems ?? [];
  const groups = landed && shown ? matchingGroups(gems) : [];
  const matched = new Set(groups.map((group) => group.gem));
  const hitPattern = landed && shown ? shown.outcome.pattern : null;
  // The pay table's mini gems: sample colours, or the round's own colours in the won row.
  const shapeColour = (kind: string, hit: boolean) => {
    if (kind === '-') return 'var(--border-strong)';
    const group = hit ? (kind === 'a' ? groups[0] : groups[1]) : undefined;
    if (group) return GEM_COLOURS[gemName(group.gem)];
    return kind === 'a' ? SAMPLE_A : SAMPLE_B;
  };

  return (
    <div className="diamonds-board" data-testid="diamonds-board">
      <div className="diamonds-board__inner">
        <div className="diamonds-row">
          {Array.from({ length: DIAMONDS_COUNT }, (_, index) => {
            const gem = gems[index];
            const name = gem === undefined ? undefined : gemName(gem);
            const isMatch = gem !== undefined && matched.has(gem);
            const style = {
              '--gem': name ? GEM_COLOURS[name] : undefined,
              '--drop': `${Math.round((shown?.duration ?? 0) * DROP_SHARE)}ms`,
              '--delay': `${Math.round((shown?.duration ?? 0) * STAGGER_SHARE * index)}ms`,
            } as CSSProperties;
            return (
              <div
                key={index}
                className={clsx(
                  'diamonds-slot',
                  name && 'is-filled',
                  isMatch && 'is-match',
                  landed && name && !isMatch && 'is-dim',
                )}
                style={style}
                data-testid="diamonds-gem"
                data-gem={name ?? ''}
                data-match={isMatch ? 'true' : 'false'}
                role="img"
                aria-label={name ? t(`gameDiamonds.gems.${name}`) : t('gameDiamonds.emptySlot')}
              >
                <span className="diamonds-slot__pedestal" aria-hidden />
                {name ? (
                  <span
                    key={shown?.key}
                    className={clsx('diamonds-slot__stone', shown && shown.duration > 0 && 'is-dropping')}
                  >
                    <GemIcon colour={GEM_COLOURS[name]} className="diamonds-slot__gem" />
                  </span>
                ) : (
                  <span className="diamonds-slot__stone is-empty">
                    <GemIcon colour="var(--border-strong)" className="diamonds-slot__gem" />
                  </span>
                )}
              </div>
            );
          })}
        </div>

        <section className="diamonds-table" aria-label={t('gameDiamonds.payTable')}>
          {DIAMONDS_PATTERNS.map((pattern, index) => {
            const multiplier = table[index];
            const hit = hitPattern === pattern;
            // Won rows: green from 1x up, amber below 1x (a partial loss), red for nothing.
            const tone =
              !multiplier || multiplier.num === 0n
                ? 'is-miss'
                : multiplier.num < multiplier.den
                  ? 'is-partial'
                  : null;
            return (
              <div
                key={pattern}
                className={clsx('diamonds-table__row', hit && 'is-hit', hit && tone)}
                data-testid="diamonds-pattern"
                data-pattern={pattern}
                aria-current={hit ? 'true' : undefined}
              >
                <span className="diamonds-table__shape" aria-hidden>
                  {[...PATTERN_SHAPES[pattern]].map((kind, slot) => (
                    <GemIcon
                      key={slot}
                      colour={shapeColour(kind, hit)}
                      className={clsx('diamonds-table__gem', kind === '-' && 'is-blank')}
                    />
                  ))}
                </span>
                <span className="diamonds-table__name">{t(`gameDiamonds.patterns.${pattern}`)}</span>
                <span className="diamonds-table__multiplier">
                  {multiplier ? ratioToDecimal(multiplier, 2) : '0.00'}×
                </span>
              </div>
            );
          })}
        </section>
      </div>
    </div>
  );
}
