/**
 * The sport live widget's state (spec 3 section 2: a movable widget over every page): which event it
 * shows and where it was dragged to. Tiny and eager: the shell reads it to mount the widget's lazy
 * chunk only while one is open; the position is kept for the tab's session.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface WidgetEvent {
  id: string;
  /** The sport key, the `{sportLink}` of the event page. */
  sportKey: string;
}

interface WidgetState {
  event: WidgetEvent | null;
  /** Distance of the widget's top-left corner from the viewport's; null: its default corner. */
  position: { x: number; y: number } | null;
  open: (event: WidgetEvent) => void;
  close: () => void;
  move: (position: { x: number; y: number }) => void;
}

export const useSportWidget = create<WidgetState>()(
  persist(
    (set) => ({
      event: null,
      position: null,
      open: (event) => set({ event }),
      close: () => set({ event: null }),
      move: (position) => set({ position }),
    }),
    { name: 'nebula:sport-widget', storage: createJSONStorage(() => window.sessionStorage) },
  ),
);
