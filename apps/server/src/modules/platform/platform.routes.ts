import { featuresEndpoint, licenseEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { FEATURE_NAMES, PLUGIN_NAMES, readLicenseSettings, toLicense } from './license.js';
import { registerSettingsRoutes } from './settings.routes.js';

export function registerPlatformRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerSettingsRoutes(app, ctx);
  registerEndpoint(app, licenseEndpoint, async () => toLicense(await readLicenseSettings(ctx.settings)));

  registerEndpoint(app, featuresEndpoint, async () => {
    const s = await readLicenseSettings(ctx.settings);
    return {
      features: Object.entries(s.features).map(([id, enabled]) => ({
        id,
        name: FEATURE_NAMES[id] ?? id,
        enabled,
      })),
      plugins: Object.entries(s.plugins).map(([id, enabled]) => ({
        id,
        name: (PLUGIN_NAMES as Record<string, string>)[id] ?? id,
        enabled,
      })),
    };
  });
}
