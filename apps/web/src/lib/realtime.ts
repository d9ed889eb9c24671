/**
 * The realtime client: one WebSocket to `/ws` on the page's host (issue F2, spec 1 section 4,
 * spec 2 section 4). JSON frames (packages/contracts/src/realtime.ts):
 * - requests carry `$id`, replies echo it: `{$id, data}` or `{$id, code, message}`;
 * - server events are `{channel, event, data}`; the first one is `Connected` on the private channel.
 *
 * Behaviour:
 * - reconnects on its own: 1500 ms after a close (spec 2), then exponential backoff with jitter up
 *   to 15 s; every channel is subscribed again after a reconnect;
 * - `connect`/`disconnect` lifecycle events; a server that cannot be reached counts as a disconnect;
 * - an app-level `Ping` whisper every 25 s catches half-open sockets (a timeout forces a reconnect);
 * - memory stays bounded: pending requests time out and are all rejected when the socket drops.
 *
 * Framework-free on purpose: React glue lives in realtime-provider.tsx, the store glue in
 * `bindRealtimeToStore` below.
 */
import type { EventFrame, ReplyFrame } from '@nebula/contracts';
import {
  connectedEventRef,
  isEventData,
  pingWhisperRef,
  type EventRef,
  type RefData,
  type RefRequest,
  type RefResponse,
  type WhisperRef,
} from '@nebula/contracts/constants';
import { useAppStore, type ConnectionState } from './store';
import {
  CloseCode,
  ClientErrorCode,
  RealtimeError,
  DEFAULTS,
  safeCall,
  type RealtimeState,
  type RealtimeRequest,
  type ConnectedGreeting,
  type RealtimeStatus,
  type RealtimeOptions,
  type EventHandler,
  type ChannelHandler,
  type Pending,
  type Lifecycle,
  type LifecycleHandler,
} from './realtime-types';
export { CloseCode, ClientErrorCode, RealtimeError, realtimeUrl } from './realtime-types';
export type {
  RealtimeState,
  RealtimeRequest,
  ConnectedGreeting,
  DisconnectInfo,
  RealtimeStatus,
  RealtimeOptions,
} from './realtime-types';

export class RealtimeClient {
  private readonly opts: Required<Omit<RealtimeOptions, 'WebSocket'>>;
  private readonly WS: typeof WebSocket | undefined;
  private ws: WebSocket | null = null;
  private url: string | null = null;
  private token: string | null = null;
  /** The token the current socket was opened with (the greeting reflects that identity). */
  private socketToken: string | null = null;
  private seq = 0;
  private readonly pending = new Map<string, Pending>();
  /** Channel -> listener records (a record per subscribe call, so the same function may count twice). */
  private readonly channels = new Map<string, Set<{ handler: ChannelHandler; onJoined?: () => void }>>();
  /** Channels the server has answered a subscribe for on this connection. */
  private readonly joined = new Set<string>();
  private readonly eventHandlers = new Map<string, Set<EventHandler>>();
  private readonly lifecycle: { [K in keyof Lifecycle]: Set<LifecycleHandler<K>> } = {
    connect: new Set(),
    disconnect: new Set(),
    status: new Set(),
  };
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private greetingTimer: ReturnType<typeof setTimeout> | null = null;
  /** A disconnect was reported and no connect since (failed retries are not reported again). */
  private reportedDown = false;
  private snapshot: RealtimeStatus = {
    state: 'idle',
    attempt: 0,
    nextRetryAt: null,
    lastAttemptAt: null,
    everConnected: false,
    privateChannel: null,
    connectionId: null,
  };

  constructor(options: RealtimeOptions = {}) {
    const { WebSocket: impl, ...rest } = options;
    this.opts = { ...DEFAULTS, ...rest };
    this.WS = impl;
  }

  // ---- state ----------------------------------------------------------------------------------

  get state(): RealtimeState {
    return this.snapshot.state;
  }

  get connected(): boolean {
    return this.snapshot.state === 'connected';
  }

  /** `User.{id}` or `Guest.{connectionId}`, from the greeting (or the last auth reply). */
  get privateChannel(): string | null {
    return this.snapshot.privateChannel;
  }

  get connectionId(): string | null {
    return this.snapshot.connectionId;
  }

