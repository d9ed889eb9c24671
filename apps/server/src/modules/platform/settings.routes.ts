/**
 * The staff view of the operator settings (platform/settings): POST /api/admin/settings lists every
 * setting of the registry, POST /api/admin/settings/update changes one. A change is checked against
 * the setting's schema (422 `invalid_setting`, nothing written) and written with its staff audit row
 * in one transaction; every node sees it at once (the store's broadcast). Holders of `settings` see and
 * change every setting; a holder of a programme's permission (`promocodes`, `banner`, `vip`: the
 * setting's own `permission`) only the settings that name it, checked per call (403 for any other).
 */
import {
  SETTINGS_PERMISSION,
  staffSettingUpdateEndpoint,
  staffSettingsEndpoint,
  type SettingEntry,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import type { AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { holdsPermission } from '../../platform/policy.js';
import { type Setting, settingJsonSchema } from '../../platform/settings/index.js';
import { recordStaffAction } from '../audit/index.js';

/** A setting as staff see it; values in their stored (JSON) form, never the parsed one. */
function entry(setting: Setting, stored: unknown, malformed: boolean): SettingEntry {
  return {
    key: setting.key,
    owner: setting.owner,
    description: setting.description,
    schema: settingJsonSchema(setting),
    value: stored === undefined || malformed ? setting.defaultStored : stored,
    stored: stored ?? null,
    default: setting.defaultStored,
    permission: setting.permission ?? null,
    malformed,
  };
}

/** Whether `user` may read and change `setting`: `settings` (or `*`), or the setting's own permission. */
export function maySetSetting(user: AuthUser, setting: Setting): boolean {
  return (
    holdsPermission(user, SETTINGS_PERMISSION) ||
    (setting.permission !== undefined && holdsPermission(user, setting.permission))
  );
}

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { settings } = ctx;

  registerEndpoint(app, staffSettingsEndpoint, async ({ user }) => {
    if (!user) throw AppError.unauthenticated();
    return {
      settings: (await settings.list())
        .filter((s) => maySetSetting(user, s.setting))
        .map((s) => entry(s.setting, s.stored, s.malformed)),
    };
  });

  registerEndpoint(app, staffSettingUpdateEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    const setting = settings.registry.get(input.key);
    if (!setting) throw new AppError(404, 'unknown_setting', `There is no setting ${input.key}.`);
    if (!maySetSetting(user, setting))
      throw AppError.forbidden(
        `Changing ${setting.key} needs the ${setting.permission ?? 'settings'} permission.`,
      );
    const change = await settings.change(setting, input.value, (tx, { before, after }) =>
      recordStaffAction(tx, {
        actor: user,
        action: 'settings.update',
        target: { type: 'setting', id: setting.key },
        before: { value: before ?? null },
        after: { value: after },
        details: { owner: setting.owner },
      }).then(() => undefined),
    );
    return { setting: entry(setting, change.after, false) };
  });
}
