/**
 * A module's per-server instances (issue G2 item 1, decision 0013): a price feed, a mailer, a deposit
 * service, the crash service... A module declares each one in its definition (`services`) with
 * `defineService(name, create)`; the server creates every declared service once, at start, in module
 * order, before any job or route, and keeps them in its own `Services` (`ctx.services`). Whoever needs
 * one (routes, whispers, jobs, another module) reads it with the typed accessor the owning module's
 * `index.ts` exports: `priceFeedService.of(ctx)`.
 *
 * Invariants (checked at start, and by test/module-definitions.test.ts):
 * - one instance per declared service per server: two servers in one process share nothing; no
 *   instance is created lazily on first use, and none is kept in a module-level map (no WeakMap keyed
 *   by the database);
 * - a service's name starts with its module's name and a dot (`prices.feed`), and one definition is
 *   declared by one module only;
 * - a service is created after the services of the modules listed before its own, so its `create` may
 *   read those (and its own module's earlier ones); reading a service not created yet throws, naming
 *   both, instead of creating it out of order;
 * - the server closes the services that have a `close` in the reverse order of creation, after the
 *   routes and jobs stopped and before the database closes;
 * - a test may replace a service's instance for its server (`replaceService`); it is still created
 *   once, in its module's turn.
 */
import type { AppContext } from './context.js';
import type { ServerModule } from './module.js';

/** What a service's `create` gets: the module context of the server being started, and its module list. */
export type ServiceContext = AppContext & { readonly modules: readonly ServerModule[] };

/** A per-server instance a module declares; the value is also its typed accessor. */
export interface ServiceDefinition<T> {
  /** `{module}.{what}`, e.g. `prices.feed`. */
  readonly name: string;
  /** Builds the instance; called once per server, at start, in module order. */
  create(ctx: ServiceContext): T;
  /** Releases it when the server closes (waits for background work; closes connections). */
  close?(instance: T): Promise<void> | void;
  /** This server's instance. */
  of(ctx: Pick<AppContext, 'services'>): T;
}

/** Declares a per-server service (see the module comment); the owner lists it in its definition's `services`. */
export function defineService<T>(
  name: string,
  create: (ctx: ServiceContext) => T,
  opts: { close?: (instance: T) => Promise<void> | void } = {},
): ServiceDefinition<T> {
  const definition: ServiceDefinition<T> = {
    name,
    create,
    ...(opts.close ? { close: opts.close } : {}),
    of: (ctx) => ctx.services.get(definition),
  };
  return Object.freeze(definition);
}

/** A test's own instance for a declared service (created in the owning module's turn instead of its `create`). */
export interface ServiceReplacement {
  readonly service: ServiceDefinition<unknown>;
  readonly create: (ctx: ServiceContext) => unknown;
}

/** Replaces the instance of `service` on one server (tests: a fake feed, a slow mailer...). */
export function replaceService<T>(
  service: ServiceDefinition<T>,
  create: (ctx: ServiceContext) => T,
): ServiceReplacement {
  return { service, create };
}

/** The modules' side of it: a name and the services each declares. */
interface ServiceOwner {
  readonly name: string;
  readonly services?: readonly ServiceDefinition<unknown>[];
}

/** The services of one server: created once at start by {@link Services.start}, read through their accessors. */
export class Services {
  readonly #instances = new Map<ServiceDefinition<unknown>, unknown>();
  /** Service name -> owning module, in creation order. */
  readonly #owners = new Map<string, string>();
  #creating: string | undefined;
  #started = false;
  #closing: Promise<void> | undefined;

  /** The instance of `service` on this server; throws when it is not created (yet). */
  get<T>(service: ServiceDefinition<T>): T {
    if (!this.#instances.has(service)) {
      const reader = this.#creating ? ` (read while creating '${this.#creating}')` : '';
      throw new Error(
        `service '${service.name}' is not created on this server${reader}: its module is not in the list, ` +
          'or is listed after the module that reads it at start',
      );
    }
    return this.#instances.get(service) as T;
  }

  /** Service name -> owning module, in creation order. */
  owners(): Map<string, string> {
    return new Map(this.#owners);
  }

  /**
   * Creates every module's services, in list order, each once; `replacements` give a test's own
   * instances. Refuses a service declared twice or not named after its module, and a replacement of a
   * service no module declares.
   */
  start(
    ctx: ServiceContext,
    modules: readonly ServiceOwner[],
    replacements: readonly ServiceReplacement[] = [],
  ): void {
    if (this.#started) throw new Error('the services of this server are already started');
    this.#started = true;
    const replaced = new Map(replacements.map((r) => [r.service, r.create]));
    try {
      for (const m of modules) {
        for (const service of m.services ?? []) {
          if (!service.name.startsWith(`${m.name}.`))
            throw new Error(`service '${service.name}' of module '${m.name}' must be named '${m.name}.…'`);
          if (this.#instances.has(service) || this.#owners.has(service.name))
            throw new Error(`service '${service.name}' is declared twice`);
          this.#creating = service.name;
          const create = replaced.get(service) ?? ((c: ServiceContext) => service.create(c));
          this.#instances.set(service, create(ctx));
          this.#owners.set(service.name, m.name);
          replaced.delete(service);
        }
      }
    } finally {
      this.#creating = undefined;
    }
    for (const service of replaced.keys())
      throw new Error(`service '${service.name}' is replaced but no module of the list declares it`);
  }

  /**
   * Closes the services that have a `close`, in the reverse order of creation, each once (a failure is
   * thrown after the others closed).
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const failures: unknown[] = [];
      for (const [service, instance] of [...this.#instances].reverse()) {
        try {
          await service.close?.(instance);
        } catch (err) {
          failures.push(err);
        }
      }
      if (failures.length) throw failures[0];
    })();
    return this.#closing;
  }
}
