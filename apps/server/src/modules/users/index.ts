/** Users module: accounts, roles and the development demo accounts. */
export { hashPassword, verifyPassword } from './passwords.js';
export { seedRoles, seedDemoAccounts, generateDemoPassword, DEMO_ACCOUNTS } from './users.seed.js';
export { ROLE_SEEDS } from './roles.seed.js';
