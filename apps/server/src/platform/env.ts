/**
 * A module's piece of the configuration (decision 0013): the environment keys it reads, as a zod shape,
 * and how its typed config is built from them. platform/config.ts composes the pieces of every module of
 * the list with its own keys into one schema, parses the environment once and reports every problem of
 * every piece at once; a module reads its config with `piece.of(ctx.config)`.
 *
 * A piece may refuse development defaults in production (push a problem when `info.isProduction`), as
 * the platform's own keys do: the server then does not start.
 */
import { z } from 'zod';
import type { Config, Mode } from './config.js';

/** A yes/no environment value: true, false, 1, 0, yes or no. */
export const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** What every piece may depend on besides its own keys. */
export interface EnvInfo {
  mode: Mode;
  isProduction: boolean;
  /** PUBLIC_URL without a trailing slash (or http://localhost:{PORT}). */
  publicUrl: string;
  /** SECRET_KEY: modules derive their own secrets from it. */
  secretKey: string;
}

export interface ModuleEnv<T = unknown> {
  /** The environment keys this module reads (each key is read by exactly one piece or the platform). */
  readonly keys: z.ZodRawShape;
  /** Its config from the parsed environment; problems (production refusals included) go to `problems`. */
  readonly build: (env: Record<string, unknown>, info: EnvInfo, problems: string[]) => T;
  /** This module's config in a loaded configuration. @throws Error when it was loaded without the module */
  of(config: Pick<Config, 'modules'>): T;
}

export function defineEnv<S extends z.ZodRawShape, T>(
  keys: S,
  build: (env: z.output<z.ZodObject<S>>, info: EnvInfo, problems: string[]) => T,
): ModuleEnv<T> {
  const piece: ModuleEnv<T> = Object.freeze({
    keys,
    build: (env: Record<string, unknown>, info: EnvInfo, problems: string[]) =>
      build(env as z.output<z.ZodObject<S>>, info, problems),
    of(config: Pick<Config, 'modules'>): T {
      if (!config.modules.has(piece))
        throw new Error(`configuration loaded without the module of ${Object.keys(keys).join(', ')}`);
      return config.modules.get(piece) as T;
    },
  });
  return piece;
}

/** A comma-separated list of host names (lower-cased); a malformed one is a problem of `name`. */
export function hostList(name: string, text: string | undefined, problems: string[]): string[] {
  const hosts = (text ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const h of hosts)
    if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(h))
      problems.push(`${name}: '${h}' is not a host name (use a comma-separated list such as example.com)`);
  return hosts;
}

/** A JSON object keyed by chain id (or another id); anything else is a problem of `name`. */
export function jsonObject(name: string, text: string, problems: string[]): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // reported below
  }
  problems.push(`${name}: must be a JSON object keyed by chain id`);
  return {};
}
