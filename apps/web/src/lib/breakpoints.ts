/** Screen breakpoints of spec 1 section 3 and 9: each is the lower bound of its band. */
import { useEffect } from 'react';
import { useAppStore } from './store';

export const BREAKPOINTS = { xl: 1800, lg: 1200, md: 900, sm: 600, xs: 320 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS | 'na';

export function breakpointOf(width: number): Breakpoint {
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  if (width >= BREAKPOINTS.sm) return 'sm';
  if (width >= BREAKPOINTS.xs) return 'xs';
  return 'na';
}

/** Phone layout: bottom navigation, bottom-sheet modals (below `sm`). */
export function isPhoneWidth(width: number): boolean {
  return width < BREAKPOINTS.sm;
}

// One resize listener for the whole app, however many components use the hooks.
let listeners = 0;
let frame = 0;

function handleResize(): void {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    useAppStore.getState().setWindowWidth(window.innerWidth);
  });
}

function startTracking(): () => void {
  if (listeners++ === 0) {
    window.addEventListener('resize', handleResize);
    window.addEventListener('orientationchange', handleResize);
    useAppStore.getState().setWindowWidth(window.innerWidth);
  }
  return () => {
    if (--listeners === 0) {
      window.removeEventListener('resize', handleResize);
      window.removeEventListener('orientationchange', handleResize);
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
    }
  };
}

/** Current window width (kept in the store's `windowWidth`, updated on resize). */
export function useWindowWidth(): number {
  useEffect(startTracking, []);
  return useAppStore((state) => state.windowWidth);
}

/** Current breakpoint band; re-renders only when the band changes. */
export function useBreakpoint(): Breakpoint {
  useEffect(startTracking, []);
  return useAppStore((state) => breakpointOf(state.windowWidth));
}

/** True below the `sm` breakpoint (phones). */
export function useIsPhone(): boolean {
  useEffect(startTracking, []);
  return useAppStore((state) => isPhoneWidth(state.windowWidth));
}
