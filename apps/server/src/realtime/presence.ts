import type { Bus } from './bus.js';
import type { Hub, PresenceSnapshot } from './hub.js';

export interface OnlineSummary {
  total: number;
  guests: number;
  users: { _id: string; name: string }[];
  channels: Record<string, number>;
}

/**
 * Presence across nodes: every node writes its snapshot to the bus store every interval (with a
 * TTL of three intervals, so a dead node's users vanish); readers merge all snapshots, using this
 * node's live state instead of its last snapshot.
 */
export class Presence {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly hub: Hub,
    private readonly bus: Bus,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    const write = () =>
      void this.bus
        .putSnapshot(
          this.hub.nodeId,
          JSON.stringify(this.hub.localPresence()),
          Math.ceil((this.intervalMs * 3) / 1000),
        )
        .catch(() => undefined);
    write();
    this.timer = setInterval(write, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async summary(): Promise<OnlineSummary> {
    const snapshots: PresenceSnapshot[] = [this.hub.localPresence()];
    for (const raw of await this.bus.readSnapshots().catch(() => [])) {
      try {
        const s = JSON.parse(raw) as PresenceSnapshot;
        if (s.nodeId !== this.hub.nodeId) snapshots.push(s);
      } catch {
        // a corrupt snapshot is skipped; the node rewrites it within one interval
      }
    }
    const users = new Map<string, string>();
    let guests = 0;
    const channels: Record<string, number> = {};
    for (const s of snapshots) {
      for (const [id, name] of Object.entries(s.users)) users.set(id, name);
      guests += s.guests;
      for (const [c, n] of Object.entries(s.channels)) channels[c] = (channels[c] ?? 0) + n;
    }
    const list = [...users]
      .map(([_id, name]) => ({ _id, name }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { total: list.length + guests, guests, users: list, channels };
  }
}
