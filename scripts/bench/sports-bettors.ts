/**
 * Sportsbook benchmark, bettors process: each of the players (a session token each) places a
 * pre-match single of 1 USDT every `everyMs` (the first at a random offset within it) for `seconds`,
 * through POST /api/sports/bet over HTTP keep-alive, each on the next outcome in its own order (never
 * twice on one option: the slip refuses a double bet). Records every answer's latency and the
 * refusals by code.
 */
import { Agent, request } from 'node:http';
import { post } from './crash-shared.js';
import { exitWithParent } from './fanout-shared.js';
import { type BettorCommand, type BettorReply, CURRENCY, STAKE } from './sports-shared.js';

const tell = (msg: BettorReply) => post(msg);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function postJson(url: string, token: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          'x-requested-with': 'XMLHttpRequest',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function bet(cmd: Extract<BettorCommand, { type: 'bet' }>): Promise<void> {
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const end = start + cmd.seconds * 1000;
  const player = async (i: number) => {
    await sleep(Math.random() * cmd.everyMs);
    for (let k = 0; performance.now() < end && k < cmd.picks.length; k++) {
      const due = performance.now() + cmd.everyMs;
      const pick = cmd.picks[(i + k) % cmd.picks.length]!;
      const sent = performance.now();
      try {
        const res = await postJson(`${cmd.url}/api/sports/bet`, cmd.tokens[i]!, {
          type: 'single',
          selections: [{ outcome: pick.id, odds: pick.odds }],
          stake: STAKE,
          currency: CURRENCY,
          requestId: `bench-${i}-${k}-${Date.now()}`,
        });
        if (res.status === 200) latencies.push(performance.now() - sent);
        else {
          const code = (JSON.parse(res.text) as { code?: string | number }).code ?? res.status;
          errors[String(code)] = (errors[String(code)] ?? 0) + 1;
        }
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? 'network';
        errors[code] = (errors[code] ?? 0) + 1;
      }
      await sleep(Math.max(0, due - performance.now()));
    }
  };
  await Promise.all(cmd.tokens.map((_, i) => player(i)));
  const cpu = process.cpuUsage(cpu0);
  tell({
    type: 'bets',
    placed: latencies.length,
    errors,
    latencies,
    wallMs: performance.now() - start,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
}

exitWithParent(() => agent.destroy());

process.on('message', (cmd: BettorCommand) => {
  if (cmd.type === 'bet')
    void bet(cmd).catch((err: unknown) => tell({ type: 'error', message: String(err) }));
  else if (cmd.type === 'exit') process.disconnect();
});
