/** Profile module: public player profiles and privacy settings. */
export { registerProfileRoutes as registerProfileModule } from './profile.routes.js';
