/**
 * The profit monitor window (spec 3 section 4): session profit as a small SVG line chart starting
 * at 0, wins and losses, wagered and profit in USDT, and a reset. A floating window that can be
 * dragged by its header on desktop; a sheet above the bottom navigation on phones.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import clsx from 'clsx';
import { GripHorizontal, RotateCcw, X } from 'lucide-react';
import { IconButton } from '../../ui';
import { chartGeometry, formatUsd } from './profit-monitor-model';
import { useProfitMonitor, type MonitorPosition } from './profit-monitor-store';
import { useTranslation } from '../../lib/i18n';

const CHART_W = 280;
const CHART_H = 96;
/** At or below this width the monitor is a sheet, not a floating window. */
const SHEET_MAX_WIDTH = 768;

function clampPosition(position: MonitorPosition, el: HTMLElement): MonitorPosition {
  const maxX = Math.max(0, window.innerWidth - el.offsetWidth);
  const maxY = Math.max(0, window.innerHeight - el.offsetHeight);
  return { x: Math.min(Math.max(0, position.x), maxX), y: Math.min(Math.max(0, position.y), maxY) };
}

/** `container`: where the window is rendered (the fullscreen game box), the body by default. */
export function ProfitMonitor({ container = null }: { container?: HTMLElement | null }) {
  const { t } = useTranslation();
  const stats = useProfitMonitor((state) => state.stats);
  const position = useProfitMonitor((state) => state.position);
  const setPosition = useProfitMonitor((state) => state.setPosition);
  const setOpen = useProfitMonitor((state) => state.setOpen);
  const reset = useProfitMonitor((state) => state.reset);
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ dx: number; dy: number; id: number } | null>(null);

  // Keep the window on screen when the viewport shrinks.
  useEffect(() => {
    const onResize = () => {
      const el = ref.current;
      const current = useProfitMonitor.getState().position;
      if (el && current) setPosition(clampPosition(current, el));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setPosition]);

  function handlePointerDown(event: ReactPointerEvent<HTMLElement>) {
    const el = ref.current;
    if (!el || window.innerWidth <= SHEET_MAX_WIDTH || event.button !== 0) return;
    if ((event.target as HTMLElement).closest('button')) return;
    const rect = el.getBoundingClientRect();
    drag.current = { dx: event.clientX - rect.left, dy: event.clientY - rect.top, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function handlePointerMove(event: ReactPointerEvent<HTMLElement>) {
    const el = ref.current;
    const state = drag.current;
    if (!el || !state || state.id !== event.pointerId) return;
    setPosition(clampPosition({ x: event.clientX - state.dx, y: event.clientY - state.dy }, el));
  }

  function handlePointerUp(event: ReactPointerEvent<HTMLElement>) {
    if (drag.current?.id === event.pointerId) drag.current = null;
  }

  const geometry = chartGeometry(stats.series, CHART_W, CHART_H);
  const up = stats.profit >= 0;
  const bets = stats.wins + stats.losses;

  return createPortal(
    <div
      ref={ref}
      className={clsx('gf-monitor', position && 'is-placed')}
      style={position ? { left: position.x, top: position.y } : undefined}
      role="dialog"
      aria-label={t('gameFrame.monitor.title')}
      data-testid="profit-monitor"
    >
      <header
        className="gf-monitor__head"
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerUp}
      >
        <GripHorizontal size={14} className="gf-monitor__grip" aria-hidden="true" />
        <h2>{t('gameFrame.monitor.title')}</h2>
        <IconButton
          size="sm"
          aria-label={t('gameFrame.monitor.reset')}
          onClick={reset}
          data-testid="monitor-reset"
        >
          <RotateCcw size={14} />
        </IconButton>
        <IconButton size="sm" aria-label={t('gameFrame.monitor.close')} onClick={() => setOpen(false)}>
          <X size={14} />
        </IconButton>
      </header>
      <dl className="gf-monitor__stats">
        <div>
          <dt>{t('gameFrame.monitor.profit')}</dt>
          <dd
            className={clsx('tabular', stats.profit > 0 && 'is-win', stats.profit < 0 && 'is-loss')}
            data-testid="monitor-profit"
          >
            {formatUsd(stats.profit, true)} <small>USDT</small>
          </dd>
        </div>
        <div>
          <dt>{t('gameFrame.monitor.wagered')}</dt>
          <dd className="tabular" data-testid="monitor-wagered">
            {formatUsd(stats.wagered)} <small>USDT</small>
          </dd>
        </div>
        <div>
          <dt>{t('gameFrame.monitor.wins')}</dt>
          <dd className="tabular is-win" data-testid="monitor-wins">
            {stats.wins}
          </dd>
        </div>
        <div>
          <dt>{t('gameFrame.monitor.losses')}</dt>
          <dd className="tabular is-loss" data-testid="monitor-losses">
            {stats.losses}
          </dd>
        </div>
      </dl>
      <svg
        className={clsx('gf-monitor__chart', up ? 'is-up' : 'is-down')}
        viewBox={`0 0 ${CHART_W} ${CHART_H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('gameFrame.monitor.chart', { count: bets })}
      >
        <line x1="0" x2={CHART_W} y1={geometry.zeroY} y2={geometry.zeroY} className="gf-monitor__zero" />
        <path d={geometry.area} className="gf-monitor__area" />
        <path d={geometry.line} className="gf-monitor__line" vectorEffect="non-scaling-stroke" />
      </svg>
    </div>,
    container ?? document.body,
  );
}