  /** The current status; a new object on every change (safe for useSyncExternalStore). */
  getStatus = (): RealtimeStatus => this.snapshot;

  /** Number of requests waiting for a reply or for the connection (diagnostics, tests). */
  get pendingCount(): number {
    return this.pending.size;
  }

  // ---- connection -----------------------------------------------------------------------------

  /** Opens the socket (token in `?token=`); reconnects on its own until close(). */
  connect(url: string, token: string | null = null): void {
    this.url = url;
    this.token = token;
    this.clearRetry();
    if (this.ws) this.dropSocket(CloseCode.Normal, 'reconnect', false);
    this.open();
  }

  /** Tries again now instead of waiting for the backoff (e.g. the browser came back online). */
  reconnectNow(): void {
    // Only while waiting for a retry: an attempt in flight or a live socket is left alone.
    if (!this.url || this.snapshot.state !== 'disconnected') return;
    this.clearRetry();
    this.open();
  }

  /** Closes for good: no reconnect, pending requests rejected, listeners kept for a later connect(). */
  close(): void {
    this.url = null;
    this.clearRetry();
    this.stopTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      this.detach(ws);
      try {
        ws.close(CloseCode.Normal, 'client closed');
      } catch {
        // already closing
      }
    }
    this.failPending(ClientErrorCode.Unavailable, 'The realtime connection was closed.');
    this.joined.clear();
    const wasUp = this.snapshot.state === 'connected';
    this.setStatus({ state: 'idle', attempt: 0, nextRetryAt: null });
    if (wasUp)
      this.emit('disconnect', { code: CloseCode.Normal, reason: 'client closed', wasConnected: true });
    this.reportedDown = false;
  }

  /**
   * Signs the connection in (token) or drops it to guest (null) without reconnecting. Later
   * reconnects use the new token. Resolves with the server's answer; offline it only stores the token.
   */
  async authenticate(token: string | null): Promise<unknown> {
    this.token = token;
    if (this.snapshot.state !== 'connected') return undefined;
    this.socketToken = token;
    const reply = await this.request<{ channel?: string }>({ type: 'auth', token });
    if (reply && typeof reply.channel === 'string') this.setStatus({ privateChannel: reply.channel });
    // Switching user drops channels the new identity may not hear; ask again so both sides agree.
    for (const channel of this.channels.keys()) this.sendSubscribe(channel, 'subscribe');
    return reply;
  }

  // ---- requests -------------------------------------------------------------------------------

  /**
   * Sends a request frame and resolves with the reply's `data`. Error replies reject with a
   * RealtimeError carrying the server's `code` and `message`. While the socket is connecting the
   * request waits (its timeout runs); while disconnected it fails at once (503).
   */
  request<T = unknown>(frame: RealtimeRequest, timeoutMs = this.opts.requestTimeoutMs): Promise<T> {
    const state = this.snapshot.state;
    if (state === 'idle' || state === 'disconnected') {
      return Promise.reject(new RealtimeError(ClientErrorCode.Unavailable, 'Not connected to the server.'));
    }
    if (state === 'connecting' && this.queuedCount() >= this.opts.maxQueued) {
      return Promise.reject(
        new RealtimeError(ClientErrorCode.QueueFull, 'Too many requests while connecting.'),
      );
    }
    const $id = String(++this.seq);
    const text = JSON.stringify({ ...frame, $id });
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete($id);
        reject(new RealtimeError(ClientErrorCode.Timeout, 'The server did not answer in time.'));
      }, timeoutMs);
      this.pending.set($id, {
        resolve: resolve as (data: unknown) => void,
        reject,
        timer,
        queued: state === 'connected' ? null : text,
      });
      if (state === 'connected') this.sendRaw(text);
    });
  }

  /**
   * A whisper (`{type: "whisper", event, data}`) over the socket, answered by one server handler;
   * typed by the contract its generated reference stands for. `callWhisper` (realtime-call.ts) adds
   * the HTTP fallback.
   */
  whisper<R extends WhisperRef>(ref: R, data: RefRequest<R>, timeoutMs?: number): Promise<RefResponse<R>> {
    return this.request<RefResponse<R>>({ type: 'whisper', event: ref.event, data }, timeoutMs);
  }

  // ---- events ---------------------------------------------------------------------------------

  /**
   * Listens to a channel; the first listener subscribes, the last one's unsubscribe leaves it.
   * Subscriptions survive reconnects. Returns the unsubscribe function (idempotent). Without a
   * handler it only joins the channel (its events reach `on` listeners); a handler gets every raw
   * frame of the channel, to be read with `readEvent(ref, frame)`. `onJoined` runs each time the server
   * has answered the channel's subscribe on a connection (after every reconnect too): from then on no
   * event of the channel is missed, so a list read after it and the events after it are complete.
   */
  subscribe(channel: string, handler: ChannelHandler = () => undefined, onJoined?: () => void): () => void {
    const record = { handler, onJoined };
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      if (this.connected) this.sendSubscribe(channel, 'subscribe');
    } else if (onJoined && this.joined.has(channel)) {
      queueMicrotask(() => {
        if (this.channels.get(channel)?.has(record) && this.joined.has(channel)) onJoined();
      });
    }
    set.add(record);
    return () => {
      const current = this.channels.get(channel);
      if (!current?.delete(record)) return;
      if (current.size > 0) return;
      this.channels.delete(channel);
      this.joined.delete(channel);
      if (this.connected) this.sendSubscribe(channel, 'unsubscribe');
    };
  }

  /** Channels with at least one listener. */
  get subscribedChannels(): string[] {
    return [...this.channels.keys()];
  }

  /**
   * Listens to a server event, on any channel (including the private one), through its generated
   * reference: the handler only sees data that passed the contract's guard (other frames are
   * dropped, with a warning in development).
   */
  on<R extends EventRef>(ref: R, handler: EventHandler<RefData<R>>): () => void {
    const event = ref.name;
    const guarded: EventHandler = (data, frame) => {
      if (isEventData(ref, data)) {
        handler(data, frame as EventFrame<RefData<R>>);
      } else if (import.meta.env?.DEV) {
        console.warn(`[realtime] ${event}: data does not match its contract`, data);
      }
    };
    let set = this.eventHandlers.get(event);
    if (!set) {
      set = new Set();
      this.eventHandlers.set(event, set);
    }
    set.add(guarded);
    return () => {
      set.delete(guarded);
      if (set.size === 0 && this.eventHandlers.get(event) === set) this.eventHandlers.delete(event);
    };
  }

  /** Connected (greeting received; after every reconnect too). */
  onConnect(handler: LifecycleHandler<'connect'>): () => void {
    return this.addLifecycle('connect', handler);
  }

  /** Lost, or could not connect (the server is unavailable). Reported once per outage. */
  onDisconnect(handler: LifecycleHandler<'disconnect'>): () => void {
    return this.addLifecycle('disconnect', handler);
  }

  /** Every status change (state, retry schedule, private channel). */
  onStatus(handler: LifecycleHandler<'status'>): () => void {
    return this.addLifecycle('status', handler);
  }

  // ---- internals ------------------------------------------------------------------------------

  private addLifecycle<K extends keyof Lifecycle>(name: K, handler: LifecycleHandler<K>): () => void {
    const set = this.lifecycle[name] as Set<LifecycleHandler<K>>;
    set.add(handler);
    return () => void set.delete(handler);
  }

  private emit<K extends keyof Lifecycle>(name: K, payload: Lifecycle[K]): void {
    for (const handler of [...(this.lifecycle[name] as Set<LifecycleHandler<K>>)]) safeCall(handler, payload);
  }

  private setStatus(patch: Partial<RealtimeStatus>): void {
    const next = { ...this.snapshot, ...patch };
    const same = (Object.keys(next) as (keyof RealtimeStatus)[]).every(
      (key) => next[key] === this.snapshot[key],
    );
    if (same) return;
    this.snapshot = next;
    this.emit('status', next);
  }

  private open(): void {
    if (!this.url) return;
    const Impl = this.WS ?? globalThis.WebSocket;
    this.socketToken = this.token;
    const url = this.token ? `${this.url}?token=${encodeURIComponent(this.token)}` : this.url;
    this.setStatus({ state: 'connecting', nextRetryAt: null, lastAttemptAt: Date.now() });
    let ws: WebSocket;
    try {
      ws = new Impl(url);
    } catch {
      this.onSocketClosed(null, CloseCode.Abnormal, 'could not open');
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      // The server greets first; a socket that opens but stays silent is stale.
      this.greetingTimer = setTimeout(
        () => this.dropSocket(CloseCode.Stale, 'no greeting', true),
        this.opts.greetingTimeoutMs,
      );
    };
    ws.onmessage = (message: MessageEvent) => {
      if (this.ws !== ws) return;
      this.handleMessage(message.data);
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.ws !== ws) return;
      this.onSocketClosed(ws, event.code || CloseCode.Abnormal, event.reason || '');
    };
    // An error is always followed by close; nothing to do here beyond not throwing.
    ws.onerror = () => undefined;
  }

  private detach(ws: WebSocket): void {
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    ws.onerror = null;
  }

  /** Closes the current socket ourselves; with `retry` it behaves like a lost connection. */
  private dropSocket(code: number, reason: string, retry: boolean): void {
    const ws = this.ws;
    if (!ws) return;
    this.detach(ws);
    try {
      ws.close(code === CloseCode.Stale ? CloseCode.Stale : CloseCode.Normal, reason);
    } catch {
      // closing an already closed socket
    }
    if (retry) this.onSocketClosed(ws, code, reason);
    else this.ws = null;
  }

  private onSocketClosed(ws: WebSocket | null, code: number, reason: string): void {
    if (ws && this.ws === ws) this.detach(ws);
    this.ws = null;
    this.joined.clear();
    this.stopTimers();
    const wasConnected = this.snapshot.state === 'connected';
    this.failPending(
      ClientErrorCode.Unavailable,
      wasConnected ? 'The connection to the server was lost.' : 'Could not connect to the server.',
    );
    if (!this.url) return; // closed on purpose meanwhile
    // Retries since the last success: the first one waits 1500 ms, later ones back off.
    const attempt = (wasConnected ? 0 : this.snapshot.attempt) + 1;
    const delay = this.backoff(attempt - 1);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
    this.setStatus({ state: 'disconnected', attempt, nextRetryAt: Date.now() + delay });
    if (!this.reportedDown) {
      this.reportedDown = true;
      this.emit('disconnect', { code, reason, wasConnected });
    }
  }

  /** Delay before attempt n+1: the first is exact (1500 ms), later ones double with jitter, capped. */
  backoff(failures: number): number {
    const { initialDelayMs, maxDelayMs, jitter, random } = this.opts;
    if (failures <= 0) return initialDelayMs;
    const base = Math.min(maxDelayMs, initialDelayMs * 2 ** Math.min(failures, 16));
    const spread = 1 - jitter + 2 * jitter * random();
    return Math.round(Math.min(maxDelayMs, base * spread));
  }

  private handleMessage(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: (Partial<ReplyFrame> & Partial<EventFrame>) | null;
    try {
      frame = JSON.parse(raw) as (Partial<ReplyFrame> & Partial<EventFrame>) | null;
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object') return;
    if ('$id' in frame) {
      this.handleReply(frame as ReplyFrame);
      return;
    }
    if (typeof frame.channel === 'string' && typeof frame.event === 'string') {
      this.handleEvent(frame as EventFrame);
    }
  }

  private handleReply(frame: ReplyFrame): void {
    if (frame.$id === null) {
      // Errors about frames the server could not attribute (rate limit, malformed): nothing waits.
      if (import.meta.env?.DEV) console.warn('[realtime] server error', frame.code, frame.message);
      return;
    }
    const id = String(frame.$id);
    const entry = this.pending.get(id);
    if (!entry) return; // timed out already
    this.pending.delete(id);
    clearTimeout(entry.timer);
    if (typeof frame.code === 'number' && frame.data === undefined) {
      const reason = typeof frame.reason === 'string' ? frame.reason : undefined;
      entry.reject(new RealtimeError(frame.code, frame.message ?? `Error ${frame.code}`, reason));
    } else {
      entry.resolve(frame.data);
    }
  }

  private handleEvent(frame: EventFrame): void {
    if (frame.event === connectedEventRef.name && this.snapshot.state !== 'connected') {
      this.onGreeting(frame);
    }
    const listeners = this.channels.get(frame.channel);
    if (listeners) for (const { handler } of [...listeners]) safeCall(handler, frame);
    const handlers = this.eventHandlers.get(frame.event);
    if (handlers) for (const handler of [...handlers]) safeCall(handler, frame.data, frame);
  }

  private onGreeting(frame: EventFrame): void {
    if (this.greetingTimer) clearTimeout(this.greetingTimer);
    this.greetingTimer = null;
    const greeting = frame.data;
    const valid = isEventData(connectedEventRef, greeting);
    const data: ConnectedGreeting = valid ? greeting : { connectionId: '', user: null };
    this.setStatus({
      state: 'connected',
      attempt: 0,
      nextRetryAt: null,
      everConnected: true,
      privateChannel: frame.channel,
      connectionId: valid ? data.connectionId : null,
    });
    this.reportedDown = false;
    for (const channel of this.channels.keys()) this.sendSubscribe(channel, 'subscribe');
    for (const entry of this.pending.values()) {
      if (entry.queued === null) continue;
      this.sendRaw(entry.queued);
      entry.queued = null;
    }
    this.startPing();
    this.emit('connect', data);
    // The player logged in or out while this socket was connecting: switch it now.
    if (this.token !== this.socketToken) {
      this.socketToken = this.token;
      this.authenticate(this.token).catch((error: unknown) => {
        console.warn('[realtime] re-authentication failed', error);
      });
    }
  }

  private sendSubscribe(channel: string, type: 'subscribe' | 'unsubscribe'): void {
    // The listeners' onJoined once the server answered (a refusal too: they read their list anyway).
    const answered = (joined: boolean) => {
      if (type !== 'subscribe') return;
      const records = this.channels.get(channel);
      if (!records) return;
      if (joined) this.joined.add(channel);
      for (const record of records) record.onJoined?.();
    };
    this.request({ type, channel }).then(
      () => answered(true),
      (error: unknown) => {
        // Refused (403) or lost with the connection: the listeners stay, the next (re)connect asks again.
        if (error instanceof RealtimeError && error.code !== ClientErrorCode.Unavailable) {
          console.warn(`[realtime] ${type} ${channel} failed: ${error.message}`);
          answered(false);
        }
      },
    );
  }

  private sendRaw(text: string): void {
    try {
      this.ws?.send(text);
    } catch {
      // The socket is closing; its close event rejects what is pending.
    }
  }

  private queuedCount(): number {
    let count = 0;
    for (const entry of this.pending.values()) if (entry.queued !== null) count += 1;
    return count;
  }

  private failPending(code: number, message: string): void {
    if (this.pending.size === 0) return;
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) {
      clearTimeout(entry.timer);
      entry.reject(new RealtimeError(code, message));
    }
  }

  private startPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.opts.pingIntervalMs <= 0) return;
    this.pingTimer = setInterval(() => {
      const ws = this.ws;
      this.whisper(pingWhisperRef, undefined, this.opts.pingTimeoutMs).catch((error: unknown) => {
        // Only a timeout means half-open; a lost connection is already being handled.
        if (error instanceof RealtimeError && error.code === ClientErrorCode.Timeout && this.ws === ws) {
          this.dropSocket(CloseCode.Stale, 'ping timeout', true);
        }
      });
    }, this.opts.pingIntervalMs);
  }

  private stopTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.greetingTimer) clearTimeout(this.greetingTimer);
    this.pingTimer = null;
    this.greetingTimer = null;
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}

/** The app's one connection. */
export const realtime = new RealtimeClient();

/** The store's three-state view of the client. */
export function toConnectionState(state: RealtimeState): ConnectionState {
  return state === 'idle' ? 'disconnected' : state;
}

/**
 * Wires a client to the app store: the connection state feeds `setConnection`, and a change of the
 * signed-in user's token re-authenticates the socket (login, logout, another tab) without a
 * reconnect. Returns the unbind function.
 */
export function bindRealtimeToStore(client: RealtimeClient, store = useAppStore): () => void {
  store.getState().setConnection(toConnectionState(client.state));
  const offStatus = client.onStatus((status) => {
    const next = toConnectionState(status.state);
    if (store.getState().connection !== next) store.getState().setConnection(next);
  });
  const offStore = store.subscribe((state, previous) => {
    const token = state.user?.token ?? null;
    if (token === (previous.user?.token ?? null)) return;
    client.authenticate(token).catch((error: unknown) => {
      console.warn('[realtime] re-authentication failed', error);
    });
  });
  return () => {
    offStatus();
    offStore();
  };
}
