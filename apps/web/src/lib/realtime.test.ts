import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bindRealtimeToStore,
  ClientErrorCode,
  RealtimeClient,
  RealtimeError,
  realtimeUrl,
  type RealtimeOptions,
} from './realtime';
import { connectedEventRef, type EventRef, type WhisperRef } from '@nebula/contracts/constants';
import { useAppStore, type StoredUser } from './store';

/** A scriptable stand-in for the browser WebSocket. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static get last(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  }

  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(text: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  // ---- server side ----
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }

  greet(channel = 'Guest.c1', connectionId = 'c1'): void {
    this.receive({ channel, event: 'Connected', data: { connectionId, user: null } });
  }

  /** Opens and greets: the client is connected afterwards. */
  accept(channel?: string, connectionId?: string): void {
    this.open();
    this.greet(channel, connectionId);
  }

  /** The server goes away (or was never there: 1006 without open). */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' } as CloseEvent);
  }

  framesOf(type: string): Record<string, unknown>[] {
    return this.sent.filter((frame) => frame.type === type);
  }

  lastFrame(): Record<string, unknown> {
    const frame = this.sent.at(-1);
    if (!frame) throw new Error('nothing sent');
    return frame;
  }
}

const URL = 'ws://casino.test/ws';

/** A reference to a whisper of no contract in particular (the client only needs its name). */
const ref = (event: string): WhisperRef => ({ event, readOnly: false });
/** An event reference as the generator writes them, for an event of the tests. */
const balanceRef: EventRef = {
  name: 'Balance',
  shape: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
};
let client: RealtimeClient;

function makeClient(options: RealtimeOptions = {}): RealtimeClient {
  client = new RealtimeClient({ random: () => 0.5, pingIntervalMs: 0, ...options });
  return client;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  client?.close();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('realtimeUrl', () => {
  it('uses the page host and ws/wss by page protocol', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(realtimeUrl({ protocol: 'https:', host: 'casino.test' })).toBe('wss://casino.test/ws');
  });
});

