/**
 * Users module: accounts, roles and the development demo accounts. It owns `users`, `roles` and
 * `user_roles`; other modules read and write them only through what this file exports (lookups,
 * account.ts's fields and writes, and relations.ts's relations for reads inside their own statements).
 */
import { defineModule } from '../../platform/module.js';
import { seedDemoAccounts, seedRoles } from './users.seed.js';

export { hashPassword, verifyPassword } from './passwords.js';
export { newPlayersByDay, playerCount } from './figures.js';
export { seedRoles, seedDemoAccounts, DEMO_ACCOUNTS } from './users.seed.js';
export { ROLE_SEEDS } from './roles.seed.js';
export {
  findUserById,
  findUserByLogin,
  findUserByName,
  findUserIdByReferralCode,
  findUserIdByWallet,
  findUserIdByTelegram,
  countRecentRegistrations,
  linkedAccounts,
  searchUsers,
  staffProfileOf,
  accountsById,
  isEmailTaken,
  isNameTaken,
  insertUser,
  type UserRecord,
  type NewUser,
  type StaffUserRow,
  type StaffProfile,
} from './users.repository.js';
export {
  lockUser,
  rolesOf,
  roleCatalogue,
  setRoles,
  raiseVipLevel,
  vipLevelOf,
  wasInvited,
  passwordHashOf,
  setPasswordHash,
  setEmail,
  lockEmailOf,
  markEmailVerified,
  setPrivacy,
  muteChat,
  setBan,
  unmuteChatByName,
  unmuteChatById,
  twoFactorColumnsOf,
  setPendingTwoFactorSecret,
  activateTwoFactorSecret,
  clearTwoFactorSecret,
  type TwoFactorColumns,
} from './account.js';
export { PLAYERS, AUTH_USERS } from './relations.js';

export const usersModule = defineModule({
  name: 'users',
  async seed({ database, demo, demoPassword }) {
    await seedRoles(database);
    if (demo) await seedDemoAccounts(database, demoPassword);
  },
});
