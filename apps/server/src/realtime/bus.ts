import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Fan-out between nodes. A message is `channel + "\n" + frame`, where frame is the JSON the
 * clients receive, serialised once by the publisher. Without Redis the bus is in-process.
 */
export interface Bus {
  publish(channel: string, frame: string): void;
  onMessage(handler: (channel: string, frame: string) => void): void;
  /** Shared key/value for presence snapshots (Redis, or a local map). */
  putSnapshot(nodeId: string, value: string, ttlSeconds: number): Promise<void>;
  readSnapshots(): Promise<string[]>;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  private handlers: ((channel: string, frame: string) => void)[] = [];
  private snapshots = new Map<string, { value: string; until: number }>();

  publish(channel: string, frame: string): void {
    for (const h of this.handlers) h(channel, frame);
  }
  onMessage(handler: (channel: string, frame: string) => void): void {
    this.handlers.push(handler);
  }
  async putSnapshot(nodeId: string, value: string, ttlSeconds: number): Promise<void> {
    this.snapshots.set(nodeId, { value, until: Date.now() + ttlSeconds * 1000 });
  }
  async readSnapshots(): Promise<string[]> {
    const now = Date.now();
    return [...this.snapshots.values()].filter((s) => s.until > now).map((s) => s.value);
  }
  async close(): Promise<void> {
    this.handlers = [];
  }
}

export class RedisBus implements Bus {
  private pub: Redis;
  private sub: Redis;
  private handlers: ((channel: string, frame: string) => void)[] = [];
  private readonly eventsChannel: string;
  private readonly presencePrefix: string;

  private constructor(url: string, prefix: string, log: Pick<Logger, 'warn' | 'error'>) {
    this.eventsChannel = `${prefix}:realtime`;
    this.presencePrefix = `${prefix}:presence:`;
    const opts = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true };
    this.pub = new Redis(url, opts);
    this.sub = new Redis(url, opts);
    for (const c of [this.pub, this.sub])
      c.on('error', (err) => log.warn({ err: err.message }, 'redis connection error'));
    this.sub.on('message', (_ch: string, message: string) => {
      const nl = message.indexOf('\n');
      if (nl < 0) return;
      const channel = message.slice(0, nl);
      const frame = message.slice(nl + 1);
      for (const h of this.handlers) h(channel, frame);
    });
  }

  static async connect(url: string, prefix: string, log: Pick<Logger, 'warn' | 'error'>): Promise<RedisBus> {
    const bus = new RedisBus(url, prefix, log);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    await bus.sub.subscribe(bus.eventsChannel);
    return bus;
  }

  publish(channel: string, frame: string): void {
    void this.pub.publish(this.eventsChannel, `${channel}\n${frame}`).catch(() => undefined);
  }
  onMessage(handler: (channel: string, frame: string) => void): void {
    this.handlers.push(handler);
  }
  async putSnapshot(nodeId: string, value: string, ttlSeconds: number): Promise<void> {
    await this.pub.set(this.presencePrefix + nodeId, value, 'EX', ttlSeconds);
  }
  async readSnapshots(): Promise<string[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.pub.scan(cursor, 'MATCH', `${this.presencePrefix}*`, 'COUNT', 200);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    if (!keys.length) return [];
    return (await this.pub.mget(...keys)).filter((v): v is string => v !== null);
  }
  async close(): Promise<void> {
    this.handlers = [];
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
