import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has been idle after it (at most `timeoutMs`
 * later): widgets below the fold or secondary to the page (footer, live feed, chat messages) mount
 * then, so their code loads after the page is interactive instead of delaying it.
 */
export function useIdleAfterMount(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }, [timeoutMs]);
  return idle;
}
