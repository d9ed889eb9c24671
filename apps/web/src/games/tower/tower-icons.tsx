/** The tower's tile faces and crest, drawn as SVG (colours come from tower.css). */

/** An emerald-cut gem seen from the front. */
export function TowerGem({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 40" aria-hidden focusable="false">
      <path className="tower-gem__body" d="M12 2h24l10 12-22 24L2 14z" />
      <path className="tower-gem__crown" d="M12 2h24l10 12H2z" />
      <path className="tower-gem__table" d="M17 2h14l5 12H12z" />
      <path className="tower-gem__pavilion" d="M12 14h24L24 38z" />
      <path className="tower-gem__shine" d="M15 5h6l-3 6z" />
    </svg>
  );
}

/** A round bomb with a lit fuse. */
export function TowerBomb({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden focusable="false">
      <path className="tower-bomb__fuse" d="M30 13c2-5 6-8 11-7" fill="none" strokeLinecap="round" />
      <rect
        className="tower-bomb__cap"
        x="25"
        y="10"
        width="9"
        height="7"
        rx="2"
        transform="rotate(35 29.5 13.5)"
      />
      <circle className="tower-bomb__body" cx="22" cy="28" r="15" />
      <ellipse className="tower-bomb__shine" cx="16" cy="21" rx="5" ry="3" transform="rotate(-35 16 21)" />
      <g className="tower-bomb__spark">
        <circle cx="42" cy="6" r="3" />
        <path d="M42 0v3M42 9v3M36 6h3M45 6h3" strokeLinecap="round" />
      </g>
    </svg>
  );
}

/** The flag on top of the tower (lit once the top level is reached). */
export function TowerFlag({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 34 30" aria-hidden focusable="false">
      <path className="tower-flag__pole" d="M4 30V2" strokeLinecap="round" />
      <path className="tower-flag__cloth" d="M5 3h22l-5 6 5 6H5z" />
    </svg>
  );
}
