/**
 * Crash round benchmark, the numbers: turns what the processes reported (the server's tick emits and
 * settled bets, the spectators' histograms, the bettors' cash-out times, the CPU window) into the
 * summary that `scripts/bench/crash` prints and writes with `--json`, and prints it with the targets.
 */
import type { CpuWindow } from './bets-cpu.js';
import { quantile } from './bets-shared.js';
import type { CashOutResult, ClientReply, ServerReply, SparseHistogram, TickEmit } from './crash-shared.js';
import { Histogram } from './fanout-shared.js';

/** Targets of issue F6. */
export const TARGETS = { tickP99Ms: 150, settleMs: 2_000 };

type SpectatorReport = Extract<ClientReply, { type: 'report' }>;
type ServerReport = Extract<ServerReply, { type: 'report' }>;

/** Everything one run produced, as the coordinator collected it. */
export interface RunData {
  spectators: number;
  bettors: number;
  tickMs: number;
  startedAt: number;
  crashPoint: string;
  bustMs: number;
  requested: number;
  cashouts: CashOutResult[];
  /** The cash-out burst (see {@link burstWindow}). */
  burstFrom: number;
  burstTo: number;
  userIds: string[];
  server: ServerReport;
  reports: SpectatorReport[];
  cpu: CpuWindow;
  /** The betting phase: the bets' reply latencies (ascending) and whether the spectators were there. */
  betting: {
    spectatorsFirst: boolean;
    placed: number;
    ms: number;
    errors: Record<string, number>;
    latencies: number[];
  };
}

/** p50 / p95 / p99 / max of a latency distribution, ms (NaN when empty). */
export interface Quantiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function ofSorted(sorted: number[]): Quantiles {
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
  };
}

export const ofValues = (values: number[]) => ofSorted(values.filter(Number.isFinite).sort((a, b) => a - b));

export function ofHistograms(parts: SparseHistogram[]): Quantiles {
  const h = new Histogram();
  for (const p of parts) h.merge(p.hist, p.overflow);
  return { n: h.total, p50: h.quantile(0.5), p95: h.quantile(0.95), p99: h.quantile(0.99), max: h.max() };
}

/**
 * The cash-out burst: from the first CrashCashOut sent to two tick intervals after the last answer
 * (so the tick that announces the last cash-outs falls inside).
 */
export function burstWindow(cashouts: CashOutResult[], tickMs: number): { from: number; to: number } {
  const answered = cashouts.map((c) => Math.max(c.reply, c.balance)).filter(Number.isFinite);
  const from = Math.min(...cashouts.map((c) => c.sent));
  return { from, to: (answered.length ? Math.max(...answered) : from) + 2 * tickMs };
}

/**
 * Server CPU time over the cash-out burst, measured between the last tick before it and the first
 * tick after it (so the window is a little longer than the burst), next to that window's wall time.
 */
function burstCpu(emits: TickEmit[], from: number, to: number): { cpuMs: number; wallMs: number } {
  const before = emits.filter((e) => e.t <= from).at(-1);
  const after = emits.find((e) => e.t >= to) ?? emits.at(-1);
  if (!before || !after || after === before) return { cpuMs: NaN, wallMs: NaN };
  return { cpuMs: after.cpuMs - before.cpuMs, wallMs: after.t - before.t };
}

const range = (values: number[]) => {
  const finite = values.filter(Number.isFinite);
  return { from: finite.length ? Math.min(...finite) : NaN, to: finite.length ? Math.max(...finite) : NaN };
};

