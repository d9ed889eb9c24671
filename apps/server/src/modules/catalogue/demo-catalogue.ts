/**
 * The demo catalogue: 20 invented providers (no real brand names) and about 150 provider games
 * across slots, live casino, game shows, new releases and bonus buys, the providers' restriction
 * texts, and the home banner slides. Pure data, built deterministically (same rows on every run).
 */
import type { CustomCategory } from '@nebula/contracts';
import { hashId } from './images.js';

export interface DemoProvider {
  id: string;
  name: string;
  priority: number;
  isFeatured: boolean;
  /** Free-text restriction record (spec 2 section 3). */
  restrictions: string;
  /** Slot titles ('*' marks a bonus-buy title, '+' a new release). */
  slots: string;
  /** Live tables and game shows (only the live studios have them). */
  live?: string;
  shows?: string;
}

/** Twenty studios. Names are invented; any likeness to a real brand is unintended. */
export const DEMO_PROVIDERS: DemoProvider[] = [
  {
    id: 'aurora-reels',
    name: 'Aurora Reels',
    priority: 95,
    isFeatured: true,
    restrictions: 'No restrictions',
    slots:
      'Northern Lights Riches|*Polar Fortune|Ice Palace Megaways|+Frostbite Jackpot|Glacier Gems|*Aurora Wilds Xtreme|Snowfox Bonanza',
  },
  {
    id: 'comet-studios',
    name: 'Comet Studios',
    priority: 90,
    isFeatured: true,
    restrictions: 'United States, United Kingdom; France (Paris region only)',
    slots:
      'Comet Crash Cash|*Meteor Shower|+Tail of Fire|Stardust Spins|Halley Hold and Win|*Orbit Breakers|Cosmic Cluster',
  },
  {
    id: 'quasar-gaming',
    name: 'Quasar Gaming',
    priority: 88,
    isFeatured: true,
    restrictions: 'none',
    slots:
      'Quasar Quest|*Pulsar Payout|+Event Horizon|Gravity Well|Supernova Sevens|*Dark Matter Deluxe|Wormhole Wilds',
  },
  {
    id: 'lunar-spin-works',
    name: 'Lunar Spin Works',
    priority: 84,
    isFeatured: true,
    restrictions: 'US, GB, AU',
    slots:
      'Moonlit Mansion|*Werewolf Wilds|+Crescent Cash|Tidal Treasures|Eclipse Express|Silver Moon Saloon|*Howling Hunt',
  },
  {
    id: 'pixel-fox',
    name: 'Pixel Fox',
    priority: 80,
    isFeatured: true,
    restrictions: 'No restricted countries',
    slots:
      '8-Bit Bandit|*Arcade Avalanche|+Retro Racer Reels|Pixel Pirates|Cartridge Cash|*Boss Level Bonanza|Joystick Jewels',
  },
  {
    id: 'ruby-harbor',
    name: 'Ruby Harbor Games',
    priority: 76,
    isFeatured: true,
    restrictions: 'Restricted territories: Spain, Italy and Netherlands',
    slots:
      'Harbor Lights|*Pirate Ruby Raid|+Lighthouse Loot|Anchor Aces|Seagull Spins|Treasure Tide|*Kraken Cash Collect',
  },
  {
    id: 'golden-owl',
    name: 'Golden Owl Interactive',
    priority: 72,
    isFeatured: true,
    restrictions: 'No restrictions',
    slots:
      'Owl of Athena|*Midnight Wisdom|+Golden Feathers|Forest Oracle|Night Watch Nuggets|Nest Egg Riches|*Hoot and Loot',
  },
  {
    id: 'velvet-dice',
    name: 'Velvet Dice',
    priority: 68,
    isFeatured: true,
    restrictions: 'Ontario (Canada); Belgium / Denmark',
    slots:
      'Velvet Vault|*Casino Royale Rush|+Lucky Lounge|Jazz Club Jackpot|Cherry Velvet|Speakeasy Sevens|*High Roller Heist',
  },
  {
    id: 'polar-bear-play',
    name: 'Polar Bear Play',
    priority: 64,
    isFeatured: false,
    restrictions: 'no',
    slots:
      'Bear Necessities|*Iceberg Ahoy|+Cub Cash|Arctic Adventure|Frozen Fishin|Blizzard Bucks|Salmon Run Spins|Seal Splash',
  },
  {
    id: 'starlit-arcade',
    name: 'Starlit Arcade',
    priority: 60,
    isFeatured: true,
    restrictions: 'Not restricted',
    slots:
      'Starlit Sweets|*Candy Constellation|+Galaxy Gumdrops|Sugar Rush Skies|Lollipop Launch|*Cotton Candy Clusters|Moon Candy Madness',
    shows: 'Cosmic Coin Flip Live|Starlit Prize Drop',
  },
  {
    id: 'jade-lantern',
    name: 'Jade Lantern',
    priority: 56,
    isFeatured: false,
    restrictions: 'Hong Kong, Macau, Singapore',
    slots:
      'Jade Dragon|*Lantern Festival|+Koi Fortune|Five Tigers|Emperor Gold|Panda Palace|*Red Envelope Riches',
  },
  {
    id: 'iron-anvil',
    name: 'Iron Anvil Studios',
    priority: 52,
    isFeatured: false,
    restrictions: 'No restrictions',
    slots:
      'Forge of Giants|*Hammer Time Megaways|+Molten Metal|Viking Anvil|Dwarven Mine|*Thunder Smith|Blacksmith Bounty',
  },
  {
    id: 'cobalt-wave',
    name: 'Cobalt Wave',
    priority: 48,
    isFeatured: false,
    restrictions: 'Germany, Switzerland, Austria',
    slots:
      'Deep Blue Dive|*Reef Raiders|+Pearl Diver|Surf City Spins|Lagoon Legends|Shark Bite Bonus|+Coral Crown',
  },
  {
    id: 'mystic-grove',
    name: 'Mystic Grove',
    priority: 44,
    isFeatured: false,
    restrictions: 'No restrictions',
    slots:
      'Enchanted Oak|*Fairy Ring Fortune|+Elven Archer|Mushroom Magic|Druid Stones|*Witching Hour|Pixie Path',
  },
  {
    id: 'saffron-games',
    name: 'Saffron Games',
    priority: 40,
    isFeatured: false,
    restrictions: 'none',
    slots:
      'Spice Route Riches|*Desert Caravan|+Sultan Sapphire|Bazaar Bonanza|Magic Carpet Ride|Oasis Gold|*Genie Jackpots',
  },
  {
    id: 'echo-valley',
    name: 'Echo Valley Games',
    priority: 36,
    isFeatured: false,
    restrictions: 'United States (New Jersey, Pennsylvania)',
    slots:
      'Canyon Echo|*Gold Rush Gulch|+Wild Mustang|Prairie Fire|Outlaw Ridge|Buffalo Stampede|*Sheriff Showdown|Tumbleweed Wins',
  },
  {
    id: 'neon-koi',
    name: 'Neon Koi',
    priority: 32,
    isFeatured: false,
    restrictions: 'No restrictions',
    slots:
      'Neon Nights|*Cyber Koi|+Synthwave Sevens|Tokyo Drift Reels|Laser Lotus|*Glitch Grid|Arcade Dragon',
  },
  {
    id: 'maple-hollow',
    name: 'Maple Hollow',
    priority: 28,
    isFeatured: false,
    restrictions: 'no restrictions apply',
    slots:
      'Maple Syrup Spins|*Lumberjack Loot|+Autumn Acorns|Beaver Builders|Moose Lodge Millions|Timber Treasures|*Canoe Quest',
  },
  {
    id: 'zephyr-live',
    name: 'Zephyr Live',
    priority: 86,
    isFeatured: true,
    restrictions: 'United Kingdom',
    slots: '',
    live: 'Zephyr Blackjack|Speed Roulette|Lightning Baccarat Squeeze|VIP Blackjack Salon|Immersive Roulette|Dragon Tiger Live|Casino Hold em Live|Three Card Poker Live',
    shows: 'Wind Wheel Show|Balloon Pop Live',
  },
  {
    id: 'orbit-live',
    name: 'Orbit Live Studios',
    priority: 78,
    isFeatured: true,
    restrictions: 'No restrictions',
    slots: '',
    live: 'Orbit Roulette|Infinite Blackjack Orbit|Sic Bo Deluxe|Andar Bahar Live|Baccarat Control Squeeze|Auto Roulette Orbit',
    shows: 'Mega Money Wheel|Gravity Coin Drop|Space Quiz Millions|Rocket Multiplier Live',
  },
];

