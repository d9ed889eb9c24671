#!/usr/bin/env node
// `npm run dev:deposit -- --user NAME --currency btc --amount 0.01 [--chain btc]`: broadcasts an
// incoming transfer on the SIMULATED chain to the player's deposit address (development only). The
// deposit then travels the normal pipeline: the server's deposit job detects it, follows its
// confirmations (one block every 2 s) and credits it once through the ledger.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HELP = `Usage: npm run dev:deposit -- --user NAME --currency ID --amount DECIMAL [--chain ID] [--url URL]

Simulates an incoming deposit in development: a transfer on the simulated chain to the player's
deposit address (created if the player has none yet). The server's deposit job then detects it,
shows it confirming in the wallet history (one confirmation every 2 s) and credits it once the
chain's confirmations are reached (DEPOSIT_CONFIRMATIONS).

  --user      the player's user name (e.g. player, one of the development demo accounts)
  --currency  currency id: btc, eth, ltc, doge, bnb, trx, usdt, usdc
  --amount    decimal amount in that currency, e.g. 0.01
  --chain     chain id when the currency has several (usdt: eth, bsc, trx); default: its first chain
  --url       the running server (default http://127.0.0.1:$PORT)

How it reaches the server (never in production: NODE_ENV=production is refused):
  - With DATABASE_URL (PostgreSQL) it writes to the database directly, through the server's code.
  - On the embedded database (PGlite allows one process), it calls POST /api/dev/simulateDeposit on
    the running server. That route exists only when NODE_ENV=development and is authenticated by a
    random token the server writes at start to $DATA_DIR/dev-deposit.token (readable by its owner
    only): whoever can read the server's data folder may simulate deposits, nobody else. When the
    server is not running, the script opens the embedded database itself.
Run it with the same NODE_ENV, DATA_DIR / DATABASE_URL and PORT as the server.`;

function fail(message, code = 1) {
  process.stderr.write(`dev:deposit: ${message}\n`);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      user: { type: 'string' },
      currency: { type: 'string' },
      amount: { type: 'string' },
      chain: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${err.message}\n\n${HELP}`, 2);
}
if (args.help) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
for (const name of ['user', 'currency', 'amount']) {
  if (!args[name]) fail(`--${name} is required (see --help)`, 2);
}
const input = {
  user: args.user,
  currency: args.currency.toLowerCase(),
  amount: args.amount,
  ...(args.chain ? { chain: args.chain.toLowerCase() } : {}),
};

// Relative DATA_DIR is read from where npm was invoked, like `npm start` does.
process.chdir(process.env.INIT_CWD && existsSync(process.env.INIT_CWD) ? process.env.INIT_CWD : root);
register();
const load = (rel) => import(pathToFileURL(path.join(root, rel)).href);
const { loadConfig } = await load('apps/server/src/platform/config.ts');
let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  fail(err.message, 78);
}
if (config.mode === 'production') fail('refused: development deposits do not exist in production');

function report(r) {
  process.stdout.write(
    `Broadcast ${r.amount} ${r.currency} to ${r.user}'s ${r.chain} address ${r.address}\n` +
      `  txid ${r.txid}\n` +
      `  it is credited after ${r.requiredConfirmations} confirmation(s), one block every 2 s.\n`,
  );
}

async function direct() {
  const pino = (await import('pino')).default;
  const log = pino({ level: 'silent' });
  const { openDatabase, DatabaseLockedError } = await load('apps/server/src/db/client.ts');
  const { Ledger } = await load('apps/server/src/modules/ledger/index.ts');
  const { createDepositService } = await load('apps/server/src/modules/deposits/index.ts');
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
      log,
    });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      fail(
        'the server is running on the embedded database but no development token was found: ' +
          'start it with NODE_ENV=development and the same DATA_DIR, or pass --url.',
      );
    }
    throw err;
  }
  try {
    const service = createDepositService({ config, database, ledger: new Ledger(database), log });
    report(await service.simulateDeposit(input));
  } catch (err) {
    if (/relation .* does not exist/.test(String(err.message))) {
      fail('the database has no deposit tables yet: start the server once first (npm start).');
    }
    fail(err.message);
  } finally {
    await database.close();
  }
}

async function viaServer(token) {
  const url = (args.url ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
  let res;
  try {
    res = await fetch(`${url}/api/dev/simulateDeposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-dev-deposit-token': token },
      body: JSON.stringify(input),
    });
  } catch {
    return false; // not running: fall back to the database
  }
  const body = await res.json().catch(() => ({}));
  if (!res.ok) fail(`${res.status} ${body.message ?? res.statusText}`);
  report(body);
  return true;
}

if (config.databaseUrl) {
  await direct();
} else {
  const token = await fs.readFile(path.join(config.dataDir, 'dev-deposit.token'), 'utf8').catch(() => null);
  if (!(token && (await viaServer(token.trim())))) await direct();
}
