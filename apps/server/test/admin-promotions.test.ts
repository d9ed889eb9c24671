import { SETTING_STAFF_PERMISSIONS, type AdminPromotions, type SettingEntry } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../src/modules/index.js';
import { SettingsRegistry } from '../src/platform/settings/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The promotions hub (issue G8 item 5): the programme settings each carry the spec permission that may
 * change them besides `settings` (promocodes, banner, vip), checked per call by the audited settings
 * update; a holder of one sees and changes only its programme's settings. The figures endpoint answers
 * the live numbers beside them. A change reaches the player's endpoints at once.
 */
let t: TestServer;
let admin: TestUser;
let marketing: TestUser;
let vipStaff: TestUser;
let bannerStaff: TestUser;
let finance: TestUser;
let player: TestUser;

/** A role holding exactly `permission` (no seeded role holds vip or banner). */
async function staffWith(permission: string): Promise<TestUser> {
  const role = `test_${permission}`;
  await t.server.database.query(
    'insert into roles (id, name, permissions) values ($1, $1, $2::jsonb) on conflict (id) do nothing',
    [role, JSON.stringify([{ id: permission, permissions: { active: true } }])],
  );
  return createUser(t.server.database, { roles: [role] });
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.server.database, { roles: ['*'] });
  marketing = await createUser(t.server.database, { roles: ['marketing'] });
  finance = await createUser(t.server.database, { roles: ['finance'] });
  player = await createUser(t.server.database);
  vipStaff = await staffWith('vip');
  bannerStaff = await staffWith('banner');
});
afterAll(async () => {
  await t?.close();
});

const post = (u: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });

const auditCount = async (key: string) =>
  (
    await t.server.database.query<{ n: number }>(
      `select count(*)::int as n from staff_audit_log
        where action = 'settings.update' and target_type = 'setting' and target_id = $1`,
      [key],
    )
  )[0]!.n;

describe('programme settings by permission', () => {
  it('names a spec permission on each programme setting, and none on the others', () => {
    const registry = SettingsRegistry.ofModules(modules);
    const byPermission = (p: string) =>
      registry
        .all()
        .filter((s) => s.permission === p)
        .map((s) => s.key);
    expect(byPermission('vip')).toEqual(
      expect.arrayContaining(['vip.levels', 'rakeback.assumed_edge_bps', 'profile.contact_info']),
    );
    expect(byPermission('promocodes')).toEqual(
      expect.arrayContaining([
        'wheel.prizes',
        'faucet.cooldown_hours',
        'bonus.deposit_promotions',
        'race.prize_pool',
      ]),
    );
    expect(byPermission('banner')).toEqual(['notifications.banner', 'promocodes.banners']);
    for (const s of registry.all())
      if (s.permission) expect(SETTING_STAFF_PERMISSIONS).toContain(s.permission);
    expect(registry.get('games.max_bet_eur')?.permission).toBeUndefined();
  });

  it('lists to a programme holder only the settings of its permission; all to an administrator', async () => {
    const keysOf = async (u: TestUser) => {
      const res = await post(u, '/api/admin/settings');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { settings: SettingEntry[] }).settings;
    };
    const vip = await keysOf(vipStaff);
    expect(vip.length).toBeGreaterThan(3);
    expect(vip.every((s) => s.permission === 'vip')).toBe(true);
    expect(vip.map((s) => s.key)).toContain('vip.levels');
    const banner = (await keysOf(bannerStaff)).map((s) => s.key).sort();
    expect(banner).toEqual(['notifications.banner', 'promocodes.banners']);
    const all = await keysOf(admin);
    expect(all.map((s) => s.key)).toEqual(expect.arrayContaining(['games.max_bet_eur', 'vip.levels']));
    expect(all.find((s) => s.key === 'games.max_bet_eur')?.permission).toBeNull();
    expect((await post(finance, '/api/admin/settings')).statusCode).toBe(403);
    expect((await post(player, '/api/admin/settings')).statusCode).toBe(403);
    expect((await post(null, '/api/admin/settings')).statusCode).toBe(401);
  });

  it('lets a vip holder change a level rate (audited, seen by the rakeback dialog) and nothing else', async () => {
    const res = await post(vipStaff, '/api/admin/settings/update', {
      key: 'vip.levels',
      value: [{ level: 0, rakebackPercent: '3.5' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditCount('vip.levels')).toBe(1);
    const programme = await post(player, '/api/data/promotions/rakeback');
    expect(programme.json()).toMatchObject({ level: 0, percent: '3.5' });

    for (const [key, value] of [
      ['wheel.prizes', []],
      ['games.max_bet_eur', '10'],
      ['notifications.banner', { enabled: false, image: '', title: '', content: '' }],
    ] as const) {
      const refused = await post(vipStaff, '/api/admin/settings/update', { key, value });
      expect(refused.statusCode, key).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
      expect(await auditCount(key)).toBe(0);
    }
  });

  it('lets a promocodes holder change the wheel weights; the player sees the new chances', async () => {
    const prizes = [
      { usd: '0.10', weight: 1 },
      { usd: '0.25', weight: 1 },
      { usd: '0.50', weight: 1 },
      { usd: '1', weight: 1 },
      { usd: '2.50', weight: 1 },
      { usd: '5', weight: 95 },
    ];
    const res = await post(marketing, '/api/admin/settings/update', { key: 'wheel.prizes', value: prizes });
    expect(res.statusCode, res.body).toBe(200);
    const data = await post(player, '/api/promocode/ticket/data');
    expect((data.json() as { prizes: { weight: number }[] }).prizes.map((p) => p.weight)).toEqual([
      1, 1, 1, 1, 1, 95,
    ]);
    // All weights 0: refused by the schema, nothing written.
    const zero = await post(marketing, '/api/admin/settings/update', {
      key: 'wheel.prizes',
      value: prizes.map((p) => ({ ...p, weight: 0 })),
    });
    expect(zero.statusCode).toBe(422);
    expect(await auditCount('wheel.prizes')).toBe(1);
    const vip = await post(marketing, '/api/admin/settings/update', { key: 'vip.levels', value: [] });
    expect(vip.statusCode).toBe(403);
    // An administrator changes any setting.
    const put = await post(admin, '/api/admin/settings/update', { key: 'vip.levels', value: [] });
    expect(put.statusCode, put.body).toBe(200);
  });
});

describe('the promotions figures', () => {
  it('answers the hub figures to any programme holder, counting tickets held', async () => {
    await post(player, '/api/promocode/ticket/data'); // grants the registration ticket
    for (const u of [admin, marketing, vipStaff, bannerStaff]) {
      const res = await post(u, '/api/admin/promotions');
      expect(res.statusCode, res.body).toBe(200);
    }
    const figures = (await post(vipStaff, '/api/admin/promotions')).json() as AdminPromotions;
    expect(figures.days).toBe(7);
    expect(figures.wheel.ticketsOutstanding).toBeGreaterThanOrEqual(1);
    expect(figures.vipPlayers).toHaveLength(11);
    expect(figures.vipDefaults.map((r) => r.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(figures.bonus.creditedUsd).toMatch(/^\d+\.\d{2}$/);
    expect((await post(finance, '/api/admin/promotions')).statusCode).toBe(403);
    expect((await post(player, '/api/admin/promotions')).statusCode).toBe(403);
    expect((await post(null, '/api/admin/promotions')).statusCode).toBe(401);
  });
});
