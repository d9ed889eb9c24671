/**
 * True once the animation of the latest server answer (`roundKey`) has run for `duration` ms, so a
 * board reveals results (colours, multipliers, badges) only when the card or coin has landed. A zero
 * duration (quick mode, restore, take) is settled at once.
 */
import { useEffect, useState } from 'react';

export function useSettled(roundKey: number, duration: number): boolean {
  const [settled, setSettled] = useState(roundKey);
  useEffect(() => {
    if (duration <= 0) return undefined;
    const timer = setTimeout(() => setSettled(roundKey), duration);
    return () => clearTimeout(timer);
  }, [roundKey, duration]);
  return duration <= 0 || settled === roundKey;
}
