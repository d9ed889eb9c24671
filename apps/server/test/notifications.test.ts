import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminNotification, Notification } from '@nebula/contracts';
import { loadAuthUser } from '../src/modules/auth/index.js';
import { creditBonus } from '../src/modules/bonus/index.js';
import { GameEngine } from '../src/modules/games/index.js';
import {
  bannerSetting,
  headPosition,
  publishAfter,
  sanitizeNotificationHtml,
} from '../src/modules/notifications/index.js';
import { vipLevelsSetting, vipWagerConsumer } from '../src/modules/vip/index.js';
import type { AppContext } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { catchUp } from './helpers/wagers.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Server notifications (G7 item 5, decision 0040): staff write them for everyone or one player
 * (permission `notifications`, audited), the system writes one per VIP level-up and bonus credited
 * (once), the strip's list shows what is in force and not dismissed (one, or all), HTML is sanitised,
 * and a new one is published live to its player's channel or to Everyone.
 */
let t: TestServer;
let ctx: AppContext;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  await t.server.jobs.stop();
  ctx = contextOf(t);
  admin = await createUser(t.server.database, { roles: ['*'] });
});
afterAll(async () => {
  await t?.close();
});

const post = (u: TestUser | null, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload,
  });
const list = async (u: TestUser | null) =>
  (await post(u, '/api/data/notifications')).json() as Notification[];
