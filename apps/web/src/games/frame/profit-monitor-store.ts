/**
 * The profit monitor's session state. Module-level on purpose: it keeps counting across the games
 * of one visit (the player moves from dice to limbo and sees one session), and resets on sign-out.
 */
import { create } from 'zustand';
import { events } from '../../lib/events';
import { EMPTY_MONITOR, addRound, type MonitorRound, type MonitorState } from './profit-monitor-model';

export interface MonitorPosition {
  x: number;
  y: number;
}

interface ProfitMonitorStore {
  stats: MonitorState;
  open: boolean;
  /** Top-left corner of the floating window (desktop), null for the default place. */
  position: MonitorPosition | null;
  add: (round: MonitorRound) => void;
  reset: () => void;
  setOpen: (open: boolean) => void;
  toggle: () => void;
  setPosition: (position: MonitorPosition | null) => void;
}

export const useProfitMonitor = create<ProfitMonitorStore>()((set) => ({
  stats: EMPTY_MONITOR,
  open: false,
  position: null,
  add: (round) => set((state) => ({ stats: addRound(state.stats, round) })),
  reset: () => set({ stats: EMPTY_MONITOR }),
  setOpen: (open) => set({ open }),
  toggle: () => set((state) => ({ open: !state.open })),
  setPosition: (position) => set({ position }),
}));

events.on('logout', () => useProfitMonitor.getState().reset());
