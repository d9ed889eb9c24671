import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  Channels,
  clientFrameSchema,
  connectedEvent,
  findUnstorableText,
  RealtimeErrorCode,
  UNSTORABLE_TEXT_MESSAGE,
  type ClientFrame,
  type EventData,
} from '@nebula/contracts';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { AuthUser } from '../platform/context.js';
import type { ChannelRules } from './channels.js';
import type { Connection, Hub } from './hub.js';
import { socketErrorOf, type WhisperRegistry } from './whispers.js';

export interface GatewayLimits {
  /** Largest accepted frame; bigger frames close the connection (1009). */
  maxFrameBytes: number;
  /** Bytes queued for a client before it counts as too slow and is dropped. */
  maxBufferedBytes: number;
  /** Sustained frames per second per connection, and the burst allowed above it. */
  ratePerSecond: number;
  rateBurst: number;
  heartbeatMs: number;
}

export const DEFAULT_LIMITS: GatewayLimits = {
  maxFrameBytes: 16 * 1024,
  maxBufferedBytes: 1024 * 1024,
  ratePerSecond: 20,
  rateBurst: 40,
  heartbeatMs: 30_000,
};

export interface Authenticator {
  byToken(token: string): Promise<AuthUser | null>;
  bySecret(userId: string, secret: string): Promise<AuthUser | null>;
}

type Reply = Record<string, unknown> & { $id: string | number | null };

class SocketConnection implements Connection {
  readonly id = randomBytes(12).toString('base64url');
  user: AuthUser | null = null;
  readonly channels = new Set<string>();
  isAlive = true;
  tokens: number;
  lastRefill = Date.now();
  violations = 0;
  closed = false;

  constructor(
    readonly ws: WebSocket,
    private readonly limits: GatewayLimits,
    private readonly onSlow: (c: SocketConnection) => void,
  ) {
    this.tokens = limits.rateBurst;
  }

  get privateChannel(): string {
    return this.user ? Channels.user(this.user.id) : Channels.guest(this.id);
  }

  send(frame: Buffer | string): void {
    if (this.closed) return;
    if (this.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      this.onSlow(this);
      return;
    }
    this.ws.send(frame, { binary: false });
  }

  reply(body: Reply): void {
    this.send(JSON.stringify(body));
  }