describe('RealtimeClient connection', () => {
  it('puts the token in the query and becomes connected on the greeting', () => {
    makeClient();
    const connects: unknown[] = [];
    client.onConnect((greeting) => connects.push(greeting));
    client.connect(URL, 'tok en');
    expect(FakeSocket.last.url).toBe('ws://casino.test/ws?token=tok%20en');
    expect(client.state).toBe('connecting');
    FakeSocket.last.open();
    expect(client.state).toBe('connecting'); // still waiting for the greeting
    FakeSocket.last.greet('User.u1', 'abc');
    expect(client.state).toBe('connected');
    expect(client.privateChannel).toBe('User.u1');
    expect(client.connectionId).toBe('abc');
    expect(connects).toEqual([{ connectionId: 'abc', user: null }]);
  });

  it('opens without a query for guests', () => {
    makeClient();
    client.connect(URL, null);
    expect(FakeSocket.last.url).toBe(URL);
  });

  it('reconnects 1500 ms after a close, then backs off exponentially up to the cap', () => {
    makeClient({ random: () => 1 }); // the largest jitter: +25%
    const disconnects: unknown[] = [];
    client.onDisconnect((info) => disconnects.push(info));
    client.connect(URL);
    FakeSocket.last.accept();
    FakeSocket.last.drop();
    expect(client.state).toBe('disconnected');
    expect(disconnects).toEqual([{ code: 1006, reason: '', wasConnected: true }]);

    vi.advanceTimersByTime(1499);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.state).toBe('connecting');

    // The server stays away: 3000 * 1.25, 6000 * 1.25, 12000 * 1.25 capped at 15000, then 15000.
    const expected = [3750, 7500, 15_000, 15_000];
    for (const delay of expected) {
      const count = FakeSocket.instances.length;
      FakeSocket.last.drop();
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.instances).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances).toHaveLength(count + 1);
    }
    // One outage, one disconnect event (failed retries are not reported again).
    expect(disconnects).toHaveLength(1);
  });

  it('applies jitter to later delays and resets the backoff after a successful connection', () => {
    makeClient({ random: () => 0 });
    expect(client.backoff(0)).toBe(1500);
    expect(client.backoff(1)).toBe(2250); // 3000 * 0.75
    expect(client.backoff(2)).toBe(4500);
    expect(client.backoff(10)).toBe(11_250); // 15000 * 0.75
    client.connect(URL);
    FakeSocket.last.drop();
    vi.advanceTimersByTime(1500);
    FakeSocket.last.drop();
    expect(client.getStatus().attempt).toBe(2);
    vi.advanceTimersByTime(2250);
    FakeSocket.last.accept();
    expect(client.getStatus().attempt).toBe(0);
    FakeSocket.last.drop();
    const count = FakeSocket.instances.length;
    vi.advanceTimersByTime(1500);
    expect(FakeSocket.instances).toHaveLength(count + 1);
  });

  it('counts an unreachable server as a disconnect', () => {
    makeClient();
    const disconnects: { wasConnected: boolean }[] = [];
    client.onDisconnect((info) => disconnects.push(info));
    client.connect(URL);
    FakeSocket.last.drop(); // never opened
    expect(client.state).toBe('disconnected');
    expect(disconnects).toEqual([expect.objectContaining({ wasConnected: false })]);
  });

  it('exposes the retry time and retries at once on reconnectNow', () => {
    makeClient();
    vi.setSystemTime(10_000);
    client.connect(URL);
    FakeSocket.last.drop();
    expect(client.getStatus().nextRetryAt).toBe(11_500);
    client.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.getStatus().nextRetryAt).toBeNull();
    client.reconnectNow(); // an attempt is in flight: no second socket
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.instances).toHaveLength(2); // the scheduled retry was cancelled
  });

  it('close() stops reconnecting and rejects pending requests', async () => {
    makeClient();
    client.connect(URL);
    FakeSocket.last.accept();
    const pending = client.whisper(ref('Slow'), undefined);
    client.close();
    await expect(pending).rejects.toMatchObject({ code: ClientErrorCode.Unavailable });
    expect(FakeSocket.last.closedWith?.code).toBe(1000);
    expect(client.state).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});

