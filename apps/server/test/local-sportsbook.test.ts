import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, playerBalance } from '../src/modules/ledger/index.js';
import { DEFAULT_LICENSE } from '../src/modules/platform/index.js';
import { createUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The local sportsbook (modules/local-sportsbook) against the operator wallet on a development-like
 * server (no provider configured): the renderer page, a bet placed with the player JWT moving the
 * player's real balance through bet/make and bet/commit, staff settlement paying through bet/win or
 * bet/lost and bet/settlement, refusals (bad token, moved odds, not enough money) moving nothing.
 */

const USDT = 100_000_000n;
let t: TestServer;
let staff: string;

beforeAll(async () => {
  t = await startTestServer();
  await putSetting(t, 'license', {
    ...DEFAULT_LICENSE,
    plugins: { ...DEFAULT_LICENSE.plugins, sportsbook_external: true },
  });
  staff = (await createUser(t.server.database, { roles: ['*'] })).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const post = async (url: string, payload: Record<string, unknown>, token?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  return { status: res.statusCode, json: res.json() as Record<string, unknown> };
};

async function player(real = 10n * USDT) {
  const [user] = await fundedPlayer(t.server, real);
  const launch = await post('/api/external-sports/launch', { currency: 'usdt' }, user.token);
  expect(launch.status).toBe(200);
  expect(launch.json).toMatchObject({ simulated: true, rendererUrl: '/api/local-sportsbook/renderer' });
  const balance = () => playerBalance(t.server.database, { user: user.id, kind: 'real', currency: 'usdt' });
  return { user, token: launch.json.token as string, balance };
}

interface Ev {
  id: string;
  outcomes: { id: string; odds: string }[];
}

async function anEvent(sport: string): Promise<Ev> {
  const r = await post('/api/local-sportsbook/events', { sport });
  const events = r.json.events as Ev[];
  expect(events.length).toBe(3);
  return events[0]!;
}

describe('the local sportsbook', () => {
  it('serves a renderer page labelled Simulated, its path normalised', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/local-sportsbook/renderer?path=%2Fsoccer-1&brand_id=nebula-local',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.payload).toContain('Simulated');
    expect(res.payload).toContain('"path":"/soccer-1"');
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/local-sportsbook/renderer?path=%3Cscript%3E&brand_id=nebula-local',
    });
    expect(odd.payload).toContain('"path":"/"');
    expect(odd.payload).not.toContain('<script>alert');
    const other = await t.app.inject({ method: 'GET', url: '/api/local-sportsbook/renderer?brand_id=x' });
    expect(other.statusCode).toBe(404);
  });

  it('checks the player JWT as a provider does', async () => {
    const p = await player();
    const ok = await post('/api/local-sportsbook/session', { token: p.token });
    expect(ok.json).toMatchObject({ player: p.user.id, currency: 'USDT' });
    const bad = await post('/api/local-sportsbook/session', { token: `${p.token.slice(0, -4)}AAAA` });
    expect(bad.status).toBe(401);
  });

  it('a bet moves the balance through the wallet; settlement pays the win once', async () => {
    const p = await player();
    const ev = await anEvent('soccer-1');
    const home = ev.outcomes[0]!;
    const r = await post('/api/local-sportsbook/bet', {
      token: p.token,
      event: ev.id,
      outcome: home.id,
      stake: '2',
      odds: home.odds,
    });
    expect(r.json).toMatchObject({ ok: true, balance: '8' });
    expect(await p.balance()).toBe(8n * USDT);
    const [row] = await t.server.database.query<{ committed: boolean; state: string }>(
      `select committed, state from xsport_bets where user_id = $1::uuid`,
      [p.user.id],
    );
    expect(row).toEqual({ committed: true, state: 'open' });

    const guest = await post('/api/debug/local-sportsbook/settle', { event: ev.id, result: home.id });
    expect(guest.status).toBe(401);
    const s = await post('/api/debug/local-sportsbook/settle', { event: ev.id, result: home.id }, staff);
    expect(s.status).toBe(200);
    expect(s.json.settled).toBeGreaterThanOrEqual(1);
    const [num, frac = ''] = home.odds.split('.');
    const win = (2n * USDT * BigInt(`${num}${frac}`)) / 10n ** BigInt(frac.length);
    expect(await p.balance()).toBe(8n * USDT + win);
    const again = await post('/api/debug/local-sportsbook/settle', { event: ev.id, result: home.id }, staff);
    expect(again.json.settled).toBe(0);
    expect(await p.balance()).toBe(8n * USDT + win);
    const bets = await post('/api/local-sportsbook/bets', { token: p.token });
    expect((bets.json.bets as { status: string }[]).map((b) => b.status)).toEqual(['won']);
  });

  it('refusals move nothing: moved odds, not enough money, a bad token, a closed event', async () => {
    const p = await player(USDT);
    const ev = await anEvent('tennis-5');
    const o = ev.outcomes[1]!;
    const bet = (patch: Record<string, unknown>) =>
      post('/api/local-sportsbook/bet', {
        token: p.token,
        event: ev.id,
        outcome: o.id,
        stake: '1',
        odds: o.odds,
        ...patch,
      });
    expect((await bet({ odds: '99.99' })).json).toMatchObject({
      ok: false,
      message: 'The odds have changed.',
    });
    expect((await bet({ stake: '5' })).json).toMatchObject({
      ok: false,
      code: 2001,
      message: 'Not enough money',
    });
    expect((await bet({ token: 'x.y.z' })).json).toMatchObject({ ok: false, code: 2005 });
    expect((await bet({ stake: '0' })).json).toMatchObject({ ok: false });
    await post('/api/debug/local-sportsbook/settle', { event: ev.id, result: 'cancel' }, staff);
    expect((await bet({})).json).toMatchObject({ ok: false, message: 'This selection is closed.' });
    expect(await p.balance()).toBe(USDT);
    const check = await checkLedger(t.server.database);
    expect(check.problems).toEqual([]);
  });
});
