/**
 * Platform module: operator licence, features and plugins (POST /license, POST /api/data/features), and
 * the staff view of the operator settings registry (POST /api/admin/settings, .../update).
 */
import { defineModule } from '../../platform/module.js';
import { licenseSetting } from './license.js';
import { registerPlatformRoutes } from './platform.routes.js';
export {
  licenseSetting,
  readLicenseFrom,
  readLicenseSettings,
  toLicense,
  DEFAULT_LICENSE,
  type LicenseSettings,
} from './license.js';

export const platformModule = defineModule({
  name: 'platform',
  register: registerPlatformRoutes,
  settings: [licenseSetting],
});
