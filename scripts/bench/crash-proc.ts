/**
 * Crash round benchmark, the coordinator's child processes: forking, the message inbox, stopping.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt } from './crash-report.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TSX = import.meta.resolve('tsx');

const procs = new Set<Proc<unknown, { type: string }>>();

/**
 * A forked benchmark process (run through tsx) and its messages: a message that arrives before it is
 * waited for stays in the inbox, so the order of arrival does not matter to the coordinator.
 */
export class Proc<Cmd, Msg extends { type: string }> {
  readonly child: ChildProcess;
  readonly name: string;
  private readonly inbox: Msg[] = [];
  private wake: (() => void) | undefined;
  private gone: string | undefined;

  constructor(file: string, env: NodeJS.ProcessEnv, execArgv: string[] = []) {
    this.name = file;
    this.child = fork(path.join(here, file), [], {
      execArgv: ['--import', TSX, ...execArgv],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env,
    });
    procs.add(this as Proc<unknown, { type: string }>);
    this.child.on('message', (m: Msg) => {
      this.inbox.push(m);
      this.wake?.();
    });
    this.child.on('exit', (code, signal) => {
      this.gone = `exited (${code ?? signal})`;
      this.wake?.();
    });
  }

  send(cmd: Cmd): void {
    if (this.child.connected) this.child.send(cmd as object);
  }

  /** The next message of `type` (and `where`); rejects on an error message, exit or timeout. */
  async next<T extends Msg['type']>(
    type: T,
    timeoutMs: number,
    where: (m: Extract<Msg, { type: T }>) => boolean = () => true,
  ): Promise<Extract<Msg, { type: T }>> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const failure = this.inbox.find((m) => m.type === 'error') as { message?: string } | undefined;
      if (failure) throw new Error(`${this.name}: ${failure.message}`);
      const i = this.inbox.findIndex((m) => m.type === type && where(m as Extract<Msg, { type: T }>));
      if (i >= 0) return this.inbox.splice(i, 1)[0] as Extract<Msg, { type: T }>;
      if (this.gone) throw new Error(`${this.name} ${this.gone} while waiting for '${type}'`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no '${type}' from ${this.name} within ${fmt(timeoutMs / 1000)} s`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Asks the process to exit (it cleans up), and kills it after 8 s. */
  async stop(): Promise<void> {
    if (this.gone) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send({ type: 'exit' } as Cmd);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 8_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Kills every process still running (on exit, ctrl-C, or a failed run). */
export const killAll = () => {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
};
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    console.error(`\n${signal}: stopping (a scratch database may be left behind).`);
    killAll();
    process.exit(130);
  });

/** Stops every process started so far. */
export const stopAll = () => Promise.all([...procs].map((p) => p.stop()));
