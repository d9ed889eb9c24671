import path from 'node:path';
import { z } from 'zod';
import { modules as serverModules } from '../modules/index.js';
import { booleanish, type EnvInfo, type ModuleEnv } from './env.js';
import type { ServerModule } from './module.js';

/**
 * Configuration comes only from environment variables, validated here at start-up: the platform's own
 * keys below, and each module's keys (its definition's `env`, platform/env.ts), composed into one schema.
 * Development defaults are safe to run locally and are refused in production mode (by the platform for
 * its keys, by each module for its own).
 */
export const DEV_SECRET_KEY = 'dev-only-secret-key-do-not-use-in-production-0000';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9:_-]{1,64}$/)
    .default('nebula'),
  DATA_DIR: z.string().min(1).default('./data'),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET_KEY),
  DEMO_PASSWORD: z.string().min(5, 'must be at least 5 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanish.optional(),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(256 * 1024),
  TRUST_PROXY: booleanish.default(false),
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  WEB_DIST: z.string().optional(),
  SERVE_WEB: booleanish.default(true),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  WS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  WS_MAX_FRAME_BYTES: z.coerce
    .number()
    .int()
    .min(256)
    .max(1024 * 1024)
    .default(16 * 1024),
  WS_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  WS_RATE_PER_SEC: z.coerce.number().min(1).max(10_000).default(20),
  WS_RATE_BURST: z.coerce.number().int().min(1).max(100_000).default(40),
  PRESENCE_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
});

export type Mode = 'development' | 'production' | 'test';

export interface Config {
  mode: Mode;
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** Namespace of this deployment's Redis keys and channels. */
  redisPrefix: string;
  dataDir: string;
  secretKey: string;
  demoPassword: string | undefined;
  logLevel: string;
  logPretty: boolean;
  bodyLimit: number;
  trustProxy: boolean;
  /**
   * How old this node's copy of the operator settings may get, ms (0: read on every call). A change made
   * through the settings registry reaches every node at once over the realtime bus; this bounds the rest.
   */
  settingsCacheMs: number;
  webDist: string | undefined;
  serveWeb: boolean;
  shutdownGraceMs: number;
  realtime: {
    wsPort: number | undefined;
    heartbeatMs: number;
    maxFrameBytes: number;
    maxBufferedBytes: number;
    ratePerSecond: number;
    rateBurst: number;
    presenceIntervalMs: number;
  };
  /** Each module's own config, built from its environment keys: read it with `piece.of(config)`. */
  modules: ReadonlyMap<ModuleEnv, unknown>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The one schema: the platform's keys and every module's keys. A key read by two pieces is a
 * programming error (thrown, not a ConfigError).
 */
function composedSchema(pieces: readonly ModuleEnv[]) {
  const shape: Record<string, z.core.$ZodType> = { ...envSchema.shape };
  for (const piece of pieces) {
    for (const [key, schema] of Object.entries(piece.keys)) {
      if (key in shape) throw new Error(`environment key ${key} is declared twice`);
      shape[key] = schema;
    }
  }
  return z.object(shape);
}

/**
 * Parses and checks the environment: the platform's keys and the keys of every module of `modules`
 * (default: the server's list). Throws ConfigError listing every problem at once.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  modules: readonly ServerModule[] = serverModules,
): Config {
  const pieces = modules.flatMap((m) => (m.env ? [m.env] : []));
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = composedSchema(pieces).safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const all = parsed.data;
  const e = all as z.output<typeof envSchema>;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    if (e.SECRET_KEY === DEV_SECRET_KEY) problems.push('SECRET_KEY: set a real secret in production');
    if (!e.DATABASE_URL)
      problems.push('DATABASE_URL: production runs on PostgreSQL, not the embedded database');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
    if (e.DEMO_PASSWORD) problems.push('DEMO_PASSWORD: demo accounts do not exist in production');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const info: EnvInfo = { mode: e.NODE_ENV, isProduction, publicUrl, secretKey: e.SECRET_KEY };
  const moduleConfigs = new Map<ModuleEnv, unknown>();
  for (const piece of pieces) moduleConfigs.set(piece, piece.build(all, info, problems));
  if (problems.length) throw new ConfigError(problems);
  return {
    mode: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    dataDir: path.resolve(e.DATA_DIR),
    secretKey: e.SECRET_KEY,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? (!isProduction && process.stdout.isTTY === true),
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    settingsCacheMs: e.SETTINGS_CACHE_MS,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    serveWeb: e.SERVE_WEB,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    realtime: {
      wsPort: e.WS_PORT,
      heartbeatMs: e.WS_HEARTBEAT_MS,
      maxFrameBytes: e.WS_MAX_FRAME_BYTES,
      maxBufferedBytes: e.WS_MAX_BUFFERED_BYTES,
      ratePerSecond: e.WS_RATE_PER_SEC,
      rateBurst: e.WS_RATE_BURST,
      presenceIntervalMs: e.PRESENCE_INTERVAL_MS,
    },
    modules: moduleConfigs,
  };
}
