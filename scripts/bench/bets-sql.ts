/**
 * The statements of one dice bet, written once and run two ways: by the raw-SQL baseline (named
 * prepared statements through `pg`, bets-load.ts) and by pgbench (the script `pgbenchScript` renders,
 * run with `-M prepared`). Both therefore send the same statements, in the same transactions, with
 * the same win branch.
 *
 * The texts are imported from the server's modules (the exported constants the engine, the ledger,
 * the seeds and the auth module send), so the baselines stay in step with the engine by construction;
 * only the transaction shape below (which statements, in which transactions) is written here, and it
 * must follow games.service.ts and ledger.service.ts.
 *
 * `ledger` (the default): the writes of a bet as the engine sends them, ONE transaction (G1):
 *   nextval('bets_id_seq')                                                    the bet id
 *   begin
 *   transfer + postings + player balance, one statement (TRANSFER_ONE_SQL)     wager
 *   update seed_pairs set nonce = nonce + 1 ... returning                     nonce
 *   insert the wager record (RECORD_SQL)                                      bet row
 *   on a win: TRANSFER_ONE_SQL again                                          payout
 *   commit
 * (The engine reads the bet id in its pre-bet statement, PREBET_SQL, with its checks; this set sends
 * only the `nextval`: the baseline does no more than a bet needs.)
 * `all`: every statement the server sends for the same HTTP call: the bearer session lookup (one
 * statement), PREBET_SQL (settings, currency, self-exclusion, live-feed player, seed pair check and
 * the bet id) in place of the bare `nextval`, then the same writes. (The server coalesces both reads
 * of concurrent requests into one statement each, decision 0020; this set reads them per bet, with
 * the same texts and arrays of one.) (The price is read from the price
 * feed's one-second memory cache: about one read per second per server, not per bet.)
 */
import { RESOLVE_TOKENS_SQL } from '../../apps/server/src/modules/auth/sessions.service.js';
import { PREBET_SQL } from '../../apps/server/src/modules/games/games.service.js';
import { RECORD_SQL } from '../../apps/server/src/modules/wagers/record.js';
import { TRANSFER_ONE_SQL } from '../../apps/server/src/modules/ledger/ledger.service.js';
import { TAKE_NONCE_SQL } from '../../apps/server/src/modules/seeds/seeds.service.js';
import { LAST_SEEN_RESOLUTION_SECONDS } from '../../apps/server/src/modules/auth/sessions.service.js';
import {
  ACCOUNT_BASE,
  CURRENCY,
  DICE_PARAMS,
  HOUSE_EDGE_BPS,
  PLAYER_ID_SQL_PREFIX,
  WAGER,
  WAGER_ATOMIC,
  WIN_MULTIPLIER,
  WIN_MULTIPLIER_FIXED,
  WIN_PAYOUT_ATOMIC,
} from './bets-shared.js';

export type StatementSet = 'ledger' | 'all';

/** What one bet's statements read and write, for the raw-SQL runner. */
export interface BetContext {
  userId: string;
  /** sha256 hex of the player's bearer token (the `all` set's session lookup). */
  tokenHash: string;
  account: string;
  house: string;
  /** The dice roll, 0..10000 (uniform, as the game's float maps to it). */
  roll: number;
  betId: string;
  seedId: string;
  nonce: string;
}

export const isWin = (roll: number): boolean => roll > DICE_PARAMS.target;

/** One parameterised statement. */
export interface Statement {
  /** Prepared-statement name (raw runner). */
  name: string;
  sql: string;
  /** Parameter values for the raw runner, in $n order. */
  values(c: BetContext): unknown[];
  /** pgbench expressions for $1..$n (pgbench variables are `:name`). */
  pgbench: string[];
  /**
   * The returned row's columns go into the context (raw) and into pgbench variables `{gset}{column}`
   * ('' for the bare column names).
   */
  gset?: string;
  into?(c: BetContext, row: Record<string, string>): void;
}

export type Step = Statement | 'begin' | 'commit' | { ifWin: Step[] };

const PAYOUT = WIN_PAYOUT_ATOMIC.toString();
const WAGER_S = WAGER_ATOMIC.toString();
const metadata = (betId: string) => JSON.stringify({ game: 'dice', bet: betId });
// pgbench substitutes `:name` even inside string literals: no literal here may contain `:` + a letter
// or digit (hence ':' || 'wager' below, and the spaces in the params JSON).
const PG_METADATA = `'{"game":"dice","bet":"' || :bet_id || '"}'`;
const PG_USER = `('${PLAYER_ID_SQL_PREFIX}' || lpad((:client_id)::text, 12, '0'))::uuid`;
// sha256 of playerToken(:client_id), computed in SQL (pgbench has no per-client strings).
const PG_TOKEN_HASH = `encode(sha256(('bets-bench-' || :client_id)::bytea), 'hex')`;