/** The summary of one run. */
export function summarize(d: RunData) {
  const emits = [...d.server.ticks].sort((a, b) => a.t - b.t);
  const intervals = emits.slice(1).map((e, i) => e.t - emits[i]!.t);
  const largest = emits.reduce((a, e) => (e.bytes > a.bytes ? e : a), emits[0] ?? { bytes: 0, cashOuts: 0 });

  const spreadByTick = new Map<number, [number, number]>();
  for (const r of d.reports)
    for (const [elapsed, first, last] of r.spread) {
      const s = spreadByTick.get(elapsed);
      spreadByTick.set(elapsed, s ? [Math.min(s[0], first), Math.max(s[1], last)] : [first, last]);
    }

  const sent = d.cashouts.map((c) => c.sent);
  const settleOf = (c: CashOutResult) =>
    c.status === 'win' ? Math.max(c.reply, c.balance) - c.sent : Number.NaN;
  const settled = d.cashouts.map(settleOf);
  const byUser = new Map(d.server.bets.map((b) => [b.userId, b]));
  const ledgerLag = d.cashouts.map((c) => (byUser.get(d.userIds[c.index]!)?.payoutAt ?? NaN) - c.sent);
  const statuses: Record<string, number> = {};
  for (const c of d.cashouts) statuses[c.status] = (statuses[c.status] ?? 0) + 1;
  const claims = d.server.bets.filter((b) => b.cashoutKind === 'manual').map((b) => b.cashoutMs ?? NaN);
  const multipliers = d.cashouts.filter((c) => c.status === 'win').map((c) => Number(c.multiplier));

  const tickLatency = ofHistograms(d.reports.map((r) => r.all));
  const within = settled.filter((ms) => ms <= TARGETS.settleMs).length;
  const delivered = d.reports.reduce((a, r) => a + r.delivered, 0);
  const missing = d.reports.reduce((a, r) => a + r.missing, 0);
  const roles = d.cpu.roles;
  const known = Object.values(roles).reduce((a, ms) => a + ms, 0);
  const pct = (ms: number) => (ms / d.cpu.wallMs) * 100;
  return {
    betting: {
      spectatorsFirst: d.betting.spectatorsFirst,
      placed: d.betting.placed,
      seconds: d.betting.ms / 1000,
      reply: ofSorted(d.betting.latencies),
      errors: d.betting.errors,
    },
    ticks: {
      published: emits.length,
      intervals: ofValues(intervals),
      burstIntervalMax: Math.max(
        0,
        ...intervals.filter((_, i) => emits[i + 1]!.t >= d.burstFrom && emits[i]!.t < d.burstTo),
      ),
      publishMs: ofValues(emits.map((e) => e.sendMs)),
      publishCpuMs: ofValues(emits.map((e) => e.sendCpuMs)),
      burstCpu: burstCpu(emits, d.burstFrom, d.burstTo),
      largestFrame: { bytes: largest.bytes, cashOuts: largest.cashOuts },
      loopDelay: { p99: d.server.loopP99, max: d.server.loopMax },
    },
    delivery: {
      spectators: d.reports.reduce((a, r) => a + r.connected, 0),
      delivered,
      missing,
      closedDuringRun: d.reports.reduce((a, r) => a + r.closedDuringRun, 0),
      all: tickLatency,
      quiet: ofHistograms(d.reports.map((r) => r.quiet)),
      burst: ofHistograms(d.reports.map((r) => r.burst)),
      spread: ofValues([...spreadByTick.values()].map(([first, last]) => last - first)),
      staleness: ofHistograms(d.reports.map((r) => r.staleness)),
    },
    cashOut: {
      requested: d.requested,
      sent: d.cashouts.length,
      sendSpreadMs: sent.length ? Math.max(...sent) - Math.min(...sent) : NaN,
      sentAtElapsed: sent.length ? Math.min(...sent) - d.startedAt : NaN,
      statuses,
      reply: ofValues(d.cashouts.map((c) => c.reply - c.sent)),
      balance: ofValues(d.cashouts.map((c) => c.balance - c.sent)),
      settled: ofValues(settled),
      ledger: ofValues(ledgerLag),
      within,
      claimedMs: range(claims),
      multipliers: range(multipliers),
      payouts: d.server.payouts,
      unpaid: d.server.unpaid,
      ledgerProblems: d.server.ledgerProblems,
    },
    cpu: {
      wallMs: d.cpu.wallMs,
      percent: Object.fromEntries(Object.entries(roles).map(([role, ms]) => [role, pct(ms)])),
      other: pct(Math.max(0, d.cpu.machineMs - known)),
    },
    pass: {
      tick: tickLatency.p99 < TARGETS.tickP99Ms,
      cashOut: within >= d.requested && d.requested > 0,
    },
  };
}

export type Summary = ReturnType<typeof summarize>;

/** A number for the report: thousands separators, `digits` decimals, 'n/a' when not finite. */
export const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';

const q = (x: Quantiles, digits = 1) =>
  `p50 ${fmt(x.p50, digits)} / p95 ${fmt(x.p95, digits)} / p99 ${fmt(x.p99, digits)} / max ${fmt(x.max, digits)} ms`;

