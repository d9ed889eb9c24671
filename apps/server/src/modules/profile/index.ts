/** Profile module: public player profiles, privacy settings and the contact-info modal (contact-info.ts). */
import { defineModule } from '../../platform/module.js';
import { contactInfoSetting } from './contact-info.js';
import { registerProfileRoutes } from './profile.routes.js';

export { contactInfoFor, contactInfoSetting } from './contact-info.js';

export const profileModule = defineModule({
  name: 'profile',
  register: registerProfileRoutes,
  settings: [contactInfoSetting],
});