const nextBetId: Statement = {
  name: 'bet_id',
  sql: "select nextval('bets_id_seq')::text as id",
  values: () => [],
  pgbench: [],
  gset: 'bet_',
  into: (c, row) => (c.betId = row.id as string),
};

/** The engine's wager and payout: one ledger statement each (the player's account and the house). */
const transfer = (leg: 'wager' | 'payout'): Statement => {
  const win = leg === 'payout';
  const amount = win ? PAYOUT : WAGER_S;
  return {
    name: leg,
    sql: TRANSFER_ONE_SQL,
    values: (c) => [
      `bet:${c.betId}:${leg}`,
      win ? 'win' : 'bet',
      CURRENCY,
      amount,
      win ? c.house : c.account,
      win ? c.account : c.house,
      metadata(c.betId),
      c.account,
      win ? amount : `-${amount}`,
    ],
    pgbench: [
      `'bet:' || :bet_id || ':' || '${leg}'`,
      win ? `'win'` : `'bet'`,
      `'${CURRENCY}'`,
      win ? ':payout' : ':wager',
      win ? ':house' : ':acct',
      win ? ':acct' : ':house',
      PG_METADATA,
      ':acct',
      win ? ':payout' : ':neg_wager',
    ],
    // No row means the key was used before: the runner fails the bet.
    gset: `${leg}_`,
    into: () => undefined,
  };
};

const nonce: Statement = {
  name: 'nonce',
  sql: TAKE_NONCE_SQL,
  values: (c) => [c.userId],
  pgbench: [PG_USER],
  gset: 'seed_',
  into: (c, row) => {
    c.seedId = row.id as string;
    c.nonce = row.nonce as string;
  },
};

/** The engine's wager record (modules/wagers RECORD_SQL: arrays of one element here). */
const record: Statement = {
  name: 'bet',
  sql: RECORD_SQL,
  values: (c) => {
    const win = isWin(c.roll);
    const payout = win ? WIN_PAYOUT_ATOMIC : 0n;
    return [
      [c.betId],
      [c.userId],
      ['dice'],
      [CURRENCY],
      [false],
      [WAGER_S],
      [win ? WIN_MULTIPLIER_FIXED : '0'],
      [win ? WIN_MULTIPLIER.num.toString() : '0'],
      [win ? WIN_MULTIPLIER.den.toString() : '1'],
      [payout.toString()],
      [(payout - WAGER_ATOMIC).toString()],
      [c.seedId],
      [c.nonce],
      [JSON.stringify(DICE_PARAMS)],
      [JSON.stringify({ roll: c.roll })],
      [HOUSE_EDGE_BPS],
      [WAGER],
      ['originals'],
      [null],
      [null],
      ['0'],
    ];
  },
  pgbench: [
    'array[:bet_id]',
    `array[${PG_USER}]`,
    `array['dice']`,
    `array['${CURRENCY}']`,
    'array[false]',
    'array[:wager]',
    'array[:mult]',
    'array[:mnum]',
    'array[:mden]',
    'array[:payout]',
    'array[:profit]',
    'array[:seed_id]',
    'array[:seed_nonce]',
    `array['${JSON.stringify(DICE_PARAMS).replaceAll('":', '": ')}']`,
    `array['{"roll":' || :roll || '}']`,
    `array[${HOUSE_EDGE_BPS}]`,
    `array['${WAGER}']`,
    `array['originals']`,
    'array[null::text]',
    'array[null::timestamptz]',
    'array[0]',
  ],
  // No row means the bet was not inserted: the runner fails the bet.
  gset: 'record_',
  into: () => undefined,
};

/** The bet's transaction: wager, nonce, record and, on a win, the payout. */
const bet: Step[] = ['begin', transfer('wager'), nonce, record, { ifWin: [transfer('payout')] }, 'commit'];

// ---- The reads of the `all` set, as the server sends them.

const byToken = (name: string, sql: string, seconds: number): Statement => ({
  name,
  sql,
  values: (c) => [[c.tokenHash], seconds],
  pgbench: [`array[${PG_TOKEN_HASH}]`, String(seconds)],
});

const session = byToken('session', RESOLVE_TOKENS_SQL, LAST_SEEN_RESOLUTION_SECONDS);

/** The engine's pre-bet statement; its `bet_id` column is the bet id (pgbench: `:bet_id`). */
const prebet: Statement = {
  name: 'prebet',
  sql: PREBET_SQL,
  values: (c) => [[CURRENCY], [c.userId], ['dice']],
  pgbench: [`array['${CURRENCY}']`, `array[${PG_USER}]`, `array['dice']`],
  gset: '',
  into: (c, row) => (c.betId = row.bet_id as string),
};

/** The steps of one bet for a statement set. */
export function betSteps(set: StatementSet): Step[] {
  if (set === 'ledger') return [nextBetId, ...bet];
  return [session, prebet, ...bet];
}

