import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/test-server.js';
import { connectSocket } from './helpers/ws-client.js';

/**
 * Two real server processes on one PostgreSQL database and Redis. The leader (holder of the
 * advisory lock) runs the leader-only jobs; SIGKILL it and the other node must take over
 * within 10 s. Runs when DATABASE_URL and REDIS_URL are set (CI).
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Node {
  child: ChildProcess;
  output: () => string;
  nodeId: string;
  port: number;
  exited: Promise<unknown>;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!/Node: (\S+)/.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`node did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const nodeId = (/Node: (\S+)/.exec(out) as RegExpExecArray)[1] as string;
  const port = Number((/running at http:\/\/localhost:(\d+)/.exec(out) as RegExpExecArray)[1]);
  return { child, output: () => out, nodeId, port, exited };
}

describe.skipIf(!enabled)('leader failover between two server processes', () => {
  const nodes: Node[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    for (const n of nodes) n.child.kill('SIGKILL');
    await Promise.all(nodes.map((n) => n.exited));
    await db?.drop();
  });

  it('moves the leader-only jobs to the surviving node within 10 s of a SIGKILL', async () => {
    db = await createTestDatabase();
    const env = {
      DATABASE_URL: db.url as string,
      REDIS_URL: process.env.REDIS_URL as string,
      REDIS_PREFIX: db.name,
      PRESENCE_INTERVAL_MS: '300',
    };
    nodes.push(await startNode(env));
    nodes.push(await startNode(env));
    const leaderOf = async () =>
      (
        await db!.database.query<{ node_id: string }>(
          "select node_id from job_runs where name = 'realtime.online-count'",
        )
      )[0]?.node_id;
    let leaderId: string | undefined;
    const until = Date.now() + 15_000;
    while (!leaderId && Date.now() < until) {
      leaderId = await leaderOf();
      await new Promise((r) => setTimeout(r, 100));
    }
    const leader = nodes.find((n) => n.nodeId === leaderId);
    const survivor = nodes.find((n) => n.nodeId !== leaderId);
    expect(leader).toBeDefined();
    expect(survivor).toBeDefined();

    // A client on the survivor hears the leader's OnlineCount broadcasts before and after the kill.
    const sock = await connectSocket(`ws://127.0.0.1:${survivor!.port}/ws`);
    await sock.request({ type: 'subscribe', channel: 'Everyone' });
    await sock.next((f) => f.event === 'OnlineCount');

    leader!.child.kill('SIGKILL');
    const killedAt = Date.now();
    await leader!.exited;
    let now = leaderId;
    while (now === leaderId && Date.now() - killedAt < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
      now = await leaderOf();
    }
    if (now !== survivor!.nodeId) {
      const locks = await db!.database.query(
        "select l.pid, l.granted, a.state, a.query from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory'",
      );
      console.log('LOCKS', JSON.stringify(locks), '\nSURVIVOR OUTPUT\n', survivor!.output().slice(-3000));
    }
    expect(now).toBe(survivor!.nodeId);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    const seen = sock.frames.length;
    await sock.next((f) => f.event === 'OnlineCount' && sock.frames.indexOf(f) >= seen, 5000);
    sock.ws.terminate();
  }, 90_000);
});
