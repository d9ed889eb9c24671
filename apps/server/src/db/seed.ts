import { randomBytes } from 'node:crypto';
import type { Database } from './client.js';
import type { ServerModule } from '../platform/module.js';
import { modules as serverModules } from '../modules/index.js';

export interface SeedResult {
  /** Set when demo accounts were (re)created: their shared password. */
  demoPassword?: string;
  demoPasswordGenerated?: boolean;
  /** The modules whose seed ran, in order. */
  seeded: string[];
}

/**
 * Idempotent seed, safe on every start: each module's `seed` in list order (currencies, licence
 * settings, roles, operator setting defaults, the catalogue...; in development also the demo accounts
 * `admin`, `moderator` and `player` and the demo catalogue). Never overwrites what an operator changed.
 */
export async function seedDatabase(
  database: Database,
  opts: { withDemoAccounts: boolean; demoPassword?: string | undefined },
  modules: readonly ServerModule[] = serverModules,
): Promise<SeedResult> {
  const demo = opts.withDemoAccounts;
  // DEMO_PASSWORD, or a fresh random one each start (printed by main.ts).
  const password = opts.demoPassword ?? randomBytes(9).toString('base64url');
  const seeded: string[] = [];
  for (const m of modules) {
    if (!m.seed) continue;
    await m.seed({ database, demo, demoPassword: password });
    seeded.push(m.name);
  }
  if (!demo) return { seeded };
  return { demoPassword: password, demoPasswordGenerated: !opts.demoPassword, seeded };
}
