/**
 * The plinko board: a triangle of pins over a row of multiplier slots. Each round drops a ball along
 * the outcome's path (one bounce per row, requestAnimationFrame), the slot it lands in pulses, and
 * the frame is told via `onAnimationEnd`. Balls are plain SVG nodes moved imperatively, so several
 * may be in flight at once without re-rendering React.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import { type PlinkoOutcome, type PlinkoParams, plinkoTable, ratioToDecimal } from '@nebula/games';
import { formatNumber, useTranslation } from '../../lib/i18n';
import type { BoardProps } from '../types';
import {
  type PlinkoGeometry,
  ballAt,
  ballWaypoints,
  fallDuration,
  pinPosition,
  plinkoGeometry,
  slotChancePercent,
  slotColors,
  slotLabel,
  slotX,
} from './layout';
import './texts';
import './plinko.css';

const SVG_NS = 'http://www.w3.org/2000/svg';

interface Flight {
  key: number;
  bucket: number;
  waypoints: { x: number; y: number }[];
  start: number;
  duration: number;
  leg: number;
  ball: SVGCircleElement;
}

function animate(element: Element | null | undefined, keyframes: Keyframe[], duration: number): void {
  if (element && typeof element.animate === 'function')
    element.animate(keyframes, { duration, easing: 'ease-out' });
}

/** Board of the plinko game (`data-testid="plinko-board"`, one `plinko-slot` per slot). */
export function PlinkoBoard({
  params,
  round,
  roundKey,
  onAnimationEnd,
  houseEdgeBps,
  sound,
}: BoardProps<PlinkoParams, PlinkoOutcome>) {
  const { t } = useTranslation();
  const { rows, risk } = params;
  const geometry = useMemo(() => plinkoGeometry(rows), [rows]);
  const table = useMemo(() => plinkoTable(rows, risk, houseEdgeBps), [rows, risk, houseEdgeBps]);
  const colors = useMemo(() => slotColors(table), [table]);
  const [landed, setLanded] = useState<{ bucket: number; rows: number } | null>(null);
  const gradientId = `plinko-ball-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const svgRef = useRef<SVGSVGElement>(null);
  const ballLayer = useRef<SVGGElement>(null);
  const flights = useRef<Flight[]>([]);
  const frame = useRef(0);
  const launched = useRef<number | null>(null);
  const latest = useRef({ onAnimationEnd, sound, geometry });
  useLayoutEffect(() => {
    latest.current = { onAnimationEnd, sound, geometry };
  });

  function slotElement(bucket: number): Element | null | undefined {
    return svgRef.current?.querySelector(`[data-bucket="${bucket}"]`);
  }

  function land(bucket: number, key: number): void {
    const { spacing } = latest.current.geometry;
    animate(
      slotElement(bucket),
      [
        { transform: 'translateY(0)', filter: 'brightness(1)' },
        { transform: `translateY(${spacing * 0.2}px)`, filter: 'brightness(1.45)', offset: 0.3 },
        { transform: 'translateY(0)', filter: 'brightness(1)' },
      ],
      420,
    );
    latest.current.sound.play('pop');
    latest.current.onAnimationEnd(key);
  }

  function hitPin(row: number, index: number): void {
    const pin = svgRef.current?.querySelector(`[data-pin="${row}-${index}"]`);
    animate(
      pin,
      [
        { transform: 'scale(1)', fill: '#ffffff' },
        { transform: 'scale(1.8)', fill: '#ffffff', offset: 0.25 },
        { transform: 'scale(1)' },
      ],
      280,
    );
    latest.current.sound.play('tick', { pitch: 0.85 + row * 0.035 });
  }

  function tick(now: number): void {
    const { geometry: current } = latest.current;
    for (const flight of [...flights.current]) {
      const progress = (now - flight.start) / flight.duration;
      const position = ballAt(current, flight.waypoints, progress);
      flight.ball.setAttribute('cx', position.x.toFixed(2));
      flight.ball.setAttribute('cy', position.y.toFixed(2));
      while (flight.leg < position.leg) {
        flight.leg += 1;
        // Entering leg r + 1 means the ball just touched row r's pin (index = rights so far + 1).
        const row = flight.leg - 1;
        const rights = flight.waypoints[flight.leg] as { x: number };
        const index = Math.round((rights.x - current.width / 2) / current.spacing + (row + 2) / 2);
        hitPin(row, index);
      }
      if (progress >= 1) {
        flights.current = flights.current.filter((other) => other !== flight);
        const ball = flight.ball;
        animate(ball, [{ opacity: 1 }, { opacity: 0 }], 180);
        setTimeout(() => ball.remove(), 170);
        setLanded({ bucket: flight.bucket, rows: current.rows });
        land(flight.bucket, flight.key);
      }
    }
    frame.current = flights.current.length > 0 ? requestAnimationFrame(tick) : 0;
  }

  function ensureLoop(): void {
    if (frame.current === 0 && flights.current.length > 0) frame.current = requestAnimationFrame(tick);
  }

  // A new round: drop a ball (or, in quick mode, land at once).
  useEffect(() => {
    if (!round || launched.current === roundKey) return;
    launched.current = roundKey;
    const { path, bucket } = round.outcome;
    const layer = ballLayer.current;
    if (round.quick || round.delay <= 0 || path.length !== geometry.rows || !layer) {
      land(bucket, roundKey);
      return;
    }
    const ball = document.createElementNS(SVG_NS, 'circle');
    ball.setAttribute('r', geometry.ballRadius.toFixed(2));
    ball.setAttribute('class', 'plinko__ball');
    ball.setAttribute('fill', `url(#${gradientId})`);
    const waypoints = ballWaypoints(geometry, path);
    ball.setAttribute('cx', String(waypoints[0]?.x ?? 0));
    ball.setAttribute('cy', String(waypoints[0]?.y ?? 0));
    layer.appendChild(ball);
    flights.current.push({
      key: roundKey,
      bucket,
      waypoints,
      start: performance.now(),
      duration: fallDuration(round.delay, geometry.rows),
      leg: 0,
      ball,
    });
    ensureLoop();
    // land/ensureLoop only read refs; the effect runs once per round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roundKey, round]);

  // A board of another size: balls in flight cannot continue on it; settle them at once.
  const shownRows = useRef(rows);
  useEffect(() => {
    if (shownRows.current === rows) return;
    shownRows.current = rows;
    const pending = flights.current;
    flights.current = [];
    for (const flight of pending) {
      flight.ball.remove();
      latest.current.onAnimationEnd(flight.key);
    }
  }, [rows]);

  // (Re)start the frame loop on mount, so balls survive a remount (React strict mode).
  useEffect(() => {
    ensureLoop();
    return () => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The slot to light: a quick round's at once, otherwise the last ball's once it landed.
  const roundRows = (round?.params as Partial<PlinkoParams> | undefined)?.rows;
  const lit =
    round && (round.quick || round.delay <= 0)
      ? roundRows === rows
        ? round.outcome.bucket
        : null
      : landed?.rows === rows
        ? landed.bucket
        : null;

  return (
    <div className="plinko" data-testid="plinko-board" data-rows={rows} data-risk={risk}>
      <svg
        ref={svgRef}
        className="plinko__svg"
        viewBox={`0 0 ${geometry.width} ${geometry.height.toFixed(1)}`}
        role="img"
        aria-label={t('plinkoUi.board')}
      >
        <defs>
          <radialGradient id={gradientId} cx="35%" cy="30%" r="75%">
            <stop offset="0%" stopColor="#fff4f7" />
            <stop offset="35%" stopColor="#ff5d86" />
            <stop offset="100%" stopColor="#c4123f" />
          </radialGradient>
        </defs>
        <Pins geometry={geometry} />
        <g>
          {table.map((multiplier, bucket) => (
            <Slot
              key={`${rows}-${bucket}`}
              geometry={geometry}
              bucket={bucket}
              label={slotLabel(multiplier)}
              value={ratioToDecimal(multiplier, 2)}
              color={colors[bucket] as string}
              active={lit === bucket}
              title={t('plinkoUi.slot', {
                multiplier: ratioToDecimal(multiplier, 2),
                chance: formatNumber(slotChancePercent(rows, bucket), { maximumSignificantDigits: 3 }),
              })}
            />
          ))}
        </g>
        <g ref={ballLayer} />
      </svg>
    </div>
  );
}

function Pins({ geometry }: { geometry: PlinkoGeometry }) {
  const pins = [];
  for (let row = 0; row < geometry.rows; row += 1) {
    for (let index = 0; index < row + 3; index += 1) {
      const { x, y } = pinPosition(geometry, row, index);
      pins.push(
        <circle
          key={`${row}-${index}`}
          data-pin={`${row}-${index}`}
          className="plinko__pin"
          cx={x.toFixed(2)}
          cy={y.toFixed(2)}
          r={geometry.pinRadius.toFixed(2)}
        />,
      );
    }
  }
  return <g>{pins}</g>;
}

interface SlotProps {
  geometry: PlinkoGeometry;
  bucket: number;
  label: string;
  value: string;
  color: string;
  active: boolean;
  title: string;
}

function Slot({ geometry, bucket, label, value, color, active, title }: SlotProps) {
  const { slotWidth, slotHeight, slotTop, spacing } = geometry;
  const x = slotX(geometry, bucket) - slotWidth / 2;
  const text = `${label}×`;
  const fontSize = Math.min(spacing * 0.36, (slotWidth * 0.84) / (text.length * 0.58));
  const radius = spacing * 0.09;
  return (
    <g
      className={clsx('plinko__slot', active && 'is-active')}
      data-testid="plinko-slot"
      data-bucket={bucket}
      data-multiplier={value}
    >
      <title>{title}</title>
      <rect
        x={x}
        y={slotTop + spacing * 0.07}
        width={slotWidth}
        height={slotHeight}
        rx={radius}
        fill={color}
        className="plinko__slot-shade"
      />
      <rect x={x} y={slotTop} width={slotWidth} height={slotHeight} rx={radius} fill={color} />
      <text
        x={x + slotWidth / 2}
        y={slotTop + slotHeight / 2}
        fontSize={fontSize.toFixed(1)}
        className="plinko__slot-label"
        textAnchor="middle"
        dominantBaseline="central"
      >
        {text}
      </text>
    </g>
  );
}
