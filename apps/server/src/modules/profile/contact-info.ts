/**
 * The contact-info modal (spec 3 sections 3, 5, 7, 8 and 9; issue G7 item 5): the operator's setting
 * `profile.contact_info` (title, description, images, fields: title and model) says what a signed-in
 * player is asked for. `POST /api/contactInfoModalSettings` answers it with the player's values and
 * whether it is due; `POST /api/profile/updateContactInfo` {email, update} saves them (the e-mail only
 * while the account has none: a set e-mail is locked); `POST /api/profile/snoozeContactInfo` hides it for
 * 24 h for the current number of fields (a changed field count shows it again). Table: contact_info,
 * contact_info_snoozes (migration 0040).
 */
import {
  CONTACT_INFO_MODELS,
  CONTACT_INFO_SNOOZE_MS,
  ContactInfoTexts,
  type ContactInfoSettings,
} from '@nebula/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { defineSetting } from '../../platform/settings/index.js';
import { findUserById, isEmailTaken, lockEmailOf, setEmail } from '../users/index.js';

const IMAGE = /^(https:\/\/|\/)[^\s"'<>]{1,500}$/;

export const contactInfoSetting = defineSetting(
  'profile.contact_info',
  z
    .object({
      enabled: z.boolean(),
      title: z.string().trim().max(120),
      description: z.string().trim().max(1000),
      images: z.array(z.string().regex(IMAGE, 'an https URL or a site path')).max(4),
      fields: z
        .array(
          z.object({ title: z.string().trim().min(1).max(60), model: z.enum(CONTACT_INFO_MODELS) }).strict(),
        )
        .max(CONTACT_INFO_MODELS.length)
        .refine((f) => new Set(f.map((x) => x.model)).size === f.length, 'each model once'),
    })
    .strict()
    .refine((s) => !s.enabled || s.fields.length > 0, 'an enabled contact modal needs at least one field'),
  {
    enabled: false,
    title: 'Become a VIP',
    description: 'Leave your contacts and your personal VIP manager will reach out with exclusive offers.',
    images: [],
    fields: [
      { title: 'E-mail', model: 'email' },
      { title: 'Telegram', model: 'telegram' },
    ],
  },
  'profile',
  'The contact-info modal (VIP banner) shown to signed-in players while enabled: {enabled, title, description, images (https URLs or site paths), fields: [{title, model}] with model one of email, telegram, phone, discord, whatsapp, skype}. A snooze lasts 24 h for the same number of fields.',
  { permission: 'vip' },
);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const VALUE: Record<string, RegExp> = {
  phone: /^\+?[0-9][0-9 ()-]{4,24}$/,
  telegram: /^@?[A-Za-z0-9_]{3,32}$/,
};
const PRINTABLE = /^[^\p{Cc}]{1,200}$/u;

const failed = (path: string, message: string = ContactInfoTexts.failed) =>
  new AppError(422, 'validation_failed', message, [{ path, message }]);

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

async function valuesOf(ctx: Pick<AppContext, 'database'>, userId: string): Promise<Record<string, string>> {
  const rows = await ctx.database.query<{ model: string; value: string }>(
    'select model, value from contact_info where user_id = $1',
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.model, r.value]));
}

export async function contactInfoFor(
  ctx: Pick<AppContext, 'database' | 'settings'>,
  userId: string,
): Promise<ContactInfoSettings> {
  const s = await ctx.settings.get(contactInfoSetting);
  const user = await findUserById(ctx.database, userId);
  if (!user) throw AppError.unauthenticated();
  const values = await valuesOf(ctx, userId);
  if (user.email) values.email = user.email;
  const [snooze] = await ctx.database.query<{ field_count: number; snoozed: boolean }>(
    'select field_count, until > now() as snoozed from contact_info_snoozes where user_id = $1',
    [userId],
  );
  const snoozed = !!snooze && snooze.snoozed && Number(snooze.field_count) === s.fields.length;
  const missing = s.fields.some((f) => !values[f.model]);
  return {
    enabled: s.enabled,
    title: s.title,
    description: s.description,
    images: s.images,
    fields: s.fields,
    values: Object.fromEntries(Object.entries(values).filter(([m]) => s.fields.some((f) => f.model === m))),
    emailLocked: !!user.email,
    show: s.enabled && missing && !snoozed,
  };
}

export async function updateContactInfo(
  ctx: Pick<AppContext, 'database' | 'settings'>,
  userId: string,
  input: { email?: string | undefined; update: Record<string, string> },
): Promise<{ success: true; message: string }> {
  // Settings and the account are read before the transaction (one connection on PGlite).
  const s = await ctx.settings.get(contactInfoSetting);
  if (!s.enabled) throw new AppError(409, 'contact_info_off', ContactInfoTexts.failed);
  const user = await findUserById(ctx.database, userId);
  if (!user) throw AppError.unauthenticated();
  const models = new Set<string>(s.fields.map((f) => f.model));

  const writes: [string, string][] = [];
  for (const [model, raw] of Object.entries(input.update)) {
    if (model === 'email' || !models.has(model)) throw failed(`update.${model}`);
    const value = raw.trim();
    if (value === '') continue;
    if (!PRINTABLE.test(value) || (VALUE[model] && !VALUE[model].test(value)))
      throw failed(`update.${model}`);
    writes.push([model, value]);
  }

  let newEmail: string | null = null;
  const email = input.email?.trim() ?? '';
  if (email !== '') {
    if (!models.has('email')) throw failed('email');
    if (user.email) {
      // A set e-mail is locked in the contact modal.
      if (user.email.toLowerCase() !== email.toLowerCase())
        throw new AppError(422, 'email_locked', ContactInfoTexts.failed, [
          { path: 'email', message: ContactInfoTexts.failed },
        ]);
    } else {
      if (!EMAIL.test(email) || (await isEmailTaken(ctx.database, email, userId)))
        throw failed('email', ContactInfoTexts.emailFailed);
      newEmail = email;
    }
  }
  if (writes.length === 0 && newEmail === null) throw failed('update');

  try {
    await ctx.database.transaction(async (tx) => {
      if (newEmail !== null) {
        // Only while still unset: a concurrent set wins and this one is refused below.
        const row = await lockEmailOf(tx, userId);
        if (row?.email) throw failed('email', ContactInfoTexts.emailFailed);
        await setEmail(tx, userId, newEmail);
      }
      for (const [model, value] of writes) {
        await tx.query(
          `insert into contact_info (user_id, model, value) values ($1, $2, $3)
           on conflict (user_id, model) do update set value = excluded.value, updated_at = now()`,
          [userId, model, value],
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw failed('email', ContactInfoTexts.emailFailed);
    throw err;
  }
  return { success: true, message: ContactInfoTexts.success };
}

export async function snoozeContactInfo(
  ctx: Pick<AppContext, 'database' | 'settings'>,
  userId: string,
): Promise<{ success: true; until: string }> {
  const s = await ctx.settings.get(contactInfoSetting);
  const until = new Date(Date.now() + CONTACT_INFO_SNOOZE_MS);
  await ctx.database.query(
    `insert into contact_info_snoozes (user_id, field_count, until) values ($1, $2, $3)
     on conflict (user_id) do update set field_count = excluded.field_count, until = excluded.until`,
    [userId, s.fields.length, until.toISOString()],
  );
  return { success: true, until: until.toISOString() };
}
