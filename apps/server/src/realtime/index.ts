import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.js';
import { LocalBus, RedisBus, type Bus } from './bus.js';
import { ChannelRules } from './channels.js';
import { Gateway, type Authenticator } from './gateway.js';
import { Hub } from './hub.js';
import { Presence } from './presence.js';
import { WhisperRegistry } from './whispers.js';

export { Hub, type Connection } from './hub.js';
export { ChannelRules, type Listener } from './channels.js';
export { WhisperRegistry, type WhisperCaller, type WhisperHandler } from './whispers.js';
export { Presence, type OnlineSummary } from './presence.js';
export { LocalBus, RedisBus, type Bus } from './bus.js';
export type { Authenticator } from './gateway.js';

/** Everything modules use to talk in realtime. */
export interface Realtime {
  hub: Hub;
  rules: ChannelRules;
  whispers: WhisperRegistry;
  presence: Presence;
  /** Starts accepting sockets on the given HTTP servers. */
  attach(servers: HttpServer[]): void;
  close(): Promise<void>;
}

export async function createRealtime(opts: {
  config: Config;
  log: Logger;
  nodeId: string;
  auth: Authenticator;
}): Promise<Realtime> {
  const { config, log } = opts;
  const bus: Bus = config.redisUrl
    ? await RedisBus.connect(config.redisUrl, config.redisPrefix, log)
    : new LocalBus();
  const hub = new Hub(bus, opts.nodeId);
  const rules = new ChannelRules();
  const whispers = new WhisperRegistry();
  const presence = new Presence(hub, bus, config.realtime.presenceIntervalMs);
  let gateway: Gateway | undefined;
  return {
    hub,
    rules,
    whispers,
    presence,
    attach(servers) {
      gateway = new Gateway({
        hub,
        rules,
        whispers,
        auth: opts.auth,
        log,
        limits: {
          maxFrameBytes: config.realtime.maxFrameBytes,
          maxBufferedBytes: config.realtime.maxBufferedBytes,
          ratePerSecond: config.realtime.ratePerSecond,
          rateBurst: config.realtime.rateBurst,
          heartbeatMs: config.realtime.heartbeatMs,
        },
      });
      for (const s of servers) gateway.attach(s);
      presence.start();
    },
    async close() {
      presence.stop();
      await gateway?.close();
      await bus.close();
    },
  };
}
