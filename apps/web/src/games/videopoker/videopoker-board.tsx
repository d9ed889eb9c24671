/**
 * The video poker machine: the Jacks or Better pay table (scaled to the house edge, the winning line
 * lit) above five cards. Before the draw the player taps cards to hold them (lifted, 'Held'); the
 * draw turns the replaced cards over one after another. The frame's Bet button deals; Draw is in the
 * sidebar Actions.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import clsx from 'clsx';
import {
  VIDEO_POKER_HANDS,
  type VideoPokerHand,
  type VideoPokerParams,
  type VideoPokerView,
  ratioToDecimal,
  videoPokerTable,
} from '@nebula/games';
import type { ExtendedBoardProps, ExtendedRoundView } from '../types';
import { type CardMotion, PlayingCard } from '../blackjack/playing-card';
import { useHolds } from './hold-store';
import './texts';
import './videopoker.css';
import { useTranslation } from '../../lib/i18n';

/** Paying classes, best first (the pay table rows). */
export const PAYING_HANDS = VIDEO_POKER_HANDS.filter((hand) => hand !== 'nothing');

/** Milliseconds between two cards turning over, and one card's turn. */
const STEP = 110;
const TURN = 460;

/** A pay table multiplier as printed: 2 places, rounded down (never promising more than is paid). */
export function payText(houseEdgeBps: number, hand: VideoPokerHand): string {
  return ratioToDecimal(videoPokerTable(houseEdgeBps)[hand], 2);
}

/** How each of the five cards arrives in this answer: the deal turns all five, the draw the replaced ones. */
export function cardMotions(round: ExtendedRoundView<VideoPokerView> | null): CardMotion[] {
  const none: CardMotion[] = [null, null, null, null, null];
  if (!round || round.delay <= 0 || round.last === 'restore') return none;
  if (round.last === 'start') return none.map((_, i) => ({ kind: 'flip', delay: i * STEP, duration: TURN }));
  const held = round.view.held;
  if (!held) return none;
  let slot = 0;
  return held.map((keep) => {
    if (keep) return null;
    const motion: CardMotion = { kind: 'flip', delay: slot * STEP, duration: TURN };
    slot += 1;
    return motion;
  });
}

/** The board (`videopoker-board`, `videopoker-paytable`, five `videopoker-card` with `data-index` / `data-held`). */
export function VideoPokerBoard({
  round,
  roundKey,
  busy,
  houseEdgeBps,
  sound,
}: ExtendedBoardProps<VideoPokerParams, VideoPokerView>) {
  const { t } = useTranslation();
  const open = round?.state === 'in-progress';
  const view = round?.view ?? null;
  const [holds, toggle] = useHolds(open ? (round?.betId ?? null) : null);
  const held = open ? holds : (view?.held ?? [false, false, false, false, false]);
  const drawn = !!view && view.held !== null;
  const motions = useMemo(() => cardMotions(round), [round]);
  const turning = motions.filter(Boolean) as Exclude<CardMotion, null | undefined>[];
  const doneAt = turning.length > 0 ? Math.max(...turning.map((m) => m.delay + m.duration)) : 0;
  const hand = view?.hand ?? null;
  const winning = hand !== null && hand !== 'nothing' ? hand : null;

  const latestSound = useRef(sound);
  useLayoutEffect(() => {
    latestSound.current = sound;
  });
  useEffect(() => {
    const timers = motions.flatMap((motion, i) =>
      motion
        ? [setTimeout(() => latestSound.current.play('card', { pitch: 0.94 + i * 0.03 }), motion.delay)]
        : [],
    );
    return () => timers.forEach(clearTimeout);
  }, [motions, roundKey]);

  const onCard = (index: number) => {
    if (!open || busy) return;
    sound.play('tick', { pitch: holds[index] ? 0.9 : 1.1 });
    toggle(index);
  };

  return (
    <div
      className="vp"
      data-testid="videopoker-board"
      data-state={round?.state ?? 'none'}
      aria-label={t('videoPokerUi.board')}
    >
      <div className="vp__machine">
        <table className="vp-pays" data-testid="videopoker-paytable" aria-label={t('videoPokerUi.paytable')}>
          <tbody>
            {PAYING_HANDS.map((name) => {
              const lit = winning === name;
              return (
                <tr
                  key={name}
                  className={clsx('vp-pays__row', lit && (drawn ? 'is-win' : 'is-dealt'))}
                  data-hand={name}
                  data-active={lit}
                  style={lit && drawn ? { animationDelay: `${doneAt}ms` } : undefined}
                >
                  <th scope="row">{t(`videoPokerUi.hands.${name}`)}</th>
                  <td>{payText(houseEdgeBps, name)}×</td>
                </tr>
              );
            })}
          </tbody>
        </table>

        <div className="vp__cards" role="group" aria-label={t('videoPokerUi.title')}>
          {[0, 1, 2, 3, 4].map((i) => {
            const card = view?.cards[i] ?? null;
            const isHeld = !!held[i];
            const clickable = open && !busy;
            return (
              <button
                key={i}
                type="button"
                className={clsx('vp-card', isHeld && 'is-held', clickable && 'is-clickable')}
                data-testid="videopoker-card"
                data-index={i}
                data-held={isHeld}
                aria-pressed={open ? isHeld : undefined}
                aria-label={t('videoPokerUi.card', { number: i + 1 })}
                disabled={!clickable}
                onClick={() => onCard(i)}
              >
                <span className="vp-card__tag">
                  {isHeld ? t('videoPokerUi.held') : open ? t('videoPokerUi.hold') : ''}
                </span>
                <PlayingCard
                  key={`${round?.betId ?? 'none'}-${i}-${card ?? 'x'}`}
                  card={card}
                  motion={motions[i]}
                  className="vp-card__face"
                />
              </button>
            );
          })}
        </div>

        <div className="vp__status" aria-live="polite">
          {!round && <span className="vp__hint">{t('videoPokerUi.placeBet')}</span>}
          {open && (
            <span className="vp__hint">
              {winning ? `${t(`videoPokerUi.hands.${winning}`)} · ` : ''}
              {t('videoPokerUi.holdHint')}
            </span>
          )}
          {round && !open && hand && (
            <span
              key={`${round.betId}-result`}
              className={clsx('vp__result', winning ? 'is-win' : 'is-loss')}
              data-testid="videopoker-result"
              data-hand={hand}
              style={{ animationDelay: `${doneAt}ms` }}
            >
              {t(`videoPokerUi.hands.${hand}`)}
              {winning && <em>{t('videoPokerUi.pays', { multiplier: payText(houseEdgeBps, winning) })}</em>}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