/** One demo game row (in the shape the seed inserts). */
export interface DemoGame {
  id: string;
  name: string;
  provider: string;
  priority: number;
  categories: string[];
  isFeatured: boolean;
  isSearchFeatured: boolean;
  customCategory: CustomCategory | null;
}

/** A catalogue id from a name: lower-case words joined by dashes. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const split = (list: string | undefined): string[] => (list ? list.split('|').filter(Boolean) : []);

/** Every demo game, derived from {@link DEMO_PROVIDERS}. */
export function demoGames(): DemoGame[] {
  const games: DemoGame[] = [];
  for (const p of DEMO_PROVIDERS) {
    split(p.slots).forEach((raw, i) => {
      const bonusBuy = raw.startsWith('*');
      const fresh = raw.startsWith('+');
      const name = raw.replace(/^[*+]/, '');
      const h = hashId(`${p.id}/${name}`);
      games.push({
        id: `${p.id}-${slugify(name)}`,
        name,
        provider: p.id,
        // The studio's weight plus a stable spread; the first title of a featured studio leads its rows.
        priority: p.priority * 4 + (h % 120) + (i === 0 ? 60 : 0),
        categories: bonusBuy ? ['slots', 'buy-bonuses'] : fresh ? ['slots', 'new-releases'] : ['slots'],
        isFeatured: p.isFeatured && (i < 2 || h % 5 === 0),
        isSearchFeatured: i === 0 && p.priority >= 70,
        customCategory: bonusBuy ? 'buy-bonuses' : fresh ? 'new-releases' : null,
      });
    });
    split(p.live).forEach((name, i) => {
      games.push({
        id: `${p.id}-${slugify(name)}`,
        name,
        provider: p.id,
        priority: p.priority * 4 + (hashId(name) % 100) + (i === 0 ? 40 : 0),
        categories: ['live'],
        isFeatured: false,
        isSearchFeatured: i === 0,
        customCategory: 'live',
      });
    });
    split(p.shows).forEach((name) => {
      games.push({
        id: `${p.id}-${slugify(name)}`,
        name,
        provider: p.id,
        priority: p.priority * 4 + (hashId(name) % 100),
        categories: ['game-shows'],
        isFeatured: false,
        isSearchFeatured: false,
        customCategory: 'game-shows',
      });
    });
  }
  return games;
}

