/**
 * The 3D coin: two faces (heads gold with a crown, tails blue with a star) and a rim of stacked
 * layers so it has thickness while it spins. `angle` is its rotation about the vertical axis; a
 * change of angle spins it over `spin` milliseconds while the wrapper tosses it up and lets it land.
 */
import type { CSSProperties } from 'react';
import clsx from 'clsx';
import type { CoinflipSide } from '@nebula/games';

const RIM_LAYERS = 7;

/** A face's emblem. */
export function CoinEmblem({ side, className }: { side: CoinflipSide; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden focusable="false">
      {side === 'heads' ? (
        <>
          <path d="M13 42 9 20l12.5 9.5L32 14l10.5 15.5L55 20l-4 22Z" fill="currentColor" />
          <rect x="13" y="46" width="38" height="6" rx="2" fill="currentColor" />
        </>
      ) : (
        <path
          d="m32 10 6.4 13.6 14.9 1.9-11 10.3 2.9 14.8L32 43.3l-13.2 7.3 2.9-14.8-11-10.3 14.9-1.9Z"
          fill="currentColor"
        />
      )}
    </svg>
  );
}

export interface CoinProps {
  /** Resting angle before this flip (degrees). */
  from: number;
  angle: number;
  /** Milliseconds of the spin to `angle`; 0 jumps there. */
  spin: number;
  /** Changes with every flip so the toss animation restarts. */
  tossKey: string;
  side: CoinflipSide | null;
  label: string;
  state: 'idle' | 'won' | 'lost';
}

/** The coin (`coinflip-coin` with `data-side`). */
export function Coin({ from, angle, spin, tossKey, side, label, state }: CoinProps) {
  const style = {
    '--coin-spin': `${spin}ms`,
    '--coin-from': `${from}deg`,
    '--coin-angle': `${angle}deg`,
  } as CSSProperties;
  return (
    <div className={clsx('coinflip-toss', spin > 0 && 'is-tossing')} key={tossKey} style={style}>
      <div
        className={clsx('coinflip-coin', `is-${state}`)}
        data-testid="coinflip-coin"
        data-side={side ?? ''}
        data-angle={angle}
        role="img"
        aria-label={label}
      >
        {Array.from({ length: RIM_LAYERS }, (_, i) => (
          <span
            key={i}
            className="coinflip-coin__rim"
            style={{ '--z': `${i - (RIM_LAYERS - 1) / 2}px` } as CSSProperties}
          />
        ))}
        <span className="coinflip-coin__face coinflip-coin__face--heads">
          <CoinEmblem side="heads" className="coinflip-coin__emblem" />
        </span>
        <span className="coinflip-coin__face coinflip-coin__face--tails">
          <CoinEmblem side="tails" className="coinflip-coin__emblem" />
        </span>
      </div>
      <span className="coinflip-shadow" aria-hidden />
    </div>
  );
}
