/**
 * Chat benchmark, the numbers: turns what the processes reported (the writers' sends and replies, the
 * nodes' publish times, the readers' histograms, the CPU window) into the summary that
 * `scripts/bench/chat` prints and writes with `--json`, and prints it with the target.
 */
import os from 'node:os';
import type { CpuWindow } from './bets-cpu.js';
import type { ClientReply, SendResult, ServerReply } from './chat-shared.js';
import { type Quantiles, fmt, ofHistograms, ofValues } from './crash-report.js';

/** Target of issue F8. */
export const TARGET_P99_MS = 150;

type ReaderReport = Extract<ClientReply, { type: 'report' }>;
type ServerReport = Extract<ServerReply, { type: 'report' }>;

/** Everything one run produced, as the coordinator collected it. */
export interface RunData {
  nodes: number;
  readers: number;
  writers: number;
  seconds: number;
  intervalMs: number;
  ipLimit: number;
  sends: SendResult[];
  /** One per node, in node order. */
  servers: ServerReport[];
  /** One per reader process; `node` is the node its sockets are on (0-based). */
  reports: (ReaderReport & { node: number })[];
  cpu: CpuWindow;
  loadStart: number[];
  loadEnd: number[];
}

/** Roles in the order they are printed: the nodes, the stores, then the clients. */
const roleOrder = (role: string) =>
  ['node', 'PostgreSQL', 'Redis', 'readers', 'writers'].findIndex((r) => role.startsWith(r));

/** The summary of one run. */
export function summarize(d: RunData) {
  const accepted = d.sends.filter((s) => s.status === 'ok');
  const refused: Record<string, number> = {};
  for (const s of d.sends) if (s.status !== 'ok') refused[s.status] = (refused[s.status] ?? 0) + 1;
  const published = new Map(d.servers.flatMap((s) => s.publishes));
  const readers = d.reports.reduce((a, r) => a + r.connected, 0);
  const received = d.reports.reduce((a, r) => a + r.delivered, 0);
  const missing = d.reports.reduce((a, r) => a + r.missing, 0);
  const spreadById = new Map<number, [number, number]>();
  for (const r of d.reports)
    for (const [id, first, last] of r.spread) {
      const s = spreadById.get(id);
      spreadById.set(id, s ? [Math.min(s[0], first), Math.max(s[1], last)] : [first, last]);
    }
  const latency = ofHistograms(d.reports.map((r) => r.latency));
  const sentAt = d.sends.map((s) => s.sent);
  const spanMs = sentAt.length > 1 ? Math.max(...sentAt) - Math.min(...sentAt) : NaN;
  const roles = d.cpu.roles;
  const known = Object.values(roles).reduce((a, ms) => a + ms, 0);
  const pct = (ms: number) => (ms / d.cpu.wallMs) * 100;
  return {
    messages: {
      sent: d.sends.length,
      accepted: accepted.length,
      refused,
      stored: d.servers[0]?.stored ?? NaN,
      perSecond: (accepted.length / spanMs) * 1000,
      reply: ofValues(accepted.map((s) => s.reply - s.sent)),
      toPublish: ofValues(accepted.map((s) => (published.get(s.id) ?? NaN) - s.sent)),
    },
    delivery: {
      readers,
      expected: accepted.length * readers,
      received,
      missing,
      duplicates: d.reports.reduce((a, r) => a + r.duplicates, 0),
      closedDuringRun: d.reports.reduce((a, r) => a + r.closedDuringRun, 0),
      perSecond: (received / spanMs) * 1000,
      latency,
      fromPublish: ofHistograms(d.reports.map((r) => r.fromPublish)),
      byNode: Array.from({ length: d.nodes }, (_, n) =>
        ofHistograms(d.reports.filter((r) => r.node === n).map((r) => r.latency)),
      ),
      spread: ofValues([...spreadById.values()].map(([first, last]) => last - first)),
    },
    nodes: d.servers.map((s) => ({
      published: s.publishes.length,
      loopP99: s.loopP99,
      loopMax: s.loopMax,
      connections: s.connections,
    })),
    cpu: {
      wallMs: d.cpu.wallMs,
      percent: Object.fromEntries(
        Object.entries(roles)
          .sort(([a], [b]) => roleOrder(a) - roleOrder(b) || a.localeCompare(b))
          .map(([role, ms]) => [role, pct(ms)]),
      ),
      other: pct(Math.max(0, d.cpu.machineMs - known)),
    },
    load: { start: d.loadStart, end: d.loadEnd },
    pass: latency.p99 < TARGET_P99_MS && missing === 0 && received > 0,
  };
}

export type Summary = ReturnType<typeof summarize>;

/** A labelled line of quantiles, the numbers aligned. */
const line = (label: string, x: Quantiles) => console.log(`  ${`${label}:`.padEnd(36)} ${q(x)}`);

const q = (x: Quantiles, digits = 1) =>
  `p50 ${fmt(x.p50, digits)} / p95 ${fmt(x.p95, digits)} / p99 ${fmt(x.p99, digits)} / max ${fmt(x.max, digits)} ms`;

const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');

/** Prints the summary and the target. */
export function printSummary(s: Summary, d: RunData): void {
  const m = s.messages;
  const v = s.delivery;
  const refused = Object.entries(m.refused)
    .map(([k, n]) => `${fmt(n)} (${k})`)
    .join(', ');
  console.log(
    `\nMessages: ${fmt(m.sent)} sent by ${fmt(d.writers)} writers (one per ${fmt(d.intervalMs / 1000, 2)} s each),` +
      ` ${fmt(m.accepted)} accepted (${fmt(m.perSecond, 1)}/s), ${refused ? `refused: ${refused}` : 'none refused'};` +
      ` ${fmt(m.stored)} stored`,
  );
  line('whisper reply (stored, published)', m.reply);
  line('send -> publish on the node', m.toPublish);
  console.log(
    `\nDelivery to ${fmt(v.readers)} readers: ${fmt(v.received)} of ${fmt(v.expected)} frames received` +
      ` (${fmt(v.perSecond)}/s), ${fmt(v.missing)} missing, ${fmt(v.duplicates)} duplicated,` +
      ` ${fmt(v.closedDuringRun)} sockets closed`,
  );
  line('send -> receive (delivery latency)', v.latency);
  line('publish -> receive', v.fromPublish);
  if (d.nodes > 1) v.byNode.forEach((x, n) => line(`send -> receive, node ${n + 1} readers`, x));
  line('first -> last reader per message', v.spread);
  s.nodes.forEach((n, i) =>
    console.log(
      `  node ${i + 1}: published ${fmt(n.published)} messages, event-loop delay p99 ${fmt(n.loopP99, 1)} /` +
        ` max ${fmt(n.loopMax, 1)} ms, ${fmt(n.connections)} sockets`,
    ),
  );
  const cpu = Object.entries(s.cpu.percent)
    .map(([role, p]) => `${role} ${fmt(p)}%`)
    .join(', ');
  console.log(
    `\nCPU over the ${fmt(s.cpu.wallMs / 1000, 1)} s window (of ${100 * os.cpus().length}%): ${cpu},` +
      ` other processes ${fmt(s.cpu.other)}%`,
  );
  console.log(
    `Load average: ${load(s.load.start)} at the start of the window, ${load(s.load.end)} at its end`,
  );
  console.log('\nTarget:');
  console.log(
    `  message delivery p99 < ${TARGET_P99_MS} ms: ${s.pass ? 'PASS' : 'FAIL'} (p99 ${fmt(v.latency.p99, 1)} ms` +
      `${v.missing ? `, ${fmt(v.missing)} frames missing` : ''})`,
  );
}
