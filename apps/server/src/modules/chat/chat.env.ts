/** The chat's environment keys (decision 0013): link allow list, sticker hosts, quiz prize, per-IP limit. */
import { z } from 'zod';
import { defineEnv, hostList } from '../../platform/env.js';

export interface ChatConfig {
  /** Host names non-staff may link to (subdomains included); the site's own host is always allowed. */
  linkAllowlist: string[];
  /** Hosts of GIF sticker images (https only); the local emoji packs are always allowed. */
  stickerHosts: string[];
  /** The quiz prize as a decimal amount of `quizCurrency`, paid from the promotions account. */
  quizReward: string;
  quizCurrency: string;
  ipMessagesPerMinute: number;
}

export const chatEnv = defineEnv(
  {
    CHAT_LINK_ALLOWLIST: z.string().max(4_000).optional(),
    CHAT_STICKER_HOSTS: z.string().max(4_000).default('media.giphy.com,i.giphy.com,media.tenor.com'),
    CHAT_QUIZ_REWARD: z
      .string()
      .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a positive decimal amount such as 1 or 0.5')
      .default('1'),
    CHAT_QUIZ_CURRENCY: z
      .string()
      .regex(/^[a-z0-9_]{1,32}$/, 'must be a currency id such as usdt')
      .default('usdt'),
    CHAT_IP_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  },
  (e, { publicUrl }, problems): ChatConfig => {
    if (/^0+(\.0+)?$/.test(e.CHAT_QUIZ_REWARD)) problems.push('CHAT_QUIZ_REWARD: must be above zero');
    return {
      linkAllowlist: [
        ...new Set([
          new URL(publicUrl).hostname,
          ...hostList('CHAT_LINK_ALLOWLIST', e.CHAT_LINK_ALLOWLIST, problems),
        ]),
      ],
      stickerHosts: hostList('CHAT_STICKER_HOSTS', e.CHAT_STICKER_HOSTS, problems),
      quizReward: e.CHAT_QUIZ_REWARD,
      quizCurrency: e.CHAT_QUIZ_CURRENCY,
      ipMessagesPerMinute: e.CHAT_IP_MESSAGES_PER_MINUTE,
    };
  },
);
