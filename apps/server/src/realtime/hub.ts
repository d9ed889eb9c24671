import type { RealtimeEvent, EventData } from '@nebula/contracts';
import type { AuthUser } from '../platform/context.js';
import type { Bus } from './bus.js';

/** One socket as the hub sees it. */
export interface Connection {
  readonly id: string;
  user: AuthUser | null;
  readonly channels: Set<string>;
  /** Sends a ready frame; the connection drops itself when its send buffer is over the limit. */
  send(frame: Buffer | string): void;
}

/** Channels whose presence is counted (not the private per-user or per-guest ones). */
const isPrivateChannel = (c: string) =>
  c.startsWith('User.') || c.startsWith('Guest.') || c.startsWith('Support.');

export interface PresenceSnapshot {
  nodeId: string;
  users: Record<string, string>;
  guests: number;
  channels: Record<string, number>;
}

/**
 * Connections and their channel subscriptions on this node. `publish` serialises an event once
 * and hands it to the bus; every node's hub (this one included) delivers it to its local
 * subscribers, so the same code path serves one node and many.
 */
export class Hub {
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly connections = new Set<Connection>();
  private readonly listeners = new Map<string, ((data: unknown) => void)[]>();

  constructor(
    private readonly bus: Bus,
    readonly nodeId: string,
  ) {
    bus.onMessage((channel, frame) => {
      this.deliverListeners(channel, frame);
      this.deliverLocal(channel, frame);
    });
  }

  /**
   * Calls `handler` with the data of every event published on `channel`, on every node (this one
   * included): server-to-server notices such as "these settings changed". Clients hear such a channel
   * only if a channel rule allows it (none does for `internal.*`).
   */
  listen(channel: string, handler: (data: unknown) => void): void {
    const list = this.listeners.get(channel) ?? [];
    list.push(handler);
    this.listeners.set(channel, list);
  }

  private deliverListeners(channel: string, frame: string): void {
    const list = this.listeners.get(channel);
    if (!list) return;
    let data: unknown;
    try {
      data = (JSON.parse(frame) as { data?: unknown }).data;
    } catch {
      return;
    }
    for (const h of list) h(data);
  }

  /** Publishes a module's event on a channel, to subscribers on every node. */
  publish<E extends RealtimeEvent>(channel: string, event: E, data: EventData<E>): void {
    this.publishRaw(channel, event.name, data);
  }

  publishRaw(channel: string, event: string, data: unknown): void {
    this.bus.publish(channel, JSON.stringify({ channel, event, data }));
  }

  private deliverLocal(channel: string, frame: string): void {
    const set = this.subscribers.get(channel);
    if (!set || set.size === 0) return;
    const buf = Buffer.from(frame);
    for (const conn of set) conn.send(buf);
  }

  add(conn: Connection): void {
    this.connections.add(conn);
  }

  remove(conn: Connection): void {
    for (const channel of conn.channels) this.subscribers.get(channel)?.delete(conn);
    for (const channel of conn.channels)
      if (this.subscribers.get(channel)?.size === 0) this.subscribers.delete(channel);
    conn.channels.clear();
    this.connections.delete(conn);
  }

  subscribe(conn: Connection, channel: string): void {
    let set = this.subscribers.get(channel);
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(conn);
    conn.channels.add(channel);
  }

  unsubscribe(conn: Connection, channel: string): void {
    const set = this.subscribers.get(channel);
    set?.delete(conn);
    if (set?.size === 0) this.subscribers.delete(channel);
    conn.channels.delete(channel);
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  allConnections(): Iterable<Connection> {
    return this.connections;
  }

  /** This node's presence: signed-in users, guest connections, and public channel sizes. */
  localPresence(): PresenceSnapshot {
    const users: Record<string, string> = {};
    let guests = 0;
    for (const c of this.connections) {
      if (c.user) users[c.user.id] = c.user.name;
      else guests += 1;
    }
    const channels: Record<string, number> = {};
    for (const [name, set] of this.subscribers) if (!isPrivateChannel(name)) channels[name] = set.size;
    return { nodeId: this.nodeId, users, guests, channels };
  }
}
