/**
 * The banner modal (spec 3 sections 3 and 7; decision 0040): one operator setting,
 * `notifications.banner` {enabled, image, title, content}, answered by `POST /api/banner` with the
 * content sanitised like a notification (and nothing but `enabled: false` while it is off).
 */
import type { Banner } from '@nebula/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { defineSetting } from '../../platform/settings/index.js';
import { sanitizeNotificationHtml } from './sanitize.js';

export const bannerSetting = defineSetting(
  'notifications.banner',
  z
    .object({
      enabled: z.boolean(),
      image: z.union([
        z.literal(''),
        z.string().regex(/^(https:\/\/|\/)[^\s"'<>]{1,500}$/, 'an https URL or a site path'),
      ]),
      title: z.string().trim().max(120),
      content: z.string().max(4000),
    })
    .strict()
    .refine(
      (b) => !b.enabled || b.title !== '' || b.content !== '',
      'an enabled banner needs a title or content',
    ),
  { enabled: false, image: '', title: '', content: '' },
  'notifications',
  'The banner modal shown once to every visitor while enabled: {enabled, image (https URL or site path, or empty), title, content (HTML: bold, italics, links and line breaks are kept)}. Changing it shows it again.',
  { permission: 'banner' },
);

export async function bannerOf(ctx: Pick<AppContext, 'settings'>): Promise<Banner> {
  const b = await ctx.settings.get(bannerSetting);
  if (!b.enabled) return { enabled: false, image: '', title: '', content: '' };
  return { enabled: true, image: b.image, title: b.title, content: sanitizeNotificationHtml(b.content) };
}
