import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration comes only from environment variables, validated here at start-up.
 * Development defaults are safe to run locally and are refused in production mode.
 */
export const DEV_SECRET_KEY = 'dev-only-secret-key-do-not-use-in-production-0000';

/**
 * Development deposit keys: the account-level extended public keys m/44'/coin'/0' of the PUBLIC test
 * mnemonic "abandon abandon ... about". Anyone can spend from them, so production refuses them.
 */
export const DEV_DEPOSIT_XPUBS: Readonly<Record<string, string>> = {
  btc: 'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj',
  ltc: 'xpub6BnJJjq783EdyBeQPA9P9ao9DTS3fUqyKG5NJDcrCiwwxEkesGoHN94LZRGE7rz1jgcvmmp8j55BNx573KFq1WBwKiemzkdfNKffKx6Mvku',
  doge: 'xpub6Bxse8AT19u9HExKtP1EAudLi9CpLxPpxDvanL2fFtM7UFE2Q7TTWRg4bnMnmT4KcyN6GQkSgZmPWDtyUywSii3MDpMNfXSTuzH7gvZywLU',
  eth: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  bsc: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  trx: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
};

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Nebula Casino <no-reply@localhost>'),
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
  TRUSTED_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name such as cf-ipcountry')
    .optional(),
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
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
  CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1),
  CAPTCHA_COUNTER_MIN: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  CAPTCHA_COUNTER_MAX: z.coerce.number().int().min(1).max(10_000_000).default(60_000),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must look like 123456:ABC...')
    .optional(),
  PRESENCE_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DEPOSIT_XPUB: z.string().max(4_000).optional(),
  DEPOSIT_CHAIN_MODE: z.enum(['simulated', 'evm']).optional(),
  EVM_RPC_URL: z.string().max(4_000).optional(),
  DEPOSIT_CONFIRMATIONS: z.string().max(1_000).optional(),
  PRICE_FEED_URL: z.url().optional(),
  PRICE_REFRESH_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(60_000),
  DEMO_BALANCE_AMOUNT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a USD amount such as 1000')
    .default('1000'),
  CHAT_LINK_ALLOWLIST: z.string().max(4_000).optional(),
  CHAT_STICKER_HOSTS: z.string().max(4_000).default('media.giphy.com,i.giphy.com,media.tenor.com'),
  CHAT_QUIZ_REWARD: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a positive decimal amount such as 1 or 0.5')
    .default('1'),
  CHAT_QUIZ_CURRENCY: z
    .string()
    .regex(/^[a-z0-9_]{1,32}$/, 'must be a currency id such as usdt')
    .default('usdt'),
  CHAT_IP_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  BOT_RAIN: z.enum(['on', 'off']).optional(),
  BET_GROUP_COMMIT: booleanish.default(true),
  BET_GROUP_COMMIT_MAX: z.coerce.number().int().min(1).max(1_000).default(64),
  BET_GROUP_COMMIT_PARALLEL: z.coerce.number().int().min(1).max(32).default(2),
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
  smtpUrl: string | undefined;
  mailFrom: string;
  demoPassword: string | undefined;
  logLevel: string;
  logPretty: boolean;
  bodyLimit: number;
  trustProxy: boolean;
  /** Request header a trusted proxy sets to the client's ISO country (lower case), e.g. cf-ipcountry. */
  trustedCountryHeader: string | undefined;
  /** How old the in-memory game catalogue may get before it is reloaded, ms (0: read on every call). */
  catalogueCacheMs: number;
  webDist: string | undefined;
  serveWeb: boolean;
  shutdownGraceMs: number;
  captcha: { secretKey: string; cost: number; counterMin: number; counterMax: number };
  telegramBotToken: string | undefined;
  /** Deposit chains: extended public keys, detection mode, EVM RPC URLs and confirmations per chain id. */
  deposits: {
    xpubs: Record<string, string>;
    chainMode: 'simulated' | 'evm';
    evmRpcUrls: Record<string, string>;
    confirmations: Record<string, number>;
  };
  /** Price feed: a CoinGecko-compatible API base URL (unset: configured static prices). */
  prices: { feedUrl: string | undefined; refreshMs: number };
  /** The demo balance a top-up fills up to, in USD (converted with the currency's price). */
  demoBalanceUsd: string;
  /** Live chat: link allow list, sticker image hosts, quiz prize, per-IP message limit. */
  chat: {
    /** Host names non-staff may link to (subdomains included); the site's own host is always allowed. */
    linkAllowlist: string[];
    /** Hosts of GIF sticker images (https only); the local emoji packs are always allowed. */
    stickerHosts: string[];
    /** The quiz prize as a decimal amount of `quizCurrency`, paid from the promotions account. */
    quizReward: string;
    quizCurrency: string;
    ipMessagesPerMinute: number;
  };
  /** Whether the scheduled bot rain runs when the `tips` setting does not say (BOT_RAIN; off in test mode). */
  botRainDefault: boolean;
  /**
   * Group commit of single-round bets (modules/games/group-commit.ts): bets arriving on this node while
   * earlier ones commit share one transaction (BET_GROUP_COMMIT), at most `maxBatch` bets each
   * (BET_GROUP_COMMIT_MAX), at most `parallel` such transactions at once (BET_GROUP_COMMIT_PARALLEL).
   */
  betGroupCommit: { enabled: boolean; maxBatch: number; parallel: number };
  realtime: {
    wsPort: number | undefined;
    heartbeatMs: number;
    maxFrameBytes: number;
    maxBufferedBytes: number;
    ratePerSecond: number;
    rateBurst: number;
    presenceIntervalMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses and checks the environment. Throws ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    if (e.SECRET_KEY === DEV_SECRET_KEY) problems.push('SECRET_KEY: set a real secret in production');
    if (!e.DATABASE_URL)
      problems.push('DATABASE_URL: production runs on PostgreSQL, not the embedded database');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
    if (e.DEMO_PASSWORD) problems.push('DEMO_PASSWORD: demo accounts do not exist in production');
  }
  const deposits = parseDepositConfig(e, isProduction, problems);
  const hostList = (name: string, text: string | undefined): string[] => {
    const hosts = (text ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    for (const h of hosts)
      if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(h))
        problems.push(`${name}: '${h}' is not a host name (use a comma-separated list such as example.com)`);
    return hosts;
  };
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const chat = {
    linkAllowlist: [
      ...new Set([new URL(publicUrl).hostname, ...hostList('CHAT_LINK_ALLOWLIST', e.CHAT_LINK_ALLOWLIST)]),
    ],
    stickerHosts: hostList('CHAT_STICKER_HOSTS', e.CHAT_STICKER_HOSTS),
    quizReward: e.CHAT_QUIZ_REWARD,
    quizCurrency: e.CHAT_QUIZ_CURRENCY,
    ipMessagesPerMinute: e.CHAT_IP_MESSAGES_PER_MINUTE,
  };
  if (/^0+(\.0+)?$/.test(e.CHAT_QUIZ_REWARD)) problems.push('CHAT_QUIZ_REWARD: must be above zero');
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
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? (!isProduction && process.stdout.isTTY === true),
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    trustedCountryHeader: e.TRUSTED_COUNTRY_HEADER?.toLowerCase(),
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    serveWeb: e.SERVE_WEB,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    captcha: {
      secretKey: e.SECRET_KEY,
      cost: e.CAPTCHA_COST,
      counterMin: Math.min(e.CAPTCHA_COUNTER_MIN, e.CAPTCHA_COUNTER_MAX - 1),
      counterMax: e.CAPTCHA_COUNTER_MAX,
    },
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    deposits,
    prices: { feedUrl: e.PRICE_FEED_URL, refreshMs: e.PRICE_REFRESH_MS },
    demoBalanceUsd: e.DEMO_BALANCE_AMOUNT,
    chat,
    botRainDefault: e.BOT_RAIN ? e.BOT_RAIN === 'on' : e.NODE_ENV !== 'test',
    betGroupCommit: {
      enabled: e.BET_GROUP_COMMIT,
      maxBatch: e.BET_GROUP_COMMIT_MAX,
      parallel: e.BET_GROUP_COMMIT_PARALLEL,
    },
    realtime: {
      wsPort: e.WS_PORT,
      heartbeatMs: e.WS_HEARTBEAT_MS,
      maxFrameBytes: e.WS_MAX_FRAME_BYTES,
      maxBufferedBytes: e.WS_MAX_BUFFERED_BYTES,
      ratePerSecond: e.WS_RATE_PER_SEC,
      rateBurst: e.WS_RATE_BURST,
      presenceIntervalMs: e.PRESENCE_INTERVAL_MS,
    },
  };
}

