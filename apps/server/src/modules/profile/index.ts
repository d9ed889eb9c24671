/** Profile module: public player profiles and privacy settings. */
import { defineModule } from '../../platform/module.js';
import { registerProfileRoutes } from './profile.routes.js';

export const profileModule = defineModule({
  name: 'profile',
  register: registerProfileRoutes,
});
