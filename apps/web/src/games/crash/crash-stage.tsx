/**
 * The crash board: the last rounds strip on top, the curve rising smoothly between the server's
 * updates (requestAnimationFrame, interpolated with the exact `multiplierAt`), the big multiplier
 * (red once busted), the betting timer (orange at 10 s left, red at 5 s), the player's own bet and
 * the result badge.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useStore } from 'zustand';
import clsx from 'clsx';
import type { Currency } from '@nebula/contracts';
import { formatMultiplier } from '../frame/result-popup';
import { parseSignedDecimal } from '../frame/wager';
import type { SoundApi } from '../types';
import { type CurveColors, drawCurve } from './crash-draw';
import { formatX, liveHundredths, useAnimationFrame } from './crash-live';
import { hundredthsOf, timerLevel } from './crash-format';
import { bettingLeft, displayElapsed } from './crash-model';
import type { CrashPlayer } from './crash-player';
import type { CrashRoom } from './crash-room';
import { CrashStrip } from './crash-strip';
import { formatMoney } from '../../lib/money-format';
import { CurrencyIcon } from '../../ui';
import { useTranslation } from '../../lib/i18n';

export interface CrashStageProps {
  room: CrashRoom;
  player: CrashPlayer;
  me: string | null;
  currencies: Record<string, Currency>;
  sound: SoundApi;
  onOpenRound: (id: string) => void;
}

const abs = (value: bigint) => (value < 0n ? -value : value);

function readColors(el: HTMLElement): CurveColors {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    line: v('--win', '#1fd67a'),
    bust: v('--loss', '#ff6b7a'),
    text: v('--text-dim', '#8094a8'),
    grid: v('--border', '#263747'),
    marker: v('--text-muted', '#a3b3c4'),
  };
}

export function CrashStage({ room, player, me, currencies, sound, onOpenRound }: CrashStageProps) {
  const { t } = useTranslation();
  const state = useStore(room.store);
  const { badge } = useStore(player.store);
  const { round, status } = state;
  const boardRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const multRef = useRef<HTMLDivElement>(null);
  const timerRef = useRef<HTMLDivElement>(null);
  const secondsRef = useRef<HTMLSpanElement>(null);
  const barRef = useRef<HTMLSpanElement>(null);
  const view = useRef<{
    width: number;
    height: number;
    colors: CurveColors | null;
    ctx: CanvasRenderingContext2D | null;
  }>({ width: 0, height: 0, colors: null, ctx: null });
  const lastTick = useRef<number | null>(null);
  const drawn = useRef('');

  // The canvas follows the plot's size at the screen's pixel ratio.
  useEffect(() => {
    const plot = plotRef.current;
    const canvas = canvasRef.current;
    if (!plot || !canvas) return undefined;
    const fit = () => {
      const rect = plot.getBoundingClientRect();
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.max(1, Math.round(rect.width * ratio));
      canvas.height = Math.max(1, Math.round(rect.height * ratio));
      let ctx: CanvasRenderingContext2D | null = null;
      try {
        ctx = canvas.getContext('2d');
      } catch {
        ctx = null;
      }
      ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
      view.current = { width: rect.width, height: rect.height, colors: readColors(plot), ctx };
      drawn.current = '';
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(fit);
    observer.observe(plot);
    return () => observer.disconnect();
  }, []);

  const paint = (now: number) => {
    const current = room.state;
    const r = current.round;
    const hundredths = liveHundredths(r, now);
    const { ctx, width, height, colors } = view.current;
    const elapsed = displayElapsed(r, now);
    // The canvas changes only with the shown time, the phase, the size and the cash-outs.
    const frameKey = `${r?.id}:${r?.phase}:${elapsed}:${width}x${height}:${current.bets.length}:${current.bets.filter((b) => b.status === 'cashed_out').length}`;
    if (ctx && colors && width > 0 && frameKey !== drawn.current) {
      drawn.current = frameKey;
      drawCurve(ctx, {
        width,
        height,
        phase: r ? r.phase : 'idle',
        elapsedMs: elapsed,
        multiplier: Number(hundredths) / 100,
        markers: current.bets
          .filter((b) => b.status === 'cashed_out')
          .map((b) => ({
            multiplier: Number(hundredthsOf(b.multiplier)) / 100,
            name: b.user.name.length > 14 ? `${b.user.name.slice(0, 13)}…` : b.user.name,
            mine: !!me && b.user._id === me,
          })),
        colors,
      });
    }
    if (multRef.current) {
      const text = formatX(hundredths);
      if (multRef.current.textContent !== text) {
        multRef.current.textContent = text;
        multRef.current.dataset.value = text.replace(/[x,]/g, '');
      }
    }
    if (r?.phase === 'betting' && timerRef.current && secondsRef.current && barRef.current) {
      const left = bettingLeft(r, now);
      const level = timerLevel(left);
      if (timerRef.current.dataset.level !== level) timerRef.current.dataset.level = level;
      secondsRef.current.textContent =
        left > 0 ? `${(left / 1000).toFixed(1)}s` : t('gameCrash.phase.bettingClosing');
      barRef.current.style.transform = `scaleX(${r.bettingMs > 0 ? Math.min(1, left / r.bettingMs) : 0})`;
      const whole = Math.ceil(left / 1000);
      if (whole !== lastTick.current && whole > 0 && whole <= 3 && lastTick.current !== null)
        sound.play('tick');
      lastTick.current = whole;
    }
  };
  useAnimationFrame(paint);
  // The moving parts are written straight into the DOM: paint once after every render as well, so
  // a node React just made never shows empty until the next frame.
  useLayoutEffect(() => paint(performance.now()));

  const phase = round?.phase ?? 'idle';
  const own = state.mine && round && state.mine.id === round.id ? state.mine : null;
  const ownBet = own?.game.bet;
  const ownCurrency = ownBet ? currencies[ownBet.currency] : undefined;

  return (
    <div
      ref={boardRef}
      className={clsx('crash-board', `is-${phase}`)}
      data-testid="crash-board"
      data-phase={phase}
      data-round={round?.id ?? ''}
      aria-label={t('gameCrash.board')}
    >
      <CrashStrip history={state.history} onOpen={onOpenRound} />
      <div ref={plotRef} className="crash-plot">
        <canvas ref={canvasRef} className="crash-plot__canvas" aria-hidden="true" />
        <div className="crash-plot__center" aria-live="polite">
          {status !== 'ready' && !round ? (
            <p className="crash-plot__notice" data-testid="crash-notice">
              {t(status === 'error' ? 'gameCrash.phase.error' : 'gameCrash.phase.loading')}
            </p>
          ) : !round ? (
            <p className="crash-plot__notice">{t('gameCrash.phase.empty')}</p>
          ) : phase === 'betting' ? (
            <div
              ref={timerRef}
              className="crash-timer"
              data-testid="crash-timer"
              data-level="calm"
              key={round.id}
            >
              <span className="crash-timer__label">{t('gameCrash.phase.betting')}</span>
              <span ref={secondsRef} className="crash-timer__seconds tabular" />
              <span className="crash-timer__track">
                <span ref={barRef} className="crash-timer__bar" />
              </span>
            </div>
          ) : (
            <div
              className={clsx('crash-mult', phase === 'busted' && 'is-busted')}
              key={`${round.id}-${phase}`}
            >
              {phase === 'busted' && <span className="crash-mult__label">{t('gameCrash.phase.busted')}</span>}
              <div ref={multRef} className="crash-mult__value tabular" data-testid="crash-multiplier" />
            </div>
          )}
          {badge && (
            <div
              key={badge.key}
              className={clsx('crash-badge', badge.win ? 'is-win' : 'is-loss')}
              data-testid="crash-badge"
              data-kind={badge.win ? 'win' : 'lose'}
            >
              <span className="crash-badge__label">
                {t(badge.win ? 'gameCrash.badge.win' : 'gameCrash.badge.lose')}
              </span>
              <span className="crash-badge__amount tabular">
                {currencies[badge.currency] && (
                  <CurrencyIcon currency={currencies[badge.currency]!} size={14} />
                )}
                {badge.win ? '+' : '-'}
                {formatMoney(
                  abs(parseSignedDecimal(badge.profit, currencies[badge.currency]?.decimals ?? 8)),
                  currencies[badge.currency]?.decimals ?? 8,
                )}
              </span>
            </div>
          )}
        </div>
        {ownBet && own.game.status !== 'cancelled' && (
          <div
            className={clsx(
              'crash-own',
              own.game.status === 'win' && 'is-win',
              own.game.status === 'lose' && 'is-loss',
            )}
            data-testid="crash-own"
            data-status={own.game.status}
          >
            <span className="crash-own__label">
              {own.game.status === 'win'
                ? t('gameCrash.cashedOutAt', { multiplier: formatMultiplier(ownBet.multiplier) })
                : t('gameCrash.yourBet')}
            </span>
            <span className="crash-own__amount tabular">
              {ownCurrency && <CurrencyIcon currency={ownCurrency} size={14} />}
              {formatMoney(
                parseSignedDecimal(ownBet.wager, ownCurrency?.decimals ?? 8),
                ownCurrency?.decimals ?? 8,
              )}
              {ownBet.autoCashOut && own.game.status === 'in-progress' && (
                <span className="crash-own__target">@ {formatMultiplier(ownBet.autoCashOut)}</span>
              )}
            </span>
          </div>
        )}
      </div>
    </div>
  );
}
