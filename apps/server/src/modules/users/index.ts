/** Users module: accounts, roles and the development demo accounts. */
import { defineModule } from '../../platform/module.js';
import { seedDemoAccounts, seedRoles } from './users.seed.js';

export { hashPassword, verifyPassword } from './passwords.js';
export { seedRoles, seedDemoAccounts, DEMO_ACCOUNTS } from './users.seed.js';
export { ROLE_SEEDS } from './roles.seed.js';

export const usersModule = defineModule({
  name: 'users',
  async seed({ database, demo, demoPassword }) {
    await seedRoles(database);
    if (demo) await seedDemoAccounts(database, demoPassword);
  },
});
