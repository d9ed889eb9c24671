import type { CSSProperties } from 'react';
import { DIAMONDS_GEMS } from '@nebula/games';

/** Display colours of the seven gems, in the package's gem index order (0 green ... 6 blue). */
export const GEM_COLOURS: Readonly<Record<(typeof DIAMONDS_GEMS)[number], string>> = {
  green: '#2ee37f',
  purple: '#a465ff',
  yellow: '#ffd43b',
  red: '#ff4d61',
  cyan: '#35e4f2',
  orange: '#ff9838',
  blue: '#3f7dff',
};

/** The colour name of a gem index (`green` for 0). */
export function gemName(index: number): (typeof DIAMONDS_GEMS)[number] {
  return DIAMONDS_GEMS[index] ?? 'green';
}

/** A brilliant-cut gem drawn in `colour` (facets are lighter and darker shades of it). */
export function GemIcon({ colour, className }: { colour: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 56" style={{ '--gem': colour } as CSSProperties} aria-hidden>
      <g className="gem-svg">
        <path className="gem-svg__f1" d="M2 20 16 4l6 16z" />
        <path className="gem-svg__f2" d="M16 4h16L22 20z" />
        <path className="gem-svg__f3" d="M32 4l10 16H22z" />
        <path className="gem-svg__f2" d="M32 4h16L42 20z" />
        <path className="gem-svg__f4" d="M48 4l14 16H42z" />
        <path className="gem-svg__p1" d="M2 20h20l10 34z" />
        <path className="gem-svg__p2" d="M22 20h20L32 54z" />
        <path className="gem-svg__p3" d="M42 20h20L32 54z" />
        <path className="gem-svg__shine" d="M18 7.5h8l-5 9.5z" />
      </g>
    </svg>
  );
}
