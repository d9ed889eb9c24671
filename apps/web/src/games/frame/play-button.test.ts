import { describe, expect, it } from 'vitest';
import {
  canChangeBettingType,
  isPlayButtonBlocked,
  playButtonLabel,
  PLAY_LABEL_MAX_WIDTH,
} from './play-button';

const base = { bettingType: 'manual' as const, autoRunning: false, pending: false, windowWidth: 1440 };

describe('play button', () => {
  it("reads 'Bet' in manual mode, 'Play' at 1200 px or less", () => {
    expect(playButtonLabel(base)).toBe('bet');
    expect(playButtonLabel({ ...base, windowWidth: PLAY_LABEL_MAX_WIDTH + 1 })).toBe('bet');
    expect(playButtonLabel({ ...base, windowWidth: PLAY_LABEL_MAX_WIDTH })).toBe('play');
    expect(playButtonLabel({ ...base, windowWidth: 390 })).toBe('play');
  });

  it("reads 'Start' in auto mode and 'Stop' while the run is on", () => {
    expect(playButtonLabel({ ...base, bettingType: 'auto' })).toBe('start');
    expect(playButtonLabel({ ...base, bettingType: 'auto', autoRunning: true })).toBe('stop');
    expect(playButtonLabel({ ...base, bettingType: 'auto', autoRunning: true, windowWidth: 390 })).toBe(
      'stop',
    );
  });

  it('is blocked during a play, except as Stop', () => {
    expect(isPlayButtonBlocked(base)).toBe(false);
    expect(isPlayButtonBlocked({ ...base, pending: true })).toBe(true);
    expect(isPlayButtonBlocked({ ...base, bettingType: 'auto', autoRunning: true, pending: true })).toBe(
      false,
    );
  });

  it('locks the betting type while auto runs or a play is pending', () => {
    expect(canChangeBettingType({ autoRunning: false, pending: false })).toBe(true);
    expect(canChangeBettingType({ autoRunning: true, pending: false })).toBe(false);
    expect(canChangeBettingType({ autoRunning: false, pending: true })).toBe(false);
  });
});