export interface DemoSlide {
  id: string;
  type: string;
  title: string;
  text: string;
  link: string;
  priority: number;
}

/**
 * The home banner slides; the Poker one is never shown to guests. They promise only what the
 * product does: crypto deposits, the weekly race with the development race pool (1,000 USDT shared
 * by the top 20, `race/settings.ts` DEVELOPMENT_RACE_SETTINGS and the contract's prize shares) and
 * provably fair originals. No deposit bonus is offered until a bonus programme exists.
 */
export const DEMO_SLIDES: DemoSlide[] = [
  {
    id: 'crypto-deposits',
    type: 'Deposit',
    title: 'Play with crypto',
    text: 'Deposit BTC, ETH, USDT and more, then play the originals.',
    link: '/casino/originals',
    priority: 40,
  },
  {
    id: 'weekly-race',
    type: 'Race',
    title: 'Weekly race: 1,000 USDT',
    text: 'Every wager counts. The top 20 players share the pool every week.',
    link: '/leaderboard',
    priority: 30,
  },
  {
    id: 'provably-fair',
    type: 'Promo',
    title: 'Provably fair originals',
    text: 'Verify every roll, spin and card yourself.',
    link: '/fairness',
    priority: 20,
  },
  {
    id: 'poker-tables',
    type: 'Poker',
    title: 'Poker tables are open',
    text: 'Sit-and-go pools around the clock.',
    link: '/poker',
    priority: 10,
  },
];
