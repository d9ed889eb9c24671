/** Platform module: operator licence, features and plugins (POST /license, POST /api/data/features). */
export { registerPlatformRoutes as registerPlatformModule } from './platform.routes.js';
export {
  seedLicense,
  readLicenseSettings,
  toLicense,
  DEFAULT_LICENSE,
  type LicenseSettings,
} from './license.js';
export { getSetting, putSetting } from './platform.repository.js';
