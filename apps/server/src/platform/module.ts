/**
 * One module definition (issue G2 item 1, decision 0013): everything a server module brings to the
 * server, in one object its `index.ts` exports. `modules/index.ts` is the only list of modules; the
 * server, the job runner, the seed and the config loader iterate over it, so adding a module is its
 * folder, one line there, its migration and its contracts file. The config loader composes the
 * modules' environment keys (platform/env.ts).
 *
 * Invariants (checked by `assembleModules` at start, and by test/module-definitions.test.ts):
 * - module names are unique, and so are job names, setting keys and channel names across modules;
 * - a job's name starts with its module's name and a dot (`crash.rounds`), so job_runs rows and logs
 *   say whose job it is; so does a service's (`prices.feed`), and one service has one owner;
 * - a module's per-server instances are its `services`, created once per server at start in list
 *   order (platform/services.ts); no module keeps an instance in a module-level map;
 * - nothing here runs at import time: a definition is data plus functions the server calls at start.
 */
import type { Me } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../jobs/runner.js';
import type { Database } from '../db/client.js';
import type { Listener } from '../realtime/channels.js';
import type { WagerConsumer } from '../modules/wagers/stream.js';
import type { WagerRepair } from '../modules/wagers/repair.js';
import type { MultiplayerPlay } from '../modules/games/multiplayer.js';
import type { AppContext } from './context.js';
import type { ModuleEnv } from './env.js';
import type { ServiceDefinition } from './services.js';

/** What a module's seed gets: the database, and whether (and with which password) demo data is wanted. */
export interface SeedContext {
  database: Database;
  /** Development mode: demo accounts, demo catalogue, development settings. */
  demo: boolean;
  /** The demo accounts' shared password (set when `demo`). */
  demoPassword: string;
}

/** What a module's routes and jobs get: the module context and every module of this server (for contributions). */
export interface JobsContext extends AppContext {
  modules: readonly ServerModule[];
}

/** Realtime channels a module owns: which names are its own and who may hear them. */
export interface ChannelOwnership {
  /** A short description for logs and health pages, e.g. `chat rooms ({casino|sport|esport}_{en|de})`. */
  name: string;
  matches: (channel: string) => boolean;
  canHear: (channel: string, who: Listener) => boolean;
}

/** An operator setting a module owns (the settings registry's definitions satisfy this). */
export interface ModuleSetting {
  readonly key: string;
}

export interface ServerModule {
  /** Folder name under modules/ (or `realtime`); the prefix of its job names. */
  readonly name: string;
  /**
   * Its per-server instances (platform/services.ts): created once per server at start, in list order,
   * before any job or route; read with the accessor its index.ts exports (`priceFeedService.of(ctx)`).
   */
  readonly services?: readonly ServiceDefinition<unknown>[];
  /** Routes and whispers: called once per server, in list order, after every seed ran. */
  readonly register?: (app: FastifyInstance, ctx: JobsContext) => Promise<void> | void;
  /** Leader-only jobs; each name starts with `{name}.`. Called once per server at start. */
  readonly jobs?: (ctx: JobsContext) => readonly JobDefinition[];
  /** Idempotent seed, run on every start in list order; never overwrites what an operator changed. */
  readonly seed?: (ctx: SeedContext) => Promise<void>;
  /** The operator settings it owns. */
  readonly settings?: readonly ModuleSetting[];
  /** The realtime channels it owns (besides the built-in Everyone, User.*, Guest.*, Support*). */
  readonly channels?: readonly ChannelOwnership[];
  /** Its environment keys and its typed config (platform/env.ts); read with `env.of(ctx.config)`. */
  readonly env?: ModuleEnv;
  /**
   * The fields of the signed-in user's record (`Me`, spec 3 section 3) this module owns, read each time
   * the record is built (sign-in, `/auth/me`, profile changes): auth's `MeBuilder` merges every
   * module's part over the identity fields, in list order. A part may not set an identity field.
   */
  readonly me?: MeContribution;
  /**
   * Consumers of the wager settled stream it contributes (read by the wagers module's job); a function
   * of the context when a consumer needs the server's parts (settings, ledger, realtime).
   */
  readonly wagerConsumers?: readonly WagerConsumer[] | ((ctx: AppContext) => readonly WagerConsumer[]);
  /**
   * How the wagers module's repair job finds and settles its stakes a crash left unsettled (wagers/
   * repair.ts); a product whose stakes are never left half-settled declares none.
   */
  readonly wagerRepair?: (ctx: AppContext) => WagerRepair;
  /** Multiplayer games it brings, by api_id: the games module routes their Play (games/multiplayer.ts). */
  readonly multiplayer?: Readonly<Record<string, (ctx: AppContext) => MultiplayerPlay>>;
}

/** The identity fields of `Me`, which only the auth module builds (users and roles). */
export type MeIdentityField =
  '_id' | 'name' | 'email' | 'email_verified' | 'avatar' | 'roles' | 'permissions' | 'created_at' | 'token';

/** A module's part of the signed-in user's record: the fields it owns, for one user. */
export type MeContribution = (
  database: Database,
  userId: string,
) => Promise<Partial<Omit<Me, MeIdentityField>>>;

/** A typed identity: the one way a module states its definition (keeps the fields checked). */
export function defineModule<const M extends ServerModule>(definition: M): M {
  return Object.freeze(definition);
}

/** Refuses a module list that breaks the invariants above; returns the owner of every setting key. */
export function checkModules(modules: readonly ServerModule[]): Map<string, string> {
  const problems: string[] = [];
  const names = new Set<string>();
  const settingOwners = new Map<string, string>();
  const channelNames = new Set<string>();
  const services = new Set<string>();
  for (const m of modules) {
    if (!/^[a-z][a-z0-9-]*$/.test(m.name)) problems.push(`module '${m.name}': name must be kebab-case`);
    if (names.has(m.name)) problems.push(`module '${m.name}' is listed twice`);
    names.add(m.name);
    for (const s of m.settings ?? []) {
      const owner = settingOwners.get(s.key);
      if (owner) problems.push(`setting '${s.key}' is owned by both '${owner}' and '${m.name}'`);
      else settingOwners.set(s.key, m.name);
    }
    for (const s of m.services ?? []) {
      if (!s.name.startsWith(`${m.name}.`))
        problems.push(`service '${s.name}' of module '${m.name}' must be named '${m.name}.…'`);
      if (services.has(s.name)) problems.push(`service '${s.name}' is declared twice`);
      services.add(s.name);
    }
    for (const c of m.channels ?? []) {
      if (channelNames.has(c.name)) problems.push(`channel '${c.name}' is declared twice`);
      channelNames.add(c.name);
    }
  }
  if (problems.length) throw new Error(`Invalid module list:\n  - ${problems.join('\n  - ')}`);
  return settingOwners;
}

/** The jobs of every module, checked for their name prefix and uniqueness. */
export function moduleJobs(ctx: JobsContext): { module: string; job: JobDefinition }[] {
  const out: { module: string; job: JobDefinition }[] = [];
  const seen = new Set<string>();
  for (const m of ctx.modules) {
    for (const job of m.jobs?.(ctx) ?? []) {
      if (!job.name.startsWith(`${m.name}.`))
        throw new Error(`job '${job.name}' of module '${m.name}' must be named '${m.name}.…'`);
      if (seen.has(job.name)) throw new Error(`job '${job.name}' is declared twice`);
      seen.add(job.name);
      out.push({ module: m.name, job });
    }
  }
  return out;
}