describe('RealtimeClient requests', () => {
  it('matches replies by $id, in any order', async () => {
    makeClient();
    client.connect(URL);
    const socket = FakeSocket.last;
    socket.accept();
    const first = client.whisper(ref('Echo'), { n: 1 });
    const second = client.whisper(ref('Echo'), { n: 2 });
    const [a, b] = socket.framesOf('whisper');
    expect(a).toMatchObject({ type: 'whisper', event: 'Echo', data: { n: 1 } });
    expect(a?.$id).not.toBe(b?.$id);
    socket.receive({ $id: b?.$id, data: { n: 2 } });
    socket.receive({ $id: a?.$id, data: { n: 1 } });
    await expect(first).resolves.toEqual({ n: 1 });
    await expect(second).resolves.toEqual({ n: 2 });
    expect(client.pendingCount).toBe(0);
  });

  it('rejects error replies with their code and message', async () => {
    makeClient();
    client.connect(URL);
    FakeSocket.last.accept();
    const reply = client.whisper(ref('Play'), { bet: 1 });
    const frame = FakeSocket.last.lastFrame();
    FakeSocket.last.receive({ $id: frame.$id, code: -4, message: 'Not enough money' });
    const error = await reply.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RealtimeError);
    expect(error).toMatchObject({ code: -4, message: 'Not enough money', reason: undefined });
  });

  it("keeps an error reply's text code as its reason", async () => {
    makeClient();
    client.connect(URL);
    FakeSocket.last.accept();
    const reply = client.whisper(ref('Play'), { bet: 1 });
    const frame = FakeSocket.last.lastFrame();
    FakeSocket.last.receive({ $id: frame.$id, code: 403, message: 'Over the limit', reason: 'loss_limit' });
    expect(await reply.catch((e: unknown) => e)).toMatchObject({ code: 403, reason: 'loss_limit' });
  });

  it('times out a request that gets no reply and forgets it', async () => {
    makeClient({ requestTimeoutMs: 2000 });
    client.connect(URL);
    FakeSocket.last.accept();
    const reply = client.whisper(ref('Never'), undefined);
    vi.advanceTimersByTime(2000);
    await expect(reply).rejects.toMatchObject({ code: ClientErrorCode.Timeout });
    expect(client.pendingCount).toBe(0);
  });

  it('rejects pending requests when the connection drops', async () => {
    makeClient();
    client.connect(URL);
    FakeSocket.last.accept();
    const replies = [
      client.whisper(ref('A'), undefined),
      client.whisper(ref('B'), undefined),
      client.request({ type: 'auth', token: null }),
    ];
    expect(client.pendingCount).toBe(3);
    FakeSocket.last.drop();
    for (const reply of replies)
      await expect(reply).rejects.toMatchObject({ code: ClientErrorCode.Unavailable });
    expect(client.pendingCount).toBe(0);
  });

  it('fails at once while disconnected, and waits for the greeting while connecting', async () => {
    makeClient();
    await expect(client.whisper(ref('Ping'), undefined)).rejects.toMatchObject({
      code: ClientErrorCode.Unavailable,
    });
    client.connect(URL);
    const reply = client.whisper(ref('Early'), undefined);
    expect(FakeSocket.last.sent).toHaveLength(0);
    FakeSocket.last.accept();
    const frame = FakeSocket.last.framesOf('whisper')[0];
    expect(frame).toMatchObject({ event: 'Early' });
    FakeSocket.last.receive({ $id: frame?.$id, data: 'ok' });
    await expect(reply).resolves.toBe('ok');
  });

  it('ignores replies for unknown ids and frames that are not JSON', () => {
    makeClient();
    client.connect(URL);
    FakeSocket.last.accept();
    expect(() => {
      FakeSocket.last.receive({ $id: 'nope', data: 1 });
      FakeSocket.last.receive({ $id: null, code: 400, message: 'Every frame needs a $id.' });
      FakeSocket.last.onmessage?.({ data: '{oops' } as MessageEvent);
    }).not.toThrow();
    expect(client.state).toBe('connected');
  });
});

