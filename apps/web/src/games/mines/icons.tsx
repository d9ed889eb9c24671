/** The mines board's two faces: a cut gem and a sea mine, drawn as SVG (colours come from CSS). */

/** A green cut gem (brilliant, seen from the side). */
export function GemFace({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 56" aria-hidden focusable="false">
      <g className="mines-gem">
        <path className="mines-gem__f1" d="M2 20 16 4l6 16z" />
        <path className="mines-gem__f2" d="M16 4h16L22 20z" />
        <path className="mines-gem__f3" d="M32 4l10 16H22z" />
        <path className="mines-gem__f2" d="M32 4h16L42 20z" />
        <path className="mines-gem__f4" d="M48 4l14 16H42z" />
        <path className="mines-gem__p1" d="M2 20h20l10 34z" />
        <path className="mines-gem__p2" d="M22 20h20L32 54z" />
        <path className="mines-gem__p3" d="M42 20h20L32 54z" />
        <path className="mines-gem__shine" d="M18 7.5h8l-5 9.5z" />
      </g>
    </svg>
  );
}

/** A round mine with spikes, a highlight and a fuse light. */
export function MineFace({ className }: { className?: string }) {
  const spikes = [0, 45, 90, 135, 180, 225, 270, 315];
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden focusable="false">
      <g className="mines-bomb">
        {spikes.map((angle) => (
          <rect
            key={angle}
            className="mines-bomb__spike"
            x="29"
            y="4"
            width="6"
            height="14"
            rx="2"
            transform={`rotate(${angle} 32 32)`}
          />
        ))}
        <circle className="mines-bomb__body" cx="32" cy="32" r="18" />
        <circle className="mines-bomb__shade" cx="35" cy="35" r="15" />
        <ellipse className="mines-bomb__shine" cx="25" cy="24" rx="6" ry="4" transform="rotate(-35 25 24)" />
        <circle className="mines-bomb__light" cx="32" cy="32" r="4" />
      </g>
    </svg>
  );
}
