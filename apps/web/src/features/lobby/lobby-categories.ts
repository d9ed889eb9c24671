import { Clapperboard, Dice5, Factory, Radio, Sparkles, Star, type LucideIcon } from 'lucide-react';
import type { GameFilter } from '@nebula/contracts';

export interface LobbyCategory {
  slug: string;
  /** i18n key of the display name. */
  titleKey: string;
  icon: LucideIcon;
  /** Where 'View all' leads (spec 2: capitalised variants for originals, slots and live). */
  viewAllPath: string;
  /** Route of the category page. */
  path: string;
  /** The `gamesFilter` conditions of the category's games (none for the providers list). */
  filter?: GameFilter[];
}

export const LOBBY_CATEGORIES: Record<string, LobbyCategory> = {
  originals: {
    slug: 'originals',
    titleKey: 'nav.originals',
    icon: Star,
    viewAllPath: '/casino/Originals',
    path: '/casino/originals',
    filter: [{ key: 'type', expect: 'originals' }],
  },
  slots: {
    slug: 'slots',
    titleKey: 'nav.slots',
    icon: Dice5,
    viewAllPath: '/casino/Slots',
    path: '/casino/slots',
    filter: [{ key: 'category', type: 'includes:array', expect: 'slots' }],
  },
  live: {
    slug: 'live',
    titleKey: 'nav.liveCasino',
    icon: Radio,
    viewAllPath: '/casino/Live',
    path: '/casino/live',
    filter: [{ key: 'custom_category', expect: 'live' }],
  },
  'game-shows': {
    slug: 'game-shows',
    titleKey: 'nav.gameShows',
    icon: Clapperboard,
    viewAllPath: '/casino/game-shows',
    path: '/casino/game-shows',
    filter: [{ key: 'custom_category', expect: 'game-shows' }],
  },
  'new-releases': {
    slug: 'new-releases',
    titleKey: 'nav.newReleases',
    icon: Sparkles,
    viewAllPath: '/casino/new-releases',
    path: '/casino/new-releases',
    filter: [{ key: 'custom_category', expect: 'new-releases' }],
  },
  'latest-releases': {
    slug: 'latest-releases',
    titleKey: 'nav.latestReleases',
    icon: Sparkles,
    viewAllPath: '/casino/latest-releases',
    path: '/casino/latest-releases',
    filter: [{ key: 'custom_category', expect: 'new-releases' }],
  },
  providers: {
    slug: 'providers',
    titleKey: 'nav.providers',
    icon: Factory,
    viewAllPath: '/provider/all',
    path: '/casino/providers',
  },
};

/** Turns a URL tag (`buy-bonuses`, `Slots`) into a readable title. */
export function humanizeTag(tag: string): string {
  const words = decodeURIComponent(tag).replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : tag;
}

const CUSTOM_CATEGORIES = new Set(['live', 'buy-bonuses', 'game-shows', 'new-releases']);

/**
 * The `gamesFilter` conditions of a `/casino/{tag}` page: a known category's own filter, a custom
 * category (`buy-bonuses`...), else the games whose category list includes the tag.
 */
export function filterForTag(tag: string): GameFilter[] {
  const slug = decodeURIComponent(tag).toLowerCase();
  const known = LOBBY_CATEGORIES[slug]?.filter;
  if (known) return known;
  if (CUSTOM_CATEGORIES.has(slug)) return [{ key: 'custom_category', expect: slug }];
  return [{ key: 'category', type: 'includes:array', expect: slug.slice(0, 64) || 'none' }];
}
