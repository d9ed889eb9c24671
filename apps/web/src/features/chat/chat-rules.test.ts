import { describe, expect, it } from 'vitest';
import {
  activeMute,
  effectiveChannel,
  localeOf,
  MUTE_DURATIONS,
  modeForPath,
  modeOf,
  slowModeLeft,
  staffRank,
} from './chat-rules';

describe('channels', () => {
  it('names channels by mode and language', () => {
    expect(modeOf('sport_de')).toBe('sport');
    expect(modeOf('esport_en')).toBe('esport');
    expect(modeOf('weird')).toBe('casino');
  });

  it('falls back to the casino channel of the language for unknown names', () => {
    expect(effectiveChannel('sport_de', 'en')).toBe('sport_de');
    expect(effectiveChannel('casino_fr', 'de')).toBe('casino_de');
    expect(effectiveChannel('junk', 'fr')).toBe('casino_en');
    expect(localeOf('sport_de')).toBe('de');
  });

  it('selects the sport channel on /sportsbook only', () => {
    expect(modeForPath('/sportsbook')).toBe('sport');
    expect(modeForPath('/sportsbook/x')).toBe('sport');
    expect(modeForPath('/sport')).toBeNull();
    expect(modeForPath('/')).toBeNull();
  });
});

describe('slow mode', () => {
  it('counts down 5 seconds from the last message', () => {
    expect(slowModeLeft(null, 1000)).toBe(0);
    expect(slowModeLeft(1000, 1000)).toBe(5000);
    expect(slowModeLeft(1000, 4500)).toBe(1500);
    expect(slowModeLeft(1000, 7000)).toBe(0);
  });
});

describe('mutes', () => {
  it('is muted only while the date is in the future', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(activeMute('2025-01-01T00:05:00Z', now)?.toISOString()).toBe('2025-01-01T00:05:00.000Z');
    expect(activeMute('2024-12-31T00:00:00Z', now)).toBeNull();
    expect(activeMute(null, now)).toBeNull();
    expect(activeMute('not a date', now)).toBeNull();
  });

  it('offers the spec durations, forever being 52,560,000 minutes', () => {
    expect(MUTE_DURATIONS.map((d) => d.minutes)).toEqual([5, 15, 60, 1440, 10080, 43200, 259200, 52_560_000]);
  });
});

describe('staffRank', () => {
  it('highlights the wildcard role as admin and chat_moderator as moderator', () => {
    expect(staffRank(['*'])).toBe('admin');
    expect(staffRank(['chat_moderator'])).toBe('moderator');
    expect(staffRank('moderator')).toBe('moderator');
    expect(staffRank(['player'])).toBeNull();
    expect(staffRank(undefined)).toBeNull();
  });
});
