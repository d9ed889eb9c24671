import { create } from 'zustand';

export type SportType = 'SPORTS' | 'ESPORTS';

interface SportTypeState {
  sportType: SportType;
  setSportType: (sportType: SportType) => void;
}

/** Spec 1 section 2.1: a `sportType` route parameter of `sport` means SPORTS, anything else ESPORTS. */
export function sportTypeOf(param: string | null | undefined): SportType {
  return param === 'sport' ? 'SPORTS' : 'ESPORTS';
}

/** The sport type the sports pages and the sport widget follow; set by the sport routes. */
export const useSportType = create<SportTypeState>()((set) => ({
  sportType: 'SPORTS',
  setSportType: (sportType) => set({ sportType }),
}));
