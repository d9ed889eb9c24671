/**
 * Start-up options of the crash module: the tick cadence, the shape of a new hash chain, its salt
 * block and the repair grace, from CRASH_* environment variables: the module's piece of the
 * configuration (`crashEnv`, decision 0013), so a malformed value stops the start-up with the other
 * configuration problems. What an operator tunes while the site runs (the betting time and the pause
 * after a bust) is a `crash.*` setting of the registry (settings.ts; decision 0016).
 */
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';
import { CHAIN_SPECS } from '../chains/index.js';

export interface CrashOptions {
  /** Interval of MultiplayerDataUpdate while a round runs, ms. */
  tickMs: number;
  /** Games in a newly generated hash chain. */
  chainLength: number;
  /** A checkpoint every this many games (at most this many hashes to find any game's hash). */
  checkpointEvery: number;
  /** A new chain is generated (and published) when fewer games than this remain in the current one. */
  chainReserve: number;
  /** Bets older than this with unsettled money are repaired by the leader's job, seconds. */
  repairGraceSeconds: number;
  /**
   * The public chain whose block hash becomes each hash chain's salt (a chain id of
   * modules/chains/specs.ts), read through the source its deposits use: its RPC node, else the
   * simulated chain (development and the embedded demo only).
   */
  saltChain: string;
  /** A new hash chain announces the block this many blocks after the salt chain's current head. */
  saltBlocksAhead: number;
  /**
   * Confirmations the announced block must have before its hash is taken; undefined: the salt chain's
   * deposit confirmations (DEPOSIT_CONFIRMATIONS, else the chain's default), 1 on the simulated chain.
   */
  saltConfirmations: number | undefined;
  /**
   * Block explorer URL templates per chain id, with `{height}` and/or `{hash}`: the fairness page links
   * a chain's salt block with the template of its chain (none: it explains how to check it on a node).
   */
  saltExplorerUrls: Record<string, string>;
}

export const CRASH_DEFAULTS: CrashOptions = {
  tickMs: 150,
  chainLength: 1_000_000,
  checkpointEvery: 1_000,
  chainReserve: 10_000,
  repairGraceSeconds: 30,
  saltChain: 'eth',
  saltBlocksAhead: 3,
  saltConfirmations: undefined,
  saltExplorerUrls: {},
};

/** Chains whose blocks can salt a hash chain: every chain with blocks we can read (not Solana). */
export const SALT_CHAINS = CHAIN_SPECS.filter((c) => c.family !== 'solana').map((c) => c.id);

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const envKeys = {
  CRASH_TICK_MS: int(50, 2_000).optional(),
  CRASH_CHAIN_LENGTH: int(10, 100_000_000).optional(),
  CRASH_CHECKPOINT_EVERY: int(1, 100_000).optional(),
  CRASH_CHAIN_RESERVE: int(1, 100_000_000).optional(),
  CRASH_REPAIR_GRACE_SECONDS: int(0, 86_400).optional(),
  CRASH_SALT_CHAIN: z
    .string()
    .refine((v) => SALT_CHAINS.includes(v), `must be one of ${SALT_CHAINS.join(', ')}`)
    .optional(),
  CRASH_SALT_BLOCKS_AHEAD: int(1, 1_000_000).optional(),
  CRASH_SALT_CONFIRMATIONS: int(1, 10_000).optional(),
  CRASH_SALT_EXPLORER_URL: z.string().max(4_000).optional(),
  // Moved to the settings registry: still set, they stop the start-up rather than being ignored.
  CRASH_BETTING_MS: z.string().optional(),
  CRASH_PAUSE_MS: z.string().optional(),
};

/** Variables that became settings (decision 0016), with the setting that replaced each. */
const MOVED_TO_SETTINGS = { CRASH_BETTING_MS: 'crash.betting_ms', CRASH_PAUSE_MS: 'crash.pause_ms' } as const;
const envSchema = z.object(envKeys);

