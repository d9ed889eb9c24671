/**
 * The European wheel (SVG): 37 pockets in the real order, a slowly turning rotor and a ball that
 * orbits the other way and drops into the outcome pocket with an ease-out and a few bounces. The
 * motion runs in requestAnimationFrame and writes CSS transforms of two composited layers (the rotor
 * and the ball's orbit) directly: no React render and no repaint per frame;
 * when the spin ends is decided by the board's timer, not by frames.
 */
import { forwardRef, memo, useEffect, useImperativeHandle, useRef } from 'react';
import { pocketColor } from './layout';

/** Pockets clockwise from the top, starting at zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;

const STEP = 360 / WHEEL_ORDER.length;
const C = 100; // centre of the 200 x 200 view box
const TRACK_R = 87;
const POCKET_R = 62;
const BALL_D = 7.2; // ball diameter in view box units
const IDLE_SPEED = 14; // degrees per second
const SPIN_BOOST = 300; // extra rotor degrees during a spin

/** The angle (degrees clockwise from the top, in rotor coordinates) of a pocket's centre. */
export function pocketAngle(n: number): number {
  const index = WHEEL_ORDER.indexOf(n as (typeof WHEEL_ORDER)[number]);
  return (index < 0 ? 0 : index) * STEP;
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;
const easeOutQuart = (t: number) => 1 - (1 - t) ** 4;
function easeOutBounce(t: number): number {
  const n = 7.5625;
  const d = 2.75;
  if (t < 1 / d) return n * t * t;
  if (t < 2 / d) return n * (t -= 1.5 / d) * t + 0.75;
  if (t < 2.5 / d) return n * (t -= 2.25 / d) * t + 0.9375;
  return n * (t -= 2.625 / d) * t + 0.984375;
}

/** Controls of the wheel for the board. */
export interface WheelHandle {
  /** Spins to pocket `n` over `durationMs`. */
  spin(n: number, durationMs: number): void;
  /** Puts the ball in pocket `n` at once. */
  place(n: number): void;
}

const raf: (cb: FrameRequestCallback) => number =
  typeof requestAnimationFrame === 'function'
    ? (cb) => requestAnimationFrame(cb)
    : (cb) => setTimeout(() => cb(performance.now()), 16) as unknown as number;
const caf: (id: number) => void =
  typeof cancelAnimationFrame === 'function' ? (id) => cancelAnimationFrame(id) : (id) => clearTimeout(id);

interface Spin {
  start: number;
  duration: number;
  rotor0: number;
  ball0: number;
  ballTarget: number;
  radius0: number;
}

function point(angle: number, r: number): string {
  const rad = (angle * Math.PI) / 180;
  return `${(C + r * Math.sin(rad)).toFixed(3)} ${(C - r * Math.cos(rad)).toFixed(3)}`;
}

function wedge(angle: number, inner: number, outer: number): string {
  const a0 = angle - STEP / 2;
  const a1 = angle + STEP / 2;
  return `M${point(a0, inner)}L${point(a0, outer)}A${outer} ${outer} 0 0 1 ${point(a1, outer)}L${point(a1, inner)}A${inner} ${inner} 0 0 0 ${point(a0, inner)}Z`;
}

/** The static rotor drawing: pockets, numbers, frets, cone and turret. */
const Rotor = memo(function Rotor() {
  return (
    <>
      {WHEEL_ORDER.map((n, i) => (
        <path key={n} d={wedge(i * STEP, 56, 80)} className={`rw-pocket rw-pocket--${pocketColor(n)}`} />
      ))}
      <circle cx={C} cy={C} r={68} className="rw-seat" />
      {WHEEL_ORDER.map((n, i) => (
        <text
          key={n}
          x={C}
          y={C - 72.5}
          className="rw-number"
          transform={`rotate(${i * STEP} ${C} ${C})`}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {n}
        </text>
      ))}
      {WHEEL_ORDER.map((n, i) => (
        <line
          key={n}
          x1={C}
          y1={C - 56}
          x2={C}
          y2={C - 68}
          className="rw-fret"
          transform={`rotate(${i * STEP + STEP / 2} ${C} ${C})`}
        />
      ))}
      <circle cx={C} cy={C} r={80} className="rw-ring" />
      <circle cx={C} cy={C} r={68} className="rw-ring rw-ring--thin" />
      <circle cx={C} cy={C} r={56} className="rw-cone" />
      <circle cx={C} cy={C} r={44} className="rw-cone-inner" />
      {[0, 90, 180, 270].map((angle) => (
        <g key={angle} transform={`rotate(${angle} ${C} ${C})`}>
          <rect x={C - 2} y={C - 30} width={4} height={30} rx={2} className="rw-turret-arm" />
          <circle cx={C} cy={C - 30} r={3.4} className="rw-turret-knob" />
        </g>
      ))}
      <circle cx={C} cy={C} r={9} className="rw-turret-hub" />
    </>
  );
});

/** The wheel; the board drives it through {@link WheelHandle}. */
export const RouletteWheel = memo(
  forwardRef<WheelHandle>(function RouletteWheel(_props, ref) {
    const rotorRef = useRef<HTMLDivElement>(null);
    const orbitRef = useRef<HTMLDivElement>(null);
    const ballRef = useRef<HTMLSpanElement>(null);
    const state = useRef({
      rotor: 0,
      ball: 0, // absolute angle
      radius: TRACK_R,
      landed: null as number | null, // pocket the ball rests in (it turns with the rotor)
      visible: false,
      spin: null as Spin | null,
      last: 0,
    });

    useImperativeHandle(
      ref,
      () => ({
        spin(n, durationMs) {
          const s = state.current;
          const now = performance.now();
          const rotorEnd = s.rotor + SPIN_BOOST + (IDLE_SPEED * durationMs) / 1000;
          let target = rotorEnd + pocketAngle(n);
          // The ball runs counter-clockwise, at least three turns.
          while (s.ball - target < 3 * 360) target -= 360;
          s.spin = {
            start: now,
            duration: Math.max(durationMs, 1),
            rotor0: s.rotor,
            ball0: s.ball,
            ballTarget: target,
            radius0: s.landed === null ? TRACK_R : POCKET_R,
          };
          s.landed = null;
          s.visible = true;
        },
        place(n) {
          const s = state.current;
          s.spin = null;
          s.landed = n;
          s.visible = true;
          s.radius = POCKET_R;
          s.ball = s.rotor + pocketAngle(n);
          draw();
        },
      }),
      [],
    );

    function draw() {
      const s = state.current;
      const rotor = rotorRef.current;
      if (rotor) rotor.style.transform = `rotate(${s.rotor.toFixed(3)}deg)`;
      const orbit = orbitRef.current;
      if (orbit) orbit.style.transform = `rotate(${s.ball.toFixed(3)}deg)`;
      const ball = ballRef.current;
      if (ball) {
        // Radius in view box units, as a multiple of the ball's own size (translate % is of the ball).
        const lift = ((-s.radius / BALL_D) * 100).toFixed(2);
        // Turned back by the orbit angle so its highlight stays top-left.
        ball.style.transform = `translate(-50%, -50%) translateY(${lift}%) rotate(${(-s.ball).toFixed(3)}deg)`;
        ball.style.opacity = s.visible ? '1' : '0';
      }
    }

    useEffect(() => {
      let frame = 0;
      const s = state.current;
      s.last = performance.now();
      const tick = (now: number) => {
        const dt = Math.min(now - s.last, 100);
        s.last = now;
        const spin = s.spin;
        if (spin) {
          const elapsed = now - spin.start;
          const t = Math.min(elapsed / spin.duration, 1);
          s.rotor = spin.rotor0 + (IDLE_SPEED * elapsed) / 1000 + SPIN_BOOST * easeOutCubic(t);
          s.ball = spin.ball0 + (spin.ballTarget - spin.ball0) * easeOutQuart(t);
          const drop = 0.5;
          if (t < drop) {
            s.radius = spin.radius0 + (TRACK_R - spin.radius0) * Math.min(t / 0.12, 1);
          } else {
            const u = (t - drop) / (1 - drop);
            s.radius = POCKET_R + (TRACK_R - POCKET_R) * (1 - easeOutBounce(u));
          }
          if (t >= 1) {
            s.spin = null;
            s.radius = POCKET_R;
            s.landed = -1; // resting: turns with the rotor from here
          }
        } else {
          const delta = (IDLE_SPEED * dt) / 1000;
          s.rotor += delta;
          if (s.landed !== null) s.ball += delta;
        }
        draw();
        frame = raf(tick);
      };
      frame = raf(tick);
      return () => caf(frame);
    }, []);

    return (
      <div className="rw" aria-hidden="true">
        <svg className="rw__base" viewBox="0 0 200 200">
          <defs>
            <radialGradient id="rw-rim" cx="50%" cy="45%" r="55%">
              <stop offset="0.82" stopColor="#3a2a1f" />
              <stop offset="0.9" stopColor="#5b4130" />
              <stop offset="1" stopColor="#1d140e" />
            </radialGradient>
            <radialGradient id="rw-track" cx="50%" cy="50%" r="50%">
              <stop offset="0.8" stopColor="#0d1620" />
              <stop offset="0.92" stopColor="#1b2a38" />
              <stop offset="1" stopColor="#0a1118" />
            </radialGradient>
          </defs>
          <circle cx={C} cy={C} r={99} fill="url(#rw-rim)" />
          <circle cx={C} cy={C} r={93} fill="url(#rw-track)" />
          <circle cx={C} cy={C} r={93} className="rw-track-edge" />
          <circle cx={C} cy={C} r={81.5} className="rw-track-edge rw-track-edge--inner" />
        </svg>
        {/* The rotor and the ball orbit turn as composited layers: no repaint per frame. */}
        <div ref={rotorRef} className="rw__rotor">
          <svg viewBox="0 0 200 200">
            <defs>
              <radialGradient id="rw-cone" cx="42%" cy="38%" r="65%">
                <stop offset="0" stopColor="#8a6a45" />
                <stop offset="0.55" stopColor="#5a4128" />
                <stop offset="1" stopColor="#2e2014" />
              </radialGradient>
              <linearGradient id="rw-gold" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#ffe8a3" />
                <stop offset="0.5" stopColor="#d4a73c" />
                <stop offset="1" stopColor="#8a6420" />
              </linearGradient>
            </defs>
            <Rotor />
          </svg>
        </div>
        <div ref={orbitRef} className="rw__orbit">
          <span ref={ballRef} className="rw__ball" style={{ opacity: 0 }} />
        </div>
      </div>
    );
  }),
);
