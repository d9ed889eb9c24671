import clsx from 'clsx';
import { ArrowDown, ArrowUp, Lock } from 'lucide-react';
import type { SportEventSummary, SportMarket, SportOutcome } from '@nebula/contracts';
import { useTranslation } from '../../lib/i18n';
import { useOddsFlash, useOddsFormatter } from './odds';
import { selectionOf } from './slip-model';
import { useSlip } from './slip-store';

export interface OddsButtonProps {
  event: SportEventSummary;
  market: SportMarket;
  outcome: SportOutcome;
  /** Shows the outcome's name beside the odds (the event page); lists show a short label above. */
  label?: string;
  compact?: boolean;
}

/** One price: toggles its selection in the slip, flashes green or red when the odds move. */
export function OddsButton({ event, market, outcome, label, compact }: OddsButtonProps) {
  const { t } = useTranslation();
  const format = useOddsFormatter();
  const selected = useSlip((state) => state.selections.some((s) => s.outcomeId === outcome.id));
  const toggle = useSlip((state) => state.toggle);
  const { direction, key } = useOddsFlash(outcome.odds);
  const open =
    outcome.active &&
    market.status === 'active' &&
    (event.status === 'live' || event.status === 'not_started');
  const name = label ?? outcome.name;
  return (
    <button
      type="button"
      className={clsx(
        'odds-btn',
        compact && 'odds-btn--compact',
        selected && 'is-selected',
        direction && `is-flash-${direction}`,
      )}
      aria-pressed={selected}
      disabled={!open && !selected}
      onClick={() => toggle(selectionOf(event, market, outcome))}
      data-testid={`odds-${outcome.id}`}
      data-odds={outcome.odds}
      title={`${market.name}: ${outcome.name}`}
    >
      <span className="odds-btn__name">{name}</span>
      <span className="odds-btn__price tabular" key={key}>
        {open ? (
          <>
            {direction === 'up' && <ArrowUp size={12} aria-hidden="true" />}
            {direction === 'down' && <ArrowDown size={12} aria-hidden="true" />}
            {format(outcome.odds)}
          </>
        ) : (
          <Lock size={13} aria-label={t('sportsUi.suspended')} />
        )}
      </span>
    </button>
  );
}
