/**
 * The bet slip's store: the slip model (`slip-model.ts`) in zustand, kept in localStorage so a
 * reload or another page keeps the selections and stakes; the phone sheet's open state; the favourite
 * events (the favourites view asks the server for these ids).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  EMPTY_SLIP,
  acceptOdds,
  applyEventStatus,
  applyOdds,
  removePlaced,
  removeSelection,
  setMode,
  setStake,
  toggleSelection,
  type SlipMode,
  type SlipSelection,
  type SlipState,
} from './slip-model';

export const SLIP_STORAGE_KEY = 'nebula:betslip';
/** Favourite events kept at most (the events call takes up to 100 ids). */
export const MAX_FAVOURITES = 100;

interface SlipStore extends SlipState {
  favourites: string[];
  toggle: (selection: SlipSelection) => void;
  remove: (outcomeId: string) => void;
  clear: () => void;
  setMode: (mode: SlipMode) => void;
  setStake: (key: string, text: string) => void;
  applyOdds: (changes: ReadonlyMap<string, { odds: number; active: boolean }>) => void;
  applyEventStatus: (eventId: string, status: string) => void;
  acceptOdds: () => void;
  removePlaced: (outcomeIds: readonly string[]) => void;
  toggleFavourite: (eventId: string) => void;
}

const slice = (state: SlipStore): SlipState => ({
  selections: state.selections,
  mode: state.mode,
  stakes: state.stakes,
  multiStake: state.multiStake,
});

export const useSlip = create<SlipStore>()(
  persist(
    (set) => {
      const apply = (change: (state: SlipState) => SlipState) =>
        set((state) => {
          const before = slice(state);
          const after = change(before);
          return after === before ? state : after;
        });
      return {
        ...EMPTY_SLIP,
        favourites: [],
        toggle: (selection) => apply((state) => toggleSelection(state, selection)),
        remove: (outcomeId) => apply((state) => removeSelection(state, outcomeId)),
        clear: () => set({ ...EMPTY_SLIP }),
        setMode: (mode) => apply((state) => setMode(state, mode)),
        setStake: (key, text) => apply((state) => setStake(state, key, text)),
        applyOdds: (changes) => apply((state) => applyOdds(state, changes)),
        applyEventStatus: (eventId, status) => apply((state) => applyEventStatus(state, eventId, status)),
        acceptOdds: () => apply(acceptOdds),
        removePlaced: (outcomeIds) => apply((state) => removePlaced(state, outcomeIds)),
        toggleFavourite: (eventId) =>
          set((state) => ({
            favourites: state.favourites.includes(eventId)
              ? state.favourites.filter((id) => id !== eventId)
              : [...state.favourites, eventId].slice(-MAX_FAVOURITES),
          })),
      };
    },
    {
      name: SLIP_STORAGE_KEY,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (state) => ({ ...slice(state), favourites: state.favourites }),
      version: 1,
    },
  ),
);

/** The phone sheet of the slip: open or not (session state). */
export const useSlipSheet = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
