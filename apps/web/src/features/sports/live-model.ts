/**
 * What the sportsbook's socket events do to the events the screens show (pure, unit-tested):
 * `SportOddsChange` moves odds (keeping the previous odds, so a button can flash up or down) and
 * market statuses; `SportEventStatus` moves status, score and clock. And the match clock's reading.
 */
import type { RefData, sportEventStatusEventRef, sportOddsChangeEventRef } from '@nebula/contracts/constants';
import type { SportClock, SportEvent, SportEventSummary, SportMarket } from '@nebula/contracts';

export type OddsChange = RefData<typeof sportOddsChangeEventRef>;
export type EventStatusChange = RefData<typeof sportEventStatusEventRef>;

function applyToMarket(market: SportMarket, change: OddsChange['markets'][number]): SportMarket {
  const outcomes = new Map(change.outcomes.map((outcome) => [outcome.id, outcome]));
  return {
    ...market,
    status: change.status,
    outcomes: market.outcomes.map((outcome) => {
      const next = outcomes.get(outcome.id);
      if (!next) return outcome;
      const moved = next.odds !== outcome.odds;
      return {
        ...outcome,
        odds: next.odds,
        previousOdds: moved ? outcome.odds : outcome.previousOdds,
        active: next.active && change.status === 'active',
      };
    }),
  };
}

/** An event (summary or full) after an odds change; the same object when the change is not its. */
export function applyOddsChange<E extends SportEventSummary | SportEvent>(event: E, change: OddsChange): E {
  if (event.id !== change.event) return event;
  const byId = new Map(change.markets.map((market) => [market.id, market]));
  const main = event.mainMarket && byId.get(event.mainMarket.id);
  let next: E = event;
  if (main && event.mainMarket) next = { ...next, mainMarket: applyToMarket(event.mainMarket, main) };
  if ('markets' in event) {
    const markets = event.markets.map((market) => {
      const one = byId.get(market.id);
      return one ? applyToMarket(market, one) : market;
    });
    next = { ...next, markets };
  }
  return next;
}

export function applyStatusChange<E extends SportEventSummary | SportEvent>(
  event: E,
  change: EventStatusChange,
): E {
  if (event.id !== change.event) return event;
  return { ...event, status: change.status, score: change.score, clock: change.clock };
}

/** The outcomes an odds change names, for the slip. */
export function oddsByOutcome(change: OddsChange): Map<string, { odds: number; active: boolean }> {
  const out = new Map<string, { odds: number; active: boolean }>();
  for (const market of change.markets) {
    for (const outcome of market.outcomes) {
      out.set(outcome.id, { odds: outcome.odds, active: outcome.active && market.status === 'active' });
    }
  }
  return out;
}

/**
 * The clock's `mm:ss` now: a running clock advances from its reading (`at`, server time) at its speed
 * (match seconds per real second, 1 when absent; the simulated matches run faster); `offsetMs` is the
 * server's clock minus ours.
 */
export function clockText(clock: SportClock & { speed?: number }, nowMs: number, offsetMs = 0): string {
  let total = clock.minute * 60 + clock.second;
  if (clock.running) {
    const at = Date.parse(clock.at);
    const speed = clock.speed && clock.speed > 0 ? clock.speed : 1;
    if (Number.isFinite(at)) total += Math.max(0, Math.floor(((nowMs + offsetMs - at) / 1000) * speed));
  }
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
