/**
 * The chat's emoji pack (spec 2 section 3 "Emoji pack"): a curated set of Twemoji graphics from the
 * `@twemoji/svg` package (graphics by Twitter/X and contributors, CC-BY 4.0; package MIT), served by
 * this server under the stable URL `/api/chat/emoji/twemoji/{id}.svg`. The client replaces `:id:`
 * tokens with these images. Only the curated ids are served (no path from the request reaches the disk).
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { EmojiPack } from '@nebula/contracts';

export const EMOJI_PACK = 'twemoji';

/** id (the `:id:` token) -> Twemoji file name (code points). */
const TWEMOJI: Record<string, string> = {
  smile: '1f604',
  grin: '1f601',
  joy: '1f602',
  rofl: '1f923',
  smiley: '1f603',
  wink: '1f609',
  blush: '1f60a',
  heart_eyes: '1f60d',
  star_struck: '1f929',
  kissing_heart: '1f618',
  yum: '1f60b',
  tongue: '1f61b',
  zany: '1f92a',
  money_mouth: '1f911',
  hugging: '1f917',
  thinking: '1f914',
  shush: '1f92b',
  neutral: '1f610',
  unamused: '1f612',
  rolling_eyes: '1f644',
  grimacing: '1f62c',
  relieved: '1f60c',
  pensive: '1f614',
  sleeping: '1f634',
  nerd: '1f913',
  sunglasses: '1f60e',
  cowboy: '1f920',
  partying: '1f973',
  confused: '1f615',
  open_mouth: '1f62e',
  astonished: '1f632',
  flushed: '1f633',
  pleading: '1f97a',
  cry: '1f622',
  sob: '1f62d',
  scream: '1f631',
  angry: '1f620',
  rage: '1f621',
  skull: '1f480',
  clown: '1f921',
  ghost: '1f47b',
  alien: '1f47d',
  robot: '1f916',
  poop: '1f4a9',
  see_no_evil: '1f648',
  thumbsup: '1f44d',
  thumbsdown: '1f44e',
  clap: '1f44f',
  pray: '1f64f',
  muscle: '1f4aa',
  wave: '1f44b',
  ok_hand: '1f44c',
  fingers_crossed: '1f91e',
  v: '270c',
  raised_hands: '1f64c',
  handshake: '1f91d',
  fire: '1f525',
  '100': '1f4af',
  heart: '2764',
  broken_heart: '1f494',
  sparkles: '2728',
  star: '2b50',
  zap: '26a1',
  boom: '1f4a5',
  tada: '1f389',
  confetti: '1f38a',
  trophy: '1f3c6',
  medal: '1f3c5',
  crown: '1f451',
  gem: '1f48e',
  moneybag: '1f4b0',
  dollar: '1f4b5',
  money_wings: '1f4b8',
  chart_up: '1f4c8',
  chart_down: '1f4c9',
  rocket: '1f680',
  moon: '1f319',
  game_die: '1f3b2',
  slot_machine: '1f3b0',
  spades: '2660',
  hearts: '2665',
  diamonds: '2666',
  clubs: '2663',
  joker: '1f0cf',
  eight_ball: '1f3b1',
  dart: '1f3af',
  soccer: '26bd',
  basketball: '1f3c0',
  video_game: '1f3ae',
  clover: '1f340',
  beer: '1f37a',
  champagne: '1f37e',
  pizza: '1f355',
  coffee: '2615',
  eyes: '1f440',
  rainbow: '1f308',
  gift: '1f381',
  bell: '1f514',
  warning: '26a0',
  check: '2705',
  x: '274c',
  question: '2753',
  whale: '1f40b',
  unicorn: '1f984',
};

export const emojiPath = (id: string) => `/api/chat/emoji/${EMOJI_PACK}/${id}.svg`;

/** The packs as the client reads them. */
export function emojiPacks(): EmojiPack[] {
  return [
    {
      metadata: { name: 'Twemoji' },
      files: Object.keys(TWEMOJI).map((id) => ({ id, path: emojiPath(id) })),
    },
  ];
}

/** True for the URL of a served emoji (stickers may use them). */
export function isLocalEmojiPath(url: string): boolean {
  const m = /^\/api\/chat\/emoji\/([a-z0-9_-]+)\/([a-z0-9_-]+)\.svg$/.exec(url);
  return m !== null && m[1] === EMOJI_PACK && Object.hasOwn(TWEMOJI, m[2] ?? '');
}

let folder: string | undefined;
const cache = new Map<string, string>();

/** The SVG document of emoji `file` (`{id}.svg`) of `pack`, or null when it is not served. */
export async function readEmoji(pack: string, file: string): Promise<string | null> {
  const m = /^([a-z0-9_-]{1,40})\.svg$/.exec(file);
  const id = m?.[1];
  if (pack !== EMOJI_PACK || !id || !Object.hasOwn(TWEMOJI, id)) return null;
  const hit = cache.get(id);
  if (hit) return hit;
  folder ??= path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
  const svg = await fs.readFile(path.join(folder, `${TWEMOJI[id]}.svg`), 'utf8');
  cache.set(id, svg);
  return svg;
}
