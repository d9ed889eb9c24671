/**
 * Play button rules (spec 3 section 4): the text is 'Stop' while an auto run is on, 'Start' in auto
 * mode, 'Bet' in manual mode ('Play' at a window width of 1200 px or less). A manual bet is blocked
 * while a play is in flight; Stop is always available; the betting type cannot change while an auto
 * run is on or a play is pending.
 */

/** At or below this window width the manual button reads 'Play' (spec 3 section 9). */
export const PLAY_LABEL_MAX_WIDTH = 1200;

export type BettingType = 'manual' | 'auto';
export type PlayButtonLabel = 'bet' | 'play' | 'start' | 'stop';

export interface PlayButtonInput {
  bettingType: BettingType;
  autoRunning: boolean;
  pending: boolean;
  windowWidth: number;
}

/** The key of the button's text (`gameFrame.button.{label}`). */
export function playButtonLabel({ bettingType, autoRunning, windowWidth }: PlayButtonInput): PlayButtonLabel {
  if (autoRunning) return 'stop';
  if (bettingType === 'auto') return 'start';
  return windowWidth <= PLAY_LABEL_MAX_WIDTH ? 'play' : 'bet';
}

/** True when pressing the button would do nothing: a play is in flight and there is nothing to stop. */
export function isPlayButtonBlocked({ autoRunning, pending }: PlayButtonInput): boolean {
  return !autoRunning && pending;
}

/** The Manual/Auto tabs are locked while an auto run is on or a play is pending. */
export function canChangeBettingType({
  autoRunning,
  pending,
}: Pick<PlayButtonInput, 'autoRunning' | 'pending'>): boolean {
  return !autoRunning && !pending;
}
