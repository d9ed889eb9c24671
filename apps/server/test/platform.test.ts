import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencySchema, licenseSchema, pluginIds } from '@nebula/contracts';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';
import { DEFAULT_LICENSE, licenseSetting, readLicenseSettings } from '../src/modules/platform/index.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /license', () => {
  it('returns the licence from the settings', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/license' });
    expect(res.statusCode).toBe(200);
    const body = licenseSchema.parse(res.json());
    expect(body.isValid).toBe(true);
    expect(body.plugins).toContain('race');
    expect(body.plugins).not.toContain('poker');
    expect(body.enabledFeatures.map((f) => f.id)).toContain('chat');
  });

  it('follows the licence setting when an operator switches a plugin', async () => {
    const s = await readLicenseSettings(t.server.settings);
    await putSetting(t, 'license', { ...s, plugins: { ...s.plugins, poker: true } });
    const body = licenseSchema.parse((await t.app.inject({ method: 'POST', url: '/license' })).json());
    expect(body.plugins).toContain('poker');
    await putSetting(t, 'license', s);
  });

  it('is a registry setting: defaults per field, unknown features keep theirs, bad values 422', async () => {
    expect(t.server.settings.registry.get('license')).toBe(licenseSetting);
    // A licence stored by an older release names fewer features and plugins: the rest keep their defaults.
    await putSetting(t, 'license', {
      siteName: 'Old Casino',
      features: { chat: false },
      plugins: { race: false },
    });
    try {
      const s = await readLicenseSettings(t.server.settings);
      expect(s).toMatchObject({ siteName: 'Old Casino', isValid: true, demo: false });
      expect(s.features).toEqual({ ...DEFAULT_LICENSE.features, chat: false });
      expect(s.plugins).toMatchObject({ ...DEFAULT_LICENSE.plugins, race: false });
      expect(Object.keys(s.plugins).sort()).toEqual([...pluginIds].sort());
      expect(s.pluginSettings).toEqual(DEFAULT_LICENSE.pluginSettings);
      const body = licenseSchema.parse((await t.app.inject({ method: 'POST', url: '/license' })).json());
      expect(body.siteName).toBe('Old Casino');
      expect(body.enabledFeatures.map((f) => f.id)).not.toContain('chat');
      for (const bad of [{ siteName: '' }, { plugins: { race: 'yes' } }, { isValid: 1 }, []])
        await expect(putSetting(t, 'license', bad), JSON.stringify(bad)).rejects.toMatchObject({
          status: 422,
          code: 'invalid_setting',
        });
    } finally {
      await putSetting(t, 'license', DEFAULT_LICENSE);
    }
  });
});

describe('POST /api/data/features', () => {
  it('lists every plugin with its state', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/data/features', payload: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { plugins: { id: string; enabled: boolean }[]; features: unknown[] };
    expect(body.plugins.map((p) => p.id).sort()).toEqual([...pluginIds].sort());
    expect(body.features.length).toBeGreaterThan(0);
  });
});

describe('POST /api/data/currencies', () => {
  it('returns the seeded currencies keyed by id with chains and decimals', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/data/currencies' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    for (const id of ['btc', 'eth', 'ltc', 'doge', 'sol', 'trx', 'bnb', 'usdt', 'usdc']) {
      const c = currencySchema.parse(body[id]);
      expect(c.id).toBe(id);
      expect(c.decimals).toBe(8);
      expect(c.chains.length).toBeGreaterThan(0);
    }
    const local = Object.keys(body).filter((id) => id.startsWith('local_'));
    expect(local).toHaveLength(1);
    expect(currencySchema.parse(body[local[0] as string]).decimals).toBe(2);
    const usdt = currencySchema.parse(body.usdt);
    expect(usdt.chains.map((c) => c.id)).toEqual(['eth', 'trx', 'bsc', 'sol']);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', migrations: 'applied' });
  });

  it('reports not ready while shutting down', async () => {
    t.app.state.shuttingDown = true;
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    t.app.state.shuttingDown = false;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'unavailable' });
  });

  it('every response carries a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});
