/** Small inline icons of the hilo decisions (stroke follows `currentColor`). */
import type { HiloDecision } from '@nebula/games';

const PATHS: Record<HiloDecision, string> = {
  higher: 'M12 19V5M5.5 11.5 12 5l6.5 6.5',
  lower: 'M12 5v14M5.5 12.5 12 19l6.5-6.5',
  equal: 'M5 9h14M5 15h14',
  skip: 'M5 6l6 6-6 6M13 6l6 6-6 6',
};

/** The icon of a decision. */
export function DecisionIcon({ decision, className }: { decision: HiloDecision; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="1em" height="1em" aria-hidden focusable="false">
      <path
        d={PATHS[decision]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