  /** Token bucket: true when the frame may be handled. */
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(
      this.limits.rateBurst,
      this.tokens + ((now - this.lastRefill) / 1000) * this.limits.ratePerSecond,
    );
    this.lastRefill = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * The WebSocket gateway: JSON frames with `$id` replies, subscriptions checked against the
 * channel rules, bearer-token (re)authentication, whispers, heartbeats, send-buffer and rate
 * limits. Attach it to any number of HTTP servers (the main port and an optional second one).
 * A frame holding text PostgreSQL cannot store, in any field, is answered 422 and dropped.
 */
export class Gateway {
  private readonly wss: WebSocketServer;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly deps: {
      hub: Hub;
      rules: ChannelRules;
      whispers: WhisperRegistry;
      auth: Authenticator;
      log: Logger;
      limits: GatewayLimits;
      path?: string;
    },
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: deps.limits.maxFrameBytes,
      perMessageDeflate: false,
    });
    this.wss.on('connection', (ws: WebSocket, req: IncomingMessage) => void this.handleConnection(ws, req));
    this.heartbeat = setInterval(() => this.beat(), deps.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Routes HTTP upgrades on `server` for the gateway path to this gateway. */
  attach(server: HttpServer): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== (this.deps.path ?? '/ws')) {
        socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
    });
  }

  private async handleConnection(ws: WebSocket, req: IncomingMessage): Promise<void> {
    const { hub, log } = this.deps;
    const conn = new SocketConnection(ws, this.deps.limits, (c) => this.dropSlow(c));
    ws.on('error', (err) => log.debug({ err: err.message, connection: conn.id }, 'socket error'));
    ws.on('pong', () => (conn.isAlive = true));
    ws.on('close', () => {
      conn.closed = true;
      hub.remove(conn);
    });
    // Buffer frames that arrive while the initial authentication runs.
    const early: RawData[] = [];
    const onEarly = (data: RawData) => early.push(data);
    ws.on('message', onEarly);

    hub.add(conn);
    const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token');
    if (token) conn.user = await this.deps.auth.byToken(token).catch(() => null);
    if (conn.closed) return;
    hub.subscribe(conn, conn.privateChannel);
    const greeting: EventData<typeof connectedEvent> = {
      connectionId: conn.id,
      user: conn.user ? { _id: conn.user.id, name: conn.user.name } : null,
    };
    conn.send(JSON.stringify({ channel: conn.privateChannel, event: connectedEvent.name, data: greeting }));
    ws.off('message', onEarly);
    ws.on('message', (data, isBinary) => void this.handleMessage(conn, data, isBinary));
    for (const data of early) await this.handleMessage(conn, data, false);
  }

  private async handleMessage(conn: SocketConnection, raw: RawData, isBinary: boolean): Promise<void> {
    conn.isAlive = true;
    if (!conn.take()) {
      conn.violations += 1;
      conn.reply({
        $id: null,
        code: RealtimeErrorCode.RateLimited,
        message: 'Too many messages: slow down.',
      });
      if (conn.violations > 200) conn.ws.close(1008, 'rate limit');
      return;
    }
    let json: unknown;
    try {
      if (isBinary) throw new Error('binary');
      json = JSON.parse(raw.toString());
    } catch {
      conn.reply({ $id: null, code: RealtimeErrorCode.BadFrame, message: 'Frames must be JSON text.' });
      return;
    }
    const id = (json as { $id?: unknown } | null)?.$id;
    const hasId = typeof id === 'string' || typeof id === 'number';
    // Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused in any field of any frame,
    // as over HTTP: channel names, tokens, secrets and whisper data never reach a query with it.
    const unstorable = findUnstorableText(json);
    if (unstorable) {
      conn.reply({
        $id: hasId ? id : null,
        code: RealtimeErrorCode.Invalid,
        message: `Invalid frame: ${unstorable.map(String).join('.') || 'frame'}: ${UNSTORABLE_TEXT_MESSAGE}`,
      });
      return;
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      conn.reply({
        $id: hasId ? id : null,
        code: RealtimeErrorCode.BadFrame,
        message: hasId
          ? `Invalid frame: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'frame'}: ${i.message}`).join('; ')}`
          : 'Every frame needs a $id.',
      });
      return;
    }
    try {
      await this.handleFrame(conn, parsed.data);
    } catch (err) {
      const e = socketErrorOf(err);
      if (e.code >= 500) this.deps.log.error({ err }, 'socket frame failed');
      conn.reply({
        $id: parsed.data.$id,
        code: e.code,
        message: e.message,
        ...(e.reason ? { reason: e.reason } : {}),
      });
    }
  }

  private async handleFrame(conn: SocketConnection, frame: ClientFrame): Promise<void> {
    const { hub, rules, whispers, auth } = this.deps;
    switch (frame.type) {
      case 'subscribe': {
        if (!rules.canHear(frame.channel, { user: conn.user, connectionId: conn.id })) {
          conn.reply({
            $id: frame.$id,
            code: RealtimeErrorCode.Forbidden,
            message: `You may not listen to ${frame.channel}.`,
          });
          return;
        }
        hub.subscribe(conn, frame.channel);
        conn.reply({ $id: frame.$id, data: { channel: frame.channel, subscribed: true } });
        return;
      }
      case 'unsubscribe':
        hub.unsubscribe(conn, frame.channel);
        conn.reply({ $id: frame.$id, data: { channel: frame.channel, subscribed: false } });
        return;
      case 'auth': {
        if (frame.token === null) {
          this.switchUser(conn, null);
          conn.reply({ $id: frame.$id, data: { user: null, channel: conn.privateChannel } });
          return;
        }
        const user = await auth.byToken(frame.token);
        if (!user) {
          conn.reply({
            $id: frame.$id,
            code: RealtimeErrorCode.Unauthenticated,
            message: 'The session is not valid.',
          });
          return;
        }
        this.switchUser(conn, user);
        conn.reply({
          $id: frame.$id,
          data: { user: { _id: user.id, name: user.name }, channel: conn.privateChannel },
        });
        return;
      }
      case 'authentication': {
        const user = await auth.bySecret(frame.userId, frame.userSecret);
        if (!user) {
          conn.reply({
            $id: frame.$id,
            type: 'authenticationFailure',
            code: RealtimeErrorCode.Unauthenticated,
            message: 'Authentication failed.',
          });
          return;
        }
        this.switchUser(conn, user);
        conn.reply({
          $id: frame.$id,
          type: 'authenticationSuccess',
          data: { userId: user.id, channel: conn.privateChannel },
        });
        return;
      }
      case 'whisper': {
        const data = await whispers.dispatch(frame.event, frame.data, {
          user: conn.user,
          connectionId: conn.id,
          privateChannel: conn.privateChannel,
        });
        conn.reply({ $id: frame.$id, data });
        return;
      }
    }
  }

  /** Re-authenticates without reconnecting: moves the private channel and drops channels no longer allowed. */
  private switchUser(conn: SocketConnection, user: AuthUser | null): void {
    const { hub, rules } = this.deps;
    hub.unsubscribe(conn, conn.privateChannel);
    conn.user = user;
    for (const channel of [...conn.channels]) {
      if (!rules.canHear(channel, { user, connectionId: conn.id })) hub.unsubscribe(conn, channel);
    }
    hub.subscribe(conn, conn.privateChannel);
  }

  private dropSlow(conn: SocketConnection): void {
    if (conn.closed) return;
    conn.closed = true;
    this.deps.log.warn({ connection: conn.id }, 'dropping a client that does not read (send buffer full)');
    conn.ws.terminate();
    this.deps.hub.remove(conn);
  }

  private beat(): void {
    // The hub may also hold connections that are not this gateway's sockets (in-process listeners):
    // only sockets are pinged.
    for (const c of this.deps.hub.allConnections()) {
      if (!(c instanceof SocketConnection)) continue;
      const conn = c;
      if (!conn.isAlive || conn.ws.bufferedAmount > this.deps.limits.maxBufferedBytes) {
        conn.ws.terminate();
        continue;
      }
      conn.isAlive = false;
      try {
        conn.ws.ping();
      } catch {
        conn.ws.terminate();
      }
    }
  }

  /** Closes every socket (1001 going away) and stops the heartbeat. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const ws of this.wss.clients) ws.close(1001, 'server shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    for (const ws of this.wss.clients) ws.terminate();
  }
}