/** Prints the summary and the two targets. */
export function printSummary(s: Summary, d: RunData): void {
  const t = s.ticks;
  const v = s.delivery;
  const c = s.cashOut;
  console.log(
    `\nRound: crash point ${(Number(d.crashPoint) / 100).toFixed(2)}x, ran ${fmt(d.bustMs / 1000, 1)} s;` +
      ` ${fmt(t.published)} ticks published (CRASH_TICK_MS ${d.tickMs})`,
  );
  console.log(
    `  tick interval (emit to emit):       ${q(t.intervals)}; longest around the burst ${fmt(t.burstIntervalMax, 1)} ms`,
  );
  console.log(`  server publish per tick (sync):     ${q(t.publishMs)}`);
  console.log(`  CPU time of that publish:           ${q(t.publishCpuMs)}`);
  console.log(
    `  largest tick frame:                 ${fmt(t.largestFrame.bytes)} bytes (${fmt(t.largestFrame.cashOuts)} cash-outs)`,
  );
  console.log(
    `  server event-loop delay (running):  p99 ${fmt(t.loopDelay.p99, 1)} ms, max ${fmt(t.loopDelay.max, 1)} ms`,
  );
  console.log(
    `\nTick delivery to ${fmt(v.spectators)} spectators: ${fmt(v.delivered)} frames received, ${fmt(v.missing)} missing,` +
      ` ${fmt(v.closedDuringRun)} sockets closed`,
  );
  console.log(`  emit -> receive, all ticks:         ${q(v.all)}`);
  console.log(`  emit -> receive, outside the burst: ${q(v.quiet)}`);
  console.log(`  emit -> receive, during the burst:  ${q(v.burst)}`);
  console.log(`  first -> last spectator per tick:   ${q(v.spread)}`);
  console.log(`  multiplier age at receipt:          ${q(v.staleness)}`);
  console.log(
    `\nCash-outs: ${fmt(c.sent)} of ${fmt(c.requested)} bettors sent CrashCashOut at elapsed ${fmt(c.sentAtElapsed)} ms,` +
      ` all within ${fmt(c.sendSpreadMs, 1)} ms; answers: ${Object.entries(c.statuses)
        .map(([k, n]) => `${k} ${fmt(n)}`)
        .join(', ')}`,
  );
  console.log(`  whisper reply (payout committed):   ${q(c.reply)}`);
  console.log(`  BalanceModification received:       ${q(c.balance)}`);
  console.log(`  settled (both received):            ${q(c.settled)}`);
  console.log(`  payout ledger transaction began:    ${q(c.ledger)}`);
  console.log(
    `  server CPU over the burst:          ${fmt(t.burstCpu.cpuMs)} ms of CPU in ${fmt(t.burstCpu.wallMs)} ms` +
      ` (from the tick before the first request to the first tick after the last answer)`,
  );
  console.log(
    `  claims (database clock):            elapsed ${fmt(c.claimedMs.from)} to ${fmt(c.claimedMs.to)} ms,` +
      ` multipliers paid ${fmt(c.multipliers.from, 2)}x to ${fmt(c.multipliers.to, 2)}x`,
  );
  console.log(
    `  ledger: ${fmt(c.payouts)} payout transfers, ${fmt(c.unpaid)} cashed-out bets unpaid,` +
      ` invariants ${c.ledgerProblems.length ? `BROKEN: ${c.ledgerProblems.join('; ')}` : 'OK'}`,
  );
  const cpu = Object.entries(s.cpu.percent)
    .map(([role, p]) => `${role} ${fmt(p)}%`)
    .join(', ');
  console.log(
    `\nCPU from the start of the run to the bust (of 200%): ${cpu}, other processes ${fmt(s.cpu.other)}%`,
  );
  console.log('\nTargets:');
  console.log(
    `  tick delivery p99 < ${TARGETS.tickP99Ms} ms: ${s.pass.tick ? 'PASS' : 'FAIL'} (p99 ${fmt(v.all.p99, 1)} ms` +
      `${v.missing ? `, ${fmt(v.missing)} frames missing` : ''})`,
  );
  console.log(
    `  ${fmt(c.requested)} cash-outs settled within ${TARGETS.settleMs / 1000} s: ${s.pass.cashOut ? 'PASS' : 'FAIL'}` +
      ` (${fmt(c.within)} of ${fmt(c.requested)}; max ${fmt(c.settled.max)} ms)`,
  );
}
