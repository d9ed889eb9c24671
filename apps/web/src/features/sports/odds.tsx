/**
 * Odds as the player reads them: the local setting `oddsFormat` (spec 1 section 2: decimal by default,
 * or fractional or American), through the contracts' exact integer conversion (`formatOdds`: odds in
 * thousandths, fractions reduced, American rounded as bookmakers show it). No odds library: the ones
 * published convert through floats, and our odds are exact integers (decision 0029).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatOdds } from '@nebula/contracts/constants';
import { useAppStore } from '../../lib/store';

/** `(odds) => text` in the player's format. */
export function useOddsFormatter(): (odds: number) => string {
  const format = useAppStore((state) => state.oddsFormat);
  return useCallback((odds: number) => formatOdds(odds, format), [format]);
}

/** How long a changed price stays highlighted. */
export const ODDS_FLASH_MS = 1600;

/**
 * 'up' or 'down' for a moment after `odds` changed while on screen (not on the first render), so a
 * button can flash green or red; `key` changes with every move so the animation restarts.
 */
export function useOddsFlash(odds: number): { direction: 'up' | 'down' | null; key: number } {
  const last = useRef(odds);
  const [flash, setFlash] = useState<{ direction: 'up' | 'down' | null; key: number }>({
    direction: null,
    key: 0,
  });
  useEffect(() => {
    if (odds === last.current) return;
    const direction = odds > last.current ? 'up' : 'down';
    last.current = odds;
    setFlash((current) => ({ direction, key: current.key + 1 }));
    const timer = setTimeout(() => setFlash((current) => ({ ...current, direction: null })), ODDS_FLASH_MS);
    return () => clearTimeout(timer);
  }, [odds]);
  return flash;
}