describe('RealtimeClient subscriptions and events', () => {
  it('ref-counts subscriptions: one subscribe frame, one unsubscribe after the last listener', () => {
    makeClient();
    client.connect(URL);
    const socket = FakeSocket.last;
    socket.accept();
    const a = vi.fn();
    const b = vi.fn();
    const offA = client.subscribe('Everyone', a);
    const offB = client.subscribe('Everyone', b);
    expect(socket.framesOf('subscribe')).toEqual([expect.objectContaining({ channel: 'Everyone' })]);

    socket.receive({ channel: 'Everyone', event: 'OnlineCount', data: { total: 3, users: 1, guests: 2 } });
    expect(a).toHaveBeenCalledWith({
      channel: 'Everyone',
      event: 'OnlineCount',
      data: { total: 3, users: 1, guests: 2 },
    });
    expect(b).toHaveBeenCalledTimes(1);

    offA();
    offA(); // idempotent: must not release b's share
    expect(socket.framesOf('unsubscribe')).toHaveLength(0);
    socket.receive({ channel: 'Everyone', event: 'OnlineCount', data: {} });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    offB();
    expect(socket.framesOf('unsubscribe')).toEqual([expect.objectContaining({ channel: 'Everyone' })]);
    expect(client.subscribedChannels).toEqual([]);
  });

  it('counts the same handler subscribed twice as two listeners', () => {
    makeClient();
    client.connect(URL);
    FakeSocket.last.accept();
    const handler = vi.fn();
    const off1 = client.subscribe('Everyone', handler);
    const off2 = client.subscribe('Everyone', handler);
    off1();
    expect(client.subscribedChannels).toEqual(['Everyone']);
    off2();
    expect(client.subscribedChannels).toEqual([]);
  });

  it('subscribes on connect and re-subscribes every channel after a reconnect', () => {
    makeClient();
    client.subscribe('Everyone', vi.fn());
    client.subscribe('Support', vi.fn());
    client.connect(URL);
    FakeSocket.last.accept();
    expect(FakeSocket.last.framesOf('subscribe').map((f) => f.channel)).toEqual(['Everyone', 'Support']);

    FakeSocket.last.drop();
    vi.advanceTimersByTime(1500);
    const second = FakeSocket.last;
    expect(second).not.toBe(FakeSocket.instances[0]);
    second.open();
    expect(second.sent).toHaveLength(0); // nothing before the greeting
    second.greet('Guest.c2', 'c2');
    expect(second.framesOf('subscribe').map((f) => f.channel)).toEqual(['Everyone', 'Support']);
    expect(client.privateChannel).toBe('Guest.c2');
  });

  it('calls onJoined once the server answered the subscribe, on every connection, and for late listeners', async () => {
    makeClient();
    const joined = vi.fn();
    client.subscribe('Everyone', vi.fn(), joined);
    client.connect(URL);
    FakeSocket.last.accept();
    const [frame] = FakeSocket.last.framesOf('subscribe');
    expect(joined).not.toHaveBeenCalled(); // sent, not answered yet
    FakeSocket.last.receive({ $id: frame?.$id, data: { channel: 'Everyone' } });
    await vi.waitFor(() => expect(joined).toHaveBeenCalledTimes(1));

    // A second listener of the joined channel hears it at once (no second subscribe frame).
    const late = vi.fn();
    client.subscribe('Everyone', vi.fn(), late);
    await vi.waitFor(() => expect(late).toHaveBeenCalledTimes(1));
    expect(FakeSocket.last.framesOf('subscribe')).toHaveLength(1);

    // After a reconnect the channel is joined again: both listeners hear it once more.
    FakeSocket.last.drop();
    vi.advanceTimersByTime(1500);
    FakeSocket.last.accept();
    const [again] = FakeSocket.last.framesOf('subscribe');
    FakeSocket.last.receive({ $id: again?.$id, data: { channel: 'Everyone' } });
    await vi.waitFor(() => expect(joined).toHaveBeenCalledTimes(2));
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('does not re-subscribe channels that were left while offline', () => {
    makeClient();
    const off = client.subscribe('Everyone', vi.fn());
    client.connect(URL);
    FakeSocket.last.accept();
    FakeSocket.last.drop();
    off();
    vi.advanceTimersByTime(1500);
    FakeSocket.last.accept();
    expect(FakeSocket.last.framesOf('subscribe')).toHaveLength(0);
  });

  it('on(event) hears an event on any channel, including the private one', () => {
    makeClient();
    const balance = vi.fn();
    const connected = vi.fn();
    client.on(balanceRef, balance);
    const offConnected = client.on(connectedEventRef, connected);
    client.connect(URL);
    FakeSocket.last.accept('User.u1', 'c1');
    FakeSocket.last.receive({ channel: 'User.u1', event: 'Balance', data: { value: '1.5' } });
    expect(balance).toHaveBeenCalledWith(
      { value: '1.5' },
      { channel: 'User.u1', event: 'Balance', data: { value: '1.5' } },
    );
    expect(connected).toHaveBeenCalledTimes(1);
    offConnected();
  });

  it('on(ref) drops data that does not fit the contract', () => {
    makeClient();
    const balance = vi.fn();
    client.on(balanceRef, balance);
    client.connect(URL);
    FakeSocket.last.accept('User.u1', 'c1');
    FakeSocket.last.receive({ channel: 'User.u1', event: 'Balance', data: { value: 1.5 } });
    FakeSocket.last.receive({ channel: 'User.u1', event: 'Balance', data: null });
    FakeSocket.last.receive({ channel: 'User.u1', event: 'Balance', data: { value: '2' } });
    expect(balance).toHaveBeenCalledTimes(1);
    expect(balance).toHaveBeenCalledWith({ value: '2' }, expect.objectContaining({ event: 'Balance' }));
  });

  it('keeps dispatching when a listener throws', () => {
    makeClient();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    client.subscribe('Everyone', () => {
      throw new Error('boom');
    });
    client.subscribe('Everyone', after);
    client.connect(URL);
    FakeSocket.last.accept();
    FakeSocket.last.receive({ channel: 'Everyone', event: 'X', data: null });
    expect(after).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});

describe('RealtimeClient authentication and heartbeat', () => {
  it('sends an auth frame without reconnecting and uses the new token on the next connection', async () => {
    makeClient();
    client.connect(URL, null);
    FakeSocket.last.accept();
    const done = client.authenticate('T2');
    const frame = FakeSocket.last.lastFrame();
    expect(frame).toMatchObject({ type: 'auth', token: 'T2' });
    FakeSocket.last.receive({
      $id: frame.$id,
      data: { user: { _id: 'u1', name: 'Ann' }, channel: 'User.u1' },
    });
    await done;
    expect(client.privateChannel).toBe('User.u1');
    expect(FakeSocket.instances).toHaveLength(1);

    FakeSocket.last.drop();
    vi.advanceTimersByTime(1500);
    expect(FakeSocket.last.url).toBe(`${URL}?token=T2`);
  });

  it('re-authenticates after the greeting when the token changed while connecting', () => {
    makeClient();
    client.connect(URL, null);
    void client.authenticate('T3'); // offline: stored only
    FakeSocket.last.accept();
    expect(FakeSocket.last.framesOf('auth')).toEqual([expect.objectContaining({ token: 'T3' })]);
  });

  it('pings every interval and forces a reconnect when a ping times out', async () => {
    makeClient({ pingIntervalMs: 25_000, pingTimeoutMs: 5000 });
    client.connect(URL);
    const socket = FakeSocket.last;
    socket.accept();
    vi.advanceTimersByTime(25_000);
    const ping = socket.lastFrame();
    expect(ping).toMatchObject({ type: 'whisper', event: 'Ping' });
    socket.receive({ $id: ping.$id, data: { pong: true, time: 1 } });
    vi.advanceTimersByTime(25_000);
    expect(socket.framesOf('whisper')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000); // no pong: half-open
    expect(socket.closedWith?.code).toBe(4000);
    expect(client.state).toBe('disconnected');
    vi.advanceTimersByTime(1500);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('drops a socket that opens but never greets', () => {
    makeClient({ greetingTimeoutMs: 3000 });
    client.connect(URL);
    FakeSocket.last.open();
    vi.advanceTimersByTime(3000);
    expect(client.state).toBe('disconnected');
    expect(FakeSocket.last.closedWith?.code).toBe(4000);
  });
});

describe('bindRealtimeToStore', () => {
  const user: StoredUser = { _id: 'u1', name: 'Ann', roles: [], token: 'T1' };

  beforeEach(() => {
    useAppStore.setState({ user: null, connection: 'connecting' });
  });

  it('feeds the connection state to the store', () => {
    makeClient();
    const unbind = bindRealtimeToStore(client);
    expect(useAppStore.getState().connection).toBe('disconnected'); // idle
    client.connect(URL);
    expect(useAppStore.getState().connection).toBe('connecting');
    FakeSocket.last.accept();
    expect(useAppStore.getState().connection).toBe('connected');
    FakeSocket.last.drop();
    expect(useAppStore.getState().connection).toBe('disconnected');
    unbind();
  });

  it('sends the auth frame when the signed-in user changes, and drops to guest on logout', () => {
    makeClient();
    const unbind = bindRealtimeToStore(client);
    client.connect(URL, null);
    const socket = FakeSocket.last;
    socket.accept();
    useAppStore.setState({ user });
    expect(socket.framesOf('auth')).toEqual([expect.objectContaining({ token: 'T1' })]);
    useAppStore.setState({ user: { ...user, name: 'Renamed' } }); // same token: nothing sent
    expect(socket.framesOf('auth')).toHaveLength(1);
    useAppStore.setState({ user: null });
    expect(socket.framesOf('auth').at(-1)).toMatchObject({ token: null });
    expect(FakeSocket.instances).toHaveLength(1);
    unbind();
    useAppStore.setState({ user });
    expect(socket.framesOf('auth')).toHaveLength(2);
  });
});