/** What an explorer URL template must look like (checked per chain). */
const explorerTemplate = z
  .string()
  .max(500)
  .regex(/^https?:\/\/[^\s"'<>]+$/, 'must be an http(s) URL')
  .refine((v) => v.includes('{height}') || v.includes('{hash}'), 'must contain {height} or {hash}');

/**
 * CRASH_SALT_EXPLORER_URL: one template (for the salt chain) or JSON `{chain: template}`, like
 * EVM_RPC_URL. Problems are pushed to `problems`.
 */
function parseExplorers(
  text: string | undefined,
  saltChain: string,
  problems: string[],
): Record<string, string> {
  if (text === undefined) return {};
  let raw: Record<string, unknown> = { [saltChain]: text.trim() };
  if (text.trim().startsWith('{')) {
    try {
      const v: unknown = JSON.parse(text);
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
      raw = v as Record<string, unknown>;
    } catch {
      problems.push('CRASH_SALT_EXPLORER_URL: must be a URL template or a JSON object keyed by chain id');
      return {};
    }
  }
  const out: Record<string, string> = {};
  for (const [chain, v] of Object.entries(raw)) {
    const checked = explorerTemplate.safeParse(v);
    if (!SALT_CHAINS.includes(chain)) problems.push(`CRASH_SALT_EXPLORER_URL.${chain}: not a salt chain`);
    else if (!checked.success)
      problems.push(
        `CRASH_SALT_EXPLORER_URL.${chain}: ${checked.error.issues.map((i) => i.message).join(', ')}`,
      );
    else out[chain] = checked.data;
  }
  return out;
}

/**
 * The options from `env` over {@link CRASH_DEFAULTS}, outside a server's configuration (tests, tools).
 *
 * @throws Error naming the malformed variables
 */
export function crashOptionsFromEnv(env: Record<string, string | undefined>): CrashOptions {
  const set = Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('CRASH_') && v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const list = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid crash configuration: ${list}`);
  }
  const problems: string[] = [];
  const options = optionsOf(parsed.data, problems);
  if (problems.length) throw new Error(`Invalid crash configuration: ${problems.join('; ')}`);
  return options;
}

/** Crash's piece of the server configuration: `crashEnv.of(ctx.config)`. */
export const crashEnv = defineEnv(envKeys, (e, _info, problems) => optionsOf(e, problems));

function optionsOf(e: z.output<typeof envSchema>, problems: string[]): CrashOptions {
  for (const [name, key] of Object.entries(MOVED_TO_SETTINGS))
    if (e[name as keyof typeof MOVED_TO_SETTINGS] !== undefined)
      problems.push(
        `${name}: no longer read; the operator setting ${key} replaced it (POST /api/admin/settings/update)`,
      );
  const saltChain = e.CRASH_SALT_CHAIN ?? CRASH_DEFAULTS.saltChain;
  const saltExplorerUrls = parseExplorers(e.CRASH_SALT_EXPLORER_URL, saltChain, problems);
  return {
    tickMs: e.CRASH_TICK_MS ?? CRASH_DEFAULTS.tickMs,
    chainLength: e.CRASH_CHAIN_LENGTH ?? CRASH_DEFAULTS.chainLength,
    checkpointEvery: e.CRASH_CHECKPOINT_EVERY ?? CRASH_DEFAULTS.checkpointEvery,
    chainReserve: e.CRASH_CHAIN_RESERVE ?? CRASH_DEFAULTS.chainReserve,
    repairGraceSeconds: e.CRASH_REPAIR_GRACE_SECONDS ?? CRASH_DEFAULTS.repairGraceSeconds,
    saltChain,
    saltBlocksAhead: e.CRASH_SALT_BLOCKS_AHEAD ?? CRASH_DEFAULTS.saltBlocksAhead,
    saltConfirmations: e.CRASH_SALT_CONFIRMATIONS ?? CRASH_DEFAULTS.saltConfirmations,
    saltExplorerUrls,
  };
}
