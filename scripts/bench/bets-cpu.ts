/**
 * CPU accounting for the bet benchmark, from Linux /proc (all figures NaN elsewhere): the machine's
 * busy time, and the CPU time of the processes of each role over a measured window, sampled every
 * 250 ms so that processes that exit before the end (pgbench and its backends) still count.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Busy CPU time of the whole machine so far, ms (all cores). */
export function machineBusyMs(): number {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system (idle iowait) irq softirq steal
    return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!) * TICK_MS;
  } catch {
    return NaN;
  }
}

function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime stime
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Which role a process plays in the phase, or undefined to ignore it. */
export type RoleOf = (pid: number, cmdline: string) => string | undefined;

/** The backends of one database: PostgreSQL titles them `postgres: user database host(port) state`. */
export const isBackendOf = (database: string) => (cmdline: string) =>
  cmdline.startsWith('postgres: ') && cmdline.split(' ').includes(database);

export interface CpuWindow {
  wallMs: number;
  /** Busy time of all cores together, ms. */
  machineMs: number;
  /** CPU time per role, ms. */
  roles: Record<string, number>;
}

/** Samples the CPU time of the processes `roleOf` picks, from `start()` to `stop()`. */
export class CpuSampler {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, { role: string; ms: number }>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private t0 = 0;
  private busy0 = 0;

  constructor(private readonly roleOf: RoleOf) {}

  private sample(): void {
    let pids: number[];
    try {
      pids = readdirSync('/proc')
        .filter((d) => /^\d+$/.test(d))
        .map(Number);
    } catch {
      return;
    }
    for (const pid of pids) {
      if (pid === process.pid) continue;
      const known = this.last.get(pid);
      const role = known?.role ?? this.roleOf(pid, commandLine(pid));
      if (!role) continue;
      const ms = processCpuMs(pid);
      if (ms === undefined) continue;
      // A process alive at the first sample counts from there; one born later, from zero.
      if (!this.first.has(pid)) this.first.set(pid, this.started ? 0 : ms);
      this.last.set(pid, { role, ms });
    }
  }

  start(): void {
    this.t0 = performance.now();
    this.busy0 = machineBusyMs();
    this.sample();
    this.started = true;
    this.timer = setInterval(() => this.sample(), 250);
  }

  stop(): CpuWindow {
    clearInterval(this.timer);
    this.sample();
    const roles: Record<string, number> = {};
    for (const [pid, { role, ms }] of this.last)
      roles[role] = (roles[role] ?? 0) + ms - (this.first.get(pid) ?? 0);
    return { wallMs: performance.now() - this.t0, machineMs: machineBusyMs() - this.busy0, roles };
  }
}
