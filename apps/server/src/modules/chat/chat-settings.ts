/**
 * The chat's operator settings (settings registry, platform/settings): link allow list, sticker
 * hosts, the quiz prize, the per-IP message limit and slow mode per room.
 */
import {
  CHAT_CHANNELS,
  CHAT_ROOM_SLOW_MODE_MAX_SECONDS,
  CHAT_ROOM_SLOW_MODE_MIN_SECONDS,
  type ChatChannel,
} from '@nebula/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { defineSetting, type Setting } from '../../platform/settings/index.js';

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const hostList = z
  .array(z.string().trim().toLowerCase().regex(HOST, 'a host name such as example.com'))
  .max(200);

export const chatLinkAllowlist = defineSetting(
  'chat.link_allowlist',
  hostList,
  [],
  'chat',
  "Host names players may link to (subdomains included); the site's own host is always allowed, staff may link anywhere.",
);
export const chatStickerHosts = defineSetting(
  'chat.sticker_hosts',
  hostList,
  ['media.giphy.com', 'i.giphy.com', 'media.tenor.com'],
  'chat',
  'Hosts of GIF sticker images (https only, subdomains included); the local emoji packs are always allowed.',
);
export const chatQuizPrize = defineSetting(
  'chat.quiz_prize',
  z
    .object({
      reward: z
        .string()
        .regex(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal amount such as 1 or 0.5')
        .refine((v) => !/^0+(\.0+)?$/.test(v), 'must be above zero'),
      currency: z.string().regex(/^[a-z0-9_]{1,32}$/, 'a currency id such as usdt'),
    })
    .strict(),
  { reward: '1', currency: 'usdt' },
  'chat',
  'The prize of a chat quiz, in units of its currency, paid from the promotions account.',
);
export const chatIpMessagesPerMinute = defineSetting(
  'chat.ip_messages_per_minute',
  z.number().int().min(1).max(100_000),
  60,
  'chat',
  'Messages one IP address may send per minute, all players together.',
);

/**
 * Slow mode per room (the back office, decision 0045): seconds between two messages of one player in
 * that room, on top of the chat-wide 5 s. A room left out has only the chat-wide rule.
 */
export const chatRoomSlowMode = defineSetting(
  'chat.room_slow_mode',
  z.partialRecord(
    z.enum(CHAT_CHANNELS as [ChatChannel, ...ChatChannel[]]),
    z.number().int().min(CHAT_ROOM_SLOW_MODE_MIN_SECONDS).max(CHAT_ROOM_SLOW_MODE_MAX_SECONDS),
  ),
  {},
  'chat',
  'Slow mode per room: seconds between two messages of one player (staff exempt), e.g. {"casino_en": 30}.',
);

/** The chat module's settings. */
export const chatSettings: readonly Setting[] = [
  chatLinkAllowlist,
  chatStickerHosts,
  chatQuizPrize,
  chatIpMessagesPerMinute,
  chatRoomSlowMode,
];

/** The link allow list in force: the site's own host, then the operator's hosts. */
export async function linkAllowlist(ctx: Pick<AppContext, 'config' | 'settings'>): Promise<string[]> {
  return [
    ...new Set([new URL(ctx.config.publicUrl).hostname, ...(await ctx.settings.get(chatLinkAllowlist))]),
  ];
}
