import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channels, type StaffChange, staffChangeEvent } from '@nebula/contracts';
import { recordStaffAction } from '../src/modules/audit/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';

/**
 * The live back office (decision 0046): every staff action, once its transaction committed, is one
 * `StaffChange` on the `Staff` channel; a refused or rolled-back action is none. Only staff may hear
 * the channel. Absence is checked by order, not by waiting: the events heard up to a later committed
 * action are exactly the committed ones (the bus keeps their order).
 */
let t: TestServer;
let base: string;
let admin: TestUser;
let mod: TestUser;
let player: TestUser;
const heard: StaffChange[] = [];
const sockets: TestSocket[] = [];

async function open(token?: string): Promise<TestSocket> {
  const s = await connectSocket(token ? `${base}/ws?token=${token}` : `${base}/ws`);
  sockets.push(s);
  await s.next((f) => f.event === 'Connected');
  return s;
}

beforeAll(async () => {
  t = await startTestServer();
  await t.server.listen();
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const db = t.server.database;
  [admin, mod, player] = await Promise.all([
    createUser(db, { roles: ['*'] }),
    createUser(db, { roles: ['chat_moderator'] }),
    createUser(db),
  ]);
  // What every node's hub hears on the channel (this one's: the test server is one node).
  t.server.realtime.hub.listen(Channels.staff, (data) => heard.push(data as StaffChange));
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

/**
 * The events heard since index `from`, once there are `count` of them (a Redis bus delivers after the
 * call returned; the wait is a cap, not a timing assertion).
 */
async function heardSince(from: number, count: number): Promise<StaffChange[]> {
  const deadline = Date.now() + 20_000;
  while (heard.length < from + count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return heard.slice(from);
}

let marks = 0;
/**
 * Where the next events will be in `heard`: a marker sent down the same bus after everything published
 * so far (a Redis bus delivers late, in order), once it came back.
 */
async function mark(): Promise<number> {
  const id = `mark-${++marks}`;
  t.server.realtime.hub.publish(Channels.staff, staffChangeEvent, {
    id,
    area: 'test',
    action: 'test.mark',
    targetType: null,
    targetId: null,
    by: { _id: '', name: '' },
    at: new Date().toISOString(),
  });
  const deadline = Date.now() + 20_000;
  while (!heard.some((c) => c.id === id) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  return heard.findIndex((c) => c.id === id) + 1;
}

const post = (u: TestUser | null, url: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload,
  });

/** Sets dice's house edge as `who`; answers the HTTP status. */
const setEdge = async (who: TestUser, houseEdgeBps: number | null | string) =>
  (await post(who, '/api/admin/games/update', { game: 'dice', houseEdgeBps })).statusCode;

describe('the Staff channel', () => {
  it('lets staff subscribe, and refuses players and guests', async () => {
    const staff = await open(mod.token);
    expect(await staff.request({ type: 'subscribe', channel: Channels.staff })).toMatchObject({
      data: { subscribed: true },
    });
    const adminSocket = await open(admin.token);
    expect(await adminSocket.request({ type: 'subscribe', channel: Channels.staff })).toMatchObject({
      data: { subscribed: true },
    });
    const playerSocket = await open(player.token);
    expect(await playerSocket.request({ type: 'subscribe', channel: Channels.staff })).toMatchObject({
      code: 403,
    });
    const guest = await open();
    expect(await guest.request({ type: 'subscribe', channel: Channels.staff })).toMatchObject({ code: 403 });

    // A committed action reaches the staff sockets and not the player's.
    expect(await setEdge(admin, 150)).toBe(200);
    const frame = await staff.next((f) => f.event === 'StaffChange');
    expect(frame).toMatchObject({
      channel: Channels.staff,
      data: {
        area: 'games',
        action: 'games.update',
        targetType: 'game',
        targetId: 'dice',
        by: { _id: admin.id, name: admin.name },
      },
    });
    await adminSocket.next((f) => f.event === 'StaffChange');
    // The player asks something after the event was delivered: its answer comes after any event frame.
    await playerSocket.request({ type: 'whisper', event: 'Ping', data: {} });
    expect(playerSocket.frames.some((f) => f.event === 'StaffChange')).toBe(false);
    expect(await setEdge(admin, null)).toBe(200);
  });
});

describe('StaffChange', () => {
  it('is published exactly once per committed staff action, with its audit entry', async () => {
    const from = await mark();
    expect(await setEdge(admin, 175)).toBe(200);
    expect(await setEdge(admin, null)).toBe(200);
    // Exactly one each: the second action's event is the second one heard.
    const events = await heardSince(from, 2);
    expect(events.map((c) => c.action)).toEqual(['games.update', 'games.update']);
    const [change] = events as [StaffChange];
    expect(change).toMatchObject({ area: 'games', action: 'games.update', targetId: 'dice' });
    const rows = await t.server.database.query<{ id: string; action: string }>(
      'select id::text as id, action from staff_audit_log where id = $1::bigint',
      [change.id],
    );
    expect(rows).toEqual([{ id: change.id, action: 'games.update' }]);
    expect(Number.isNaN(Date.parse(change.at))).toBe(false);
    expect(Number(events[1]?.id)).toBeGreaterThan(Number(change.id));
  });

  it('is not published for a refused action (no permission, bad input)', async () => {
    const from = await mark();
    expect(await setEdge(player, 200)).toBe(403);
    expect(await setEdge(mod, 200)).toBe(403);
    expect(await setEdge(admin, 'lots')).toBe(422);
    expect(await setEdge(admin, 9_999_999)).toBeGreaterThanOrEqual(400);
    // A committed action afterwards: it is the only event since.
    expect(await setEdge(admin, 125)).toBe(200);
    expect((await heardSince(from, 1)).map((c) => c.action)).toEqual(['games.update']);
    expect(await setEdge(admin, null)).toBe(200);
  });

  it('is not published when the action rolls back, and is after a commit', async () => {
    const from = await mark();
    const entry = {
      actor: { id: admin.id, name: admin.name },
      action: 'games.update',
      target: { type: 'game', id: 'rolled-back' },
    };
    await expect(
      t.server.database.transaction(async (tx) => {
        await recordStaffAction(tx, entry);
        throw new Error('the action failed after its audit row');
      }),
    ).rejects.toThrow('the action failed');
    await t.server.database.transaction((tx) =>
      recordStaffAction(tx, { ...entry, target: { type: 'game', id: 'committed' } }),
    );
    expect((await heardSince(from, 1)).map((c) => c.targetId)).toEqual(['committed']);
    expect(
      await t.server.database.query('select 1 from staff_audit_log where target_id = $1', ['rolled-back']),
    ).toEqual([]);
  });

  it('is published only once the transaction committed, not when the row is written', async () => {
    const from = await mark();
    let duringTransaction = -1;
    await t.server.database.transaction(async (tx) => {
      await recordStaffAction(tx, {
        actor: { id: admin.id, name: admin.name },
        action: 'games.update',
        target: { type: 'game', id: 'after-commit' },
      });
      duringTransaction = heard.length - from;
    });
    expect(duringTransaction).toBe(0);
    expect((await heardSince(from, 1)).map((c) => c.targetId)).toEqual(['after-commit']);
  });

  it('refuses to record a staff action outside a transaction', async () => {
    await expect(
      t.server.database.withSession((session) =>
        recordStaffAction(session, {
          actor: { id: admin.id, name: admin.name },
          action: 'games.update',
          target: null,
        }),
      ),
    ).rejects.toThrow('inside its own transaction');
  });
});
