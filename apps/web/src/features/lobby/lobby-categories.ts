import { Clapperboard, Dice5, Factory, Radio, Sparkles, Star, type LucideIcon } from 'lucide-react';

export interface LobbyCategory {
  slug: string;
  /** i18n key of the display name. */
  titleKey: string;
  icon: LucideIcon;
  /** Where 'View all' leads (spec 2: capitalised variants for originals, slots and live). */
  viewAllPath: string;
  /** Route of the category page. */
  path: string;
}

export const LOBBY_CATEGORIES: Record<string, LobbyCategory> = {
  originals: {
    slug: 'originals',
    titleKey: 'nav.originals',
    icon: Star,
    viewAllPath: '/casino/Originals',
    path: '/casino/originals',
  },
  slots: {
    slug: 'slots',
    titleKey: 'nav.slots',
    icon: Dice5,
    viewAllPath: '/casino/Slots',
    path: '/casino/slots',
  },
  live: {
    slug: 'live',
    titleKey: 'nav.liveCasino',
    icon: Radio,
    viewAllPath: '/casino/Live',
    path: '/casino/live',
  },
  'game-shows': {
    slug: 'game-shows',
    titleKey: 'nav.gameShows',
    icon: Clapperboard,
    viewAllPath: '/casino/game-shows',
    path: '/casino/game-shows',
  },
  'new-releases': {
    slug: 'new-releases',
    titleKey: 'nav.newReleases',
    icon: Sparkles,
    viewAllPath: '/casino/new-releases',
    path: '/casino/new-releases',
  },
  'latest-releases': {
    slug: 'latest-releases',
    titleKey: 'nav.latestReleases',
    icon: Sparkles,
    viewAllPath: '/casino/latest-releases',
    path: '/casino/latest-releases',
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
