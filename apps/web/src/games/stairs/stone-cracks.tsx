/** Crack lines over a crumbling stone (and the hazard badge), drawn as SVG; colours come from stairs.css. */
export function StoneCracks({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 60 28" preserveAspectRatio="none" aria-hidden focusable="false">
      <path d="M4 3 14 11 11 16 21 25" />
      <path d="M30 0 27 7 34 12 30 19 36 28" />
      <path d="M34 12 44 10 50 16" />
      <path d="M56 2 50 8 54 14" />
    </svg>
  );
}