/** DEPOSIT_XPUB, DEPOSIT_CHAIN_MODE, EVM_RPC_URL and DEPOSIT_CONFIRMATIONS (problems are collected). */
function parseDepositConfig(
  e: z.infer<typeof envSchema>,
  isProduction: boolean,
  problems: string[],
): Config['deposits'] {
  const jsonObject = (name: string, text: string): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(text);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // reported below
    }
    problems.push(`${name}: must be a JSON object keyed by chain id`);
    return {};
  };
  const xpubs: Record<string, string> = {};
  if (e.DEPOSIT_XPUB === undefined) {
    if (!isProduction) Object.assign(xpubs, DEV_DEPOSIT_XPUBS);
  } else {
    for (const [chain, v] of Object.entries(jsonObject('DEPOSIT_XPUB', e.DEPOSIT_XPUB))) {
      if (typeof v === 'string' && /^[1-9A-HJ-NP-Za-km-z]{100,120}$/.test(v)) xpubs[chain] = v;
      else problems.push(`DEPOSIT_XPUB.${chain}: must be an extended public key (xpub...)`);
    }
  }
  const devKeys = new Set(Object.values(DEV_DEPOSIT_XPUBS));
  if (isProduction && Object.values(xpubs).some((x) => devKeys.has(x)))
    problems.push('DEPOSIT_XPUB: the development keys (public test mnemonic) are refused in production');
  const chainMode = e.DEPOSIT_CHAIN_MODE ?? (isProduction ? 'evm' : 'simulated');
  if (isProduction && chainMode === 'simulated')
    problems.push('DEPOSIT_CHAIN_MODE: the simulated chain is not allowed in production');
  const evmRpcUrls: Record<string, string> = {};
  if (e.EVM_RPC_URL !== undefined) {
    const raw = e.EVM_RPC_URL.trim().startsWith('{')
      ? jsonObject('EVM_RPC_URL', e.EVM_RPC_URL)
      : { eth: e.EVM_RPC_URL.trim() };
    for (const [chain, v] of Object.entries(raw)) {
      if (typeof v === 'string' && /^(https?|wss?):\/\/\S+$/.test(v)) evmRpcUrls[chain] = v;
      else problems.push(`EVM_RPC_URL.${chain}: must be an http(s):// or ws(s):// URL`);
    }
  }
  const confirmations: Record<string, number> = {};
  if (e.DEPOSIT_CONFIRMATIONS !== undefined) {
    for (const [chain, v] of Object.entries(jsonObject('DEPOSIT_CONFIRMATIONS', e.DEPOSIT_CONFIRMATIONS))) {
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10_000) confirmations[chain] = v;
      else problems.push(`DEPOSIT_CONFIRMATIONS.${chain}: must be an integer from 1 to 10000`);
    }
  }
  return { xpubs, chainMode, evmRpcUrls, confirmations };
}
