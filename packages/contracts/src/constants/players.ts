/** Staff notes on a player (back office, decision 0047): length in characters, after trimming. */
export const NOTE_MIN = 1;
export const NOTE_MAX = 2000;