const write = async (payload: Record<string, unknown>) => {
  const res = await post(admin, '/api/admin/notifications/create', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminNotification;
};

describe('sanitised HTML', () => {
  it('keeps the allowed markup and removes scripts, handlers and unsafe links', () => {
    expect(
      sanitizeNotificationHtml(
        '<script>alert(1)</script><b>Hi</b> <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><i onclick="x()">y</i>',
      ),
    ).toBe('<b>Hi</b> <a rel="noopener noreferrer">x</a><i>y</i>');
    expect(sanitizeNotificationHtml('<a href="https://example.com/a">out</a> <a href="/vip">in</a>')).toBe(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">out</a> <a href="/vip" rel="noopener noreferrer">in</a>',
    );
  });
});

describe('listing and dismissing', () => {
  it('shows everyone’s and one’s own, never another player’s; dismissing hides one, then all', async () => {
    const [a, b] = [await createUser(t.server.database), await createUser(t.server.database)];
    const everyone = await write({
      text: 'Weekend race: <b>double prizes</b><script>x</script>',
      icon: 'trophy',
    });
    expect(everyone).toMatchObject({ kind: 'staff', icon: 'trophy', player: null, createdBy: admin.name });
    expect(everyone.text).toBe('Weekend race: <b>double prizes</b>');
    const forA = await write({ text: 'Hello <i>A</i>', player: a.name, icon: 'gift' });
    expect(forA.player).toBe(a.name);

    expect((await list(a)).map((n) => n._id).slice(0, 2)).toEqual([forA.id, everyone.id]);
    expect((await list(a))[0]).toEqual({
      _id: forA.id,
      icon: 'gift',
      text: 'Hello <i>A</i>',
      kind: 'staff',
      createdAt: expect.any(String),
    });
    expect((await list(b)).map((n) => n._id)).not.toContain(forA.id);
    expect((await list(b)).map((n) => n._id)).toContain(everyone.id);
    expect((await list(null)).map((n) => n._id)).toContain(everyone.id);
    expect((await list(null)).map((n) => n._id)).not.toContain(forA.id);

    // A dismisses the broadcast: gone for A only; dismissing twice is fine; B cannot dismiss A's.
    for (let i = 0; i < 2; i++)
      expect((await post(a, '/api/data/notifications/dismiss', { id: everyone.id })).statusCode).toBe(200);
    expect((await list(a)).map((n) => n._id)).toEqual([forA.id]);
    expect((await list(b)).map((n) => n._id)).toContain(everyone.id);
    await post(b, '/api/data/notifications/dismiss', { id: forA.id });
    expect((await list(a)).map((n) => n._id)).toEqual([forA.id]);
    await post(a, '/api/data/notifications/dismiss', { id: 'all' });
    expect(await list(a)).toEqual([]);
    expect((await post(null, '/api/data/notifications/dismiss', { id: 'all' })).statusCode).toBe(401);
    for (const id of ['x', '-1', '1'.repeat(30)])
      expect((await post(a, '/api/data/notifications/dismiss', { id })).statusCode).toBeLessThan(500);
  });

  it('a withdrawn or expired notification is shown to nobody; staff actions are audited; players are refused', async () => {
    const p = await createUser(t.server.database);
    const n = await write({ text: 'Maintenance tonight', icon: 'alert' });
    const soon = await write({
      text: 'Flash offer',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await list(p)).map((x) => x._id)).toEqual(expect.arrayContaining([n.id, soon.id]));
    const off = await post(admin, '/api/admin/notifications/withdraw', { id: n.id });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as AdminNotification).withdrawnAt).not.toBeNull();
    expect((await post(admin, '/api/admin/notifications/withdraw', { id: n.id })).statusCode).toBe(409);
    await t.server.database.query(
      "update notifications set expires_at = now() - interval '1 second' where id = $1",
      [soon.id],
    );
    const ids = (await list(p)).map((x) => x._id);
    expect(ids).not.toContain(n.id);
    expect(ids).not.toContain(soon.id);

    const audit = await t.server.database.query<{ action: string }>(
      "select action from staff_audit_log where target_type = 'notification' and target_id = $1 order by id",
      [n.id],
    );
    expect(audit.map((r) => r.action)).toEqual(['notifications.create', 'notifications.withdraw']);

    const page = (await post(admin, '/api/admin/notifications', { limit: 1 })).json() as {
      notifications: AdminNotification[];
      next: string | null;
    };
    expect(page.notifications).toHaveLength(1);
    expect(page.next).not.toBeNull();
    for (const url of ['/api/admin/notifications', '/api/admin/notifications/create'])
      expect((await post(p, url, { text: 'x' })).statusCode).toBe(403);
    for (const bad of [
      { text: '' },
      { text: '<script>x</script>' },
      { text: 'x', icon: 'skull' },
      { text: 'x', player: 'nobody-here' },
    ]) {
      const res = await post(admin, '/api/admin/notifications/create', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('system notifications and live delivery', () => {
  it('a VIP level-up and a bonus credited notify the player once; new ones are published to their channel', async () => {
    const at = await headPosition(ctx);
    const u = await createUser(t.server.database);
    await t.server.ledger.transfer({
      key: `notify-fund:${u.id}`,
      kind: 'test',
      currency: 'usdt',
      amount: 100n * 100_000_000n,
      from: { system: 'chain' },
      to: { user: u.id, kind: 'real' },
    });
    await t.server.settings.change(vipLevelsSetting, [
      { level: 1, depositRequirement: '0', wagerRequirement: '3', levelUpBonus: '0' },
    ]);
    const user = (await loadAuthUser(t.server.database, u.id))!;
    const engine = new GameEngine(ctx);
    for (let i = 0; i < 2; i++)
      await engine.play(user, {
        api_id: 'dice',
        bet: '2',
        demo: false,
        currency: 'usdt',
        quick: true,
        data: { target: 5000, condition: 'over' },
      });
    await catchUp(t.server.database, vipWagerConsumer(ctx));
    await catchUp(t.server.database, vipWagerConsumer(ctx));
    await t.server.settings.change(vipLevelsSetting, []);

    await t.server.ledger.transaction((ledger) =>
      creditBonus(ledger, {
        userId: u.id,
        currency: 'usdt',
        amount: 5n * 100_000_000n,
        source: 'deposit',
        promotionId: null,
        multiplier: 1,
        expiryDays: 7,
      }),
    );

    // (The staff broadcasts of the tests above are in the list too.)
    const mine = (await list(u)).filter((n) => n.kind !== 'staff');
    expect(mine.map((n) => n.kind)).toEqual(['bonus_credited', 'vip_level_up']);
    expect(mine[1]).toMatchObject({ icon: 'crown', text: expect.stringContaining('VIP level 1') });
    expect(mine[0]).toMatchObject({ icon: 'gift', text: expect.stringContaining('<b>5 USDT</b>') });

    const published = vi.spyOn(t.server.realtime.hub, 'publish');
    await publishAfter(ctx, at);
    const toUser = published.mock.calls.filter(([channel]) => channel === `User.${u.id}`);
    expect(toUser.map(([, event, data]) => [event.name, (data as Notification).kind])).toEqual([
      ['Notification', 'vip_level_up'],
      ['Notification', 'bonus_credited'],
    ]);
    published.mockRestore();
  }, 120_000);
});

describe('the banner modal', () => {
  it('POST /api/banner answers the setting with sanitised content, and only enabled: false while off', async () => {
    expect((await post(null, '/api/banner')).json()).toEqual({
      enabled: false,
      image: '',
      title: '',
      content: '',
    });
    await t.server.settings.change(bannerSetting, {
      enabled: true,
      image: '/img/banner.png',
      title: 'Welcome week',
      content: '<b>Double</b> rakeback<script>alert(1)</script>',
    });
    expect((await post(null, '/api/banner')).json()).toEqual({
      enabled: true,
      image: '/img/banner.png',
      title: 'Welcome week',
      content: '<b>Double</b> rakeback',
    });
    expect(
      bannerSetting.schema.safeParse({ enabled: true, image: 'javascript:x', title: 'a', content: '' })
        .success,
    ).toBe(false);
    expect(bannerSetting.schema.safeParse({ enabled: true, image: '', title: '', content: '' }).success).toBe(
      false,
    );
    await t.server.settings.change(bannerSetting, { enabled: false, image: '', title: '', content: '' });
    expect((await post(null, '/api/banner', { x: 1 })).statusCode).toBeLessThan(500);
  });
});
