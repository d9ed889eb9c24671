import type { Database } from './client.js';
import { seedCurrencies } from '../modules/currencies/index.js';
import { seedCatalogue } from '../modules/catalogue/index.js';
import { seedLicense } from '../modules/platform/index.js';
import { generateDemoPassword, seedDemoAccounts, seedRoles } from '../modules/users/index.js';

export interface SeedResult {
  /** Set when demo accounts were (re)created: their shared password. */
  demoPassword?: string;
  demoPasswordGenerated?: boolean;
}

/**
 * Idempotent seed, safe on every start: currencies, licence settings, roles; in development the
 * demo accounts `admin`, `moderator` and `player`. Never overwrites what an operator changed.
 */
export async function seedDatabase(
  database: Database,
  opts: { withDemoAccounts: boolean; demoPassword?: string | undefined },
): Promise<SeedResult> {
  await seedCurrencies(database);
  await seedLicense(database);
  await seedRoles(database);
  await seedCatalogue(database, { demo: opts.withDemoAccounts });
  if (!opts.withDemoAccounts) return {};
  const password = opts.demoPassword ?? generateDemoPassword();
  await seedDemoAccounts(database, password);
  return { demoPassword: password, demoPasswordGenerated: !opts.demoPassword };
}
