import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { emptyRequest } from './platform.js';

/**
 * The operator settings of every server module (the server's settings registry): staff list them with
 * their JSON Schema and change one at a time; each change is validated against the setting's schema
 * (422 `invalid_setting`) and written with its staff audit row (`settings.update`, target
 * `setting` + key) in one transaction.
 */

/** Who may read and change settings: holders of `settings` (administrators hold every permission). */
export const SETTINGS_PERMISSION = 'settings';

/**
 * The spec's permissions that may read and change the settings of their own programmes besides
 * `settings` (each setting names its one, `permission`): promo codes and the promotions that pay from
 * the promotions account, banners, the VIP programme.
 */
export const SETTING_STAFF_PERMISSIONS = ['promocodes', 'banner', 'vip'] as const;
export type SettingStaffPermission = (typeof SETTING_STAFF_PERMISSIONS)[number];

/** A setting key: lower case words joined by dots (`games.max_bet_eur`, `tips`). */
export const SETTING_KEY_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

export const settingEntrySchema = z.object({
  key: z.string(),
  /** The module that owns the setting. */
  owner: z.string(),
  description: z.string(),
  /** What a value may look like (JSON Schema, draft 2020-12). */
  schema: z.record(z.string(), z.unknown()),
  /** The value in force as stored JSON: the stored value, or the default when none (or a malformed one) is stored. */
  value: z.unknown(),
  /** The stored value as the table holds it; null when none is stored. */
  stored: z.unknown(),
  default: z.unknown(),
  /** The staff permission that may change it besides `settings`; null: `settings` only. */
  permission: z.enum(SETTING_STAFF_PERMISSIONS).nullable().optional(),
  /** A value is stored but does not fit the schema (a hand edit): the default applies. */
  malformed: z.boolean(),
});
export type SettingEntry = z.infer<typeof settingEntrySchema>;

export const staffSettingsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/settings',
  request: emptyRequest,
  response: z.object({ settings: z.array(settingEntrySchema) }),
  policy: policy.anyPermission([SETTINGS_PERMISSION, ...SETTING_STAFF_PERMISSIONS]),
  summary:
    'The operator settings the caller may change (every one with `settings`, else those of its programme permissions): key, owner, description, JSON Schema, value in force and default (staff).',
});

export const staffSettingUpdateRequestSchema = z
  .object({
    key: z.string().min(1).max(128).regex(SETTING_KEY_PATTERN, 'A setting key such as games.max_bet_eur.'),
    /** The new value (any JSON; checked against the setting's schema by the server). */
    value: z.json(),
  })
  .strict();

export const staffSettingUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/settings/update',
  request: staffSettingUpdateRequestSchema,
  response: z.object({ setting: settingEntrySchema }),
  policy: policy.anyPermission([SETTINGS_PERMISSION, ...SETTING_STAFF_PERMISSIONS]),
  summary:
    'Changes one operator setting (holders of `settings` any, the others only those of their permission: 403) (validated against its schema: 422 invalid_setting), audited as settings.update (staff).',
});