/** Round trips of one bet (lost, won). */
export function roundTrips(set: StatementSet): { lose: number; win: number } {
  const count = (steps: Step[], win: boolean): number =>
    steps.reduce(
      (n, s) => n + (typeof s === 'object' && 'ifWin' in s ? (win ? count(s.ifWin, win) : 0) : 1),
      0,
    );
  const steps = betSteps(set);
  return { lose: count(steps, false), win: count(steps, true) };
}

/**
 * The pgbench script of one bet (run with `-M prepared`): client `:client_id` plays as player
 * `:client_id`, whose account is `ACCOUNT_BASE + :client_id`; `house` is the house account's id.
 */
export function pgbenchScript(set: StatementSet, house: string): string {
  const lines = [
    `-- One dice bet (${set} statements), generated by scripts/bench/bets-sql.ts.`,
    `\\set acct ${ACCOUNT_BASE} + :client_id`,
    `\\set house ${house}`,
    `\\set wager ${WAGER_S}`,
    `\\set neg_wager 0 - :wager`,
    `\\set roll random(0, 10000)`,
    `\\set payout 0`,
    `\\set mult 0`,
    `\\set mnum 0`,
    `\\set mden 1`,
    `\\if :roll > ${DICE_PARAMS.target}`,
    `\\set payout ${PAYOUT}`,
    `\\set mult ${WIN_MULTIPLIER_FIXED}`,
    `\\set mnum ${WIN_MULTIPLIER.num}`,
    `\\set mden ${WIN_MULTIPLIER.den}`,
    `\\endif`,
    `\\set profit :payout - :wager`,
  ];
  const render = (steps: Step[]) => {
    for (const s of steps) {
      if (s === 'begin' || s === 'commit') lines.push(`${s};`);
      else if ('ifWin' in s) {
        lines.push(`\\if :roll > ${DICE_PARAMS.target}`);
        render(s.ifWin);
        lines.push('\\endif');
      } else {
        const sql = s.sql
          .replace(/\s+/g, ' ')
          .replace(/\$(\d+)/g, (_, n: string) => `(${s.pgbench[Number(n) - 1]})`);
        lines.push(s.gset !== undefined ? `${sql} \\gset ${s.gset}`.trimEnd() : `${sql};`);
      }
    }
  };
  render(betSteps(set));
  return `${lines.join('\n')}\n`;
}

/**
 * The database's own durable limit for a bet (G1's third baseline), independent of how the engine
 * splits its work: ONE statement per bet (pgbench, `-M prepared`) that debits the player with a balance
 * check and credits the payout in one update, records one transfer of the net amount with its two
 * postings (so the ledger invariants hold), and inserts the bet row.
 */
export function limitScript(house: string): string {
  const user = PG_USER;
  return `${[
    '-- One dice bet as ONE statement (the durable limit), generated by scripts/bench/bets-sql.ts.',
    `\\set acct ${ACCOUNT_BASE} + :client_id`,
    `\\set house ${house}`,
    `\\set wager ${WAGER_S}`,
    `\\set roll random(0, 10000)`,
    `\\set payout 0`,
    `\\set mult 0`,
    `\\set mnum 0`,
    `\\set mden 1`,
    `\\if :roll > ${DICE_PARAMS.target}`,
    `\\set payout ${PAYOUT}`,
    `\\set mult ${WIN_MULTIPLIER_FIXED}`,
    `\\set mnum ${WIN_MULTIPLIER.num}`,
    `\\set mden ${WIN_MULTIPLIER.den}`,
    `\\endif`,
    `\\set net :payout - :wager`,
  ].join('\n')}
with a as (update ledger_accounts set balance = balance + (:net)::numeric where id = (:acct)::bigint and balance >= (:wager)::numeric returning id), t as (insert into ledger_transfers (idempotency_key, kind, currency, amount, debit_account, credit_account, metadata) select 'limit-' || nextval('bets_id_seq'), 'bet', '${CURRENCY}', abs((:net)::numeric), case when (:net)::numeric < 0 then (:acct)::bigint else (:house)::bigint end, case when (:net)::numeric < 0 then (:house)::bigint else (:acct)::bigint end, '{}'::jsonb from a returning id, debit_account, credit_account, amount), p as (insert into ledger_postings (transfer_id, account_id, currency, amount) select t.id, v.account, '${CURRENCY}', v.amount from t cross join lateral (values (t.debit_account, -t.amount), (t.credit_account, t.amount)) v (account, amount)) insert into bets (user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den, payout, profit, params, outcome, house_edge_bps, wager_usd, product) select ${user}, 'dice', '${CURRENCY}', false, (:wager)::numeric, (:mult)::bigint, (:mnum)::numeric, (:mden)::numeric, (:payout)::numeric, (:net)::numeric, '{}'::jsonb, ('{"roll": ' || (:roll)::text || '}')::jsonb, ${HOUSE_EDGE_BPS}, '${WAGER}', 'originals' from a;
`;
}
