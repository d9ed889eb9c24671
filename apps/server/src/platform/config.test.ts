import { describe, expect, it } from 'vitest';
import { gamesEnv } from '../modules/games/index.js';
import { tipsEnv } from '../modules/tips/index.js';
import { ConfigError, DEV_SECRET_KEY, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has safe development defaults', () => {
    const c = loadConfig({});
    expect(c.mode).toBe('development');
    expect(c.port).toBe(3000);
    expect(c.secretKey).toBe(DEV_SECRET_KEY);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('data')).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('runs the bot rain by default except in test mode; BOT_RAIN decides when set', () => {
    expect(tipsEnv.of(loadConfig({})).botRainDefault).toBe(true);
    expect(tipsEnv.of(loadConfig({ NODE_ENV: 'test' })).botRainDefault).toBe(false);
    expect(tipsEnv.of(loadConfig({ BOT_RAIN: 'off' })).botRainDefault).toBe(false);
    expect(tipsEnv.of(loadConfig({ NODE_ENV: 'test', BOT_RAIN: 'on' })).botRainDefault).toBe(true);
    expect(() => loadConfig({ BOT_RAIN: 'maybe' })).toThrow(/BOT_RAIN/);
  });

  it('reads the group commit switch of single-round bets (BET_GROUP_COMMIT) and its bounds', () => {
    expect(gamesEnv.of(loadConfig({})).betGroupCommit).toEqual({ enabled: true, maxBatch: 64, parallel: 2 });
    expect(
      gamesEnv.of(
        loadConfig({ BET_GROUP_COMMIT: 'false', BET_GROUP_COMMIT_MAX: '10', BET_GROUP_COMMIT_PARALLEL: '4' }),
      ).betGroupCommit,
    ).toEqual({ enabled: false, maxBatch: 10, parallel: 4 });
    expect(() => loadConfig({ BET_GROUP_COMMIT: 'maybe' })).toThrow(/BET_GROUP_COMMIT/);
    expect(() => loadConfig({ BET_GROUP_COMMIT_MAX: '0' })).toThrow(/BET_GROUP_COMMIT_MAX/);
    expect(() => loadConfig({ BET_GROUP_COMMIT_PARALLEL: '33' })).toThrow(/BET_GROUP_COMMIT_PARALLEL/);
  });

  it('lists every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).problems.join('\n');
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL');
      expect(text).toContain('LOG_LEVEL');
    }
  });

  it('refuses to run production with development secrets or the embedded database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    const err = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', SECRET_KEY: DEV_SECRET_KEY });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(err?.problems.some((p) => p.startsWith('DATABASE_URL'))).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'short' })).toThrow(/at least 32/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SECRET_KEY: 'x'.repeat(40),
        DATABASE_URL: 'postgres://db/nebula',
        PUBLIC_URL: 'https://casino.example',
        DEMO_PASSWORD: 'hunter22',
      }),
    ).toThrow(/DEMO_PASSWORD/);
  });

  it('accepts a complete production configuration', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(40),
      DATABASE_URL: 'postgres://db/nebula',
      PUBLIC_URL: 'https://casino.example/',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(c.isProduction).toBe(true);
    expect(c.publicUrl).toBe('https://casino.example');
  });
});
