/**
 * The local aggregator (development and tests): the aggregator protocol served by the platform itself,
 * with one small studio hosting the games of games.ts for every provider game of the catalogue.
 *
 * - Operator API (signed by the operator with the merchant key, checked here like a real aggregator
 *   does): `GET /games` (the list, paged), `POST /games/init` (a real-money launch: the operator's
 *   player and session), `POST /games/init-demo` (fun credits, no wallet call). Both answer the URL of
 *   the game page this module serves (`/play/{token}`).
 * - The game page's spin: a real spin sends the operator a signed `bet` callback, then the `win` of the
 *   round (amount 0 on a loss, `finished=1`), through the operator's real callback route (Fastify
 *   `inject`), retrying the win (idempotent by its transaction id) when it does not get an answer.
 *   A demo spin moves only the page's fun credits.
 * - Launches live in this node's memory (a development server is one node); each has its own seed pair
 *   (server seed committed by its SHA-256 on the page, revealed on rotation) and nonce.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { generateServerSeed, hashServerSeed } from '@nebula/fairness';
import { parseWireAmount, toDecimalString } from '@nebula/money';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { allProviderGames } from '../catalogue/index.js';
import { listEnabledCurrencies } from '../currencies/index.js';
import {
  type AggregatorConfig,
  type FormMap,
  buildQuery,
  field,
  parseForm,
  signedHeaders,
  toEntries,
  verify,
} from '../slots/index.js';
import { type LocalEngine, type SpinOutcome, engineOf, payoutOf, spin } from './games.js';

export const LOCAL_GAME_PREFIX = 'nebula-';
const PER_PAGE = 50;
const MAX_LAUNCHES = 5_000;
const FUN_START = 100_000n; // 1,000.00 fun credits (2 decimals)

export interface LocalLaunch {
  token: string;
  gameUuid: string;
  gameName: string;
  providerName: string;
  engine: LocalEngine;
  demo: boolean;
  /** Real play: the operator's player, session and currency. */
  playerId?: string;
  sessionId?: string;
  currency: string;
  decimals: number;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** Demo play: the page's fun credits (atomic, 2 decimals). */
  fun: bigint;
  /** The seed pair revealed by the last rotation. */
  previous?: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
}

export interface SpinAnswer {
  ok: true;
  outcome: Omit<SpinOutcome, 'multiplier'> & { multiplier: string };
  bet: string;
  payout: string;
  balance: string;
  currency: string;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
}
export interface SpinRefusal {
  ok: false;
  code: string;
  message: string;
}

type Merchant = Extract<AggregatorConfig, { kind: 'local' }>;

/** The aggregator's side of a signed request: verified, else the reason. */
export function checkOperator(
  merchant: Merchant,
  headers: Record<string, string | string[] | undefined>,
  params: FormMap,
  now = Date.now(),
): string | null {
  const h = (n: string) => {
    const v = headers[n];
    return typeof v === 'string' ? v : undefined;
  };
  const merchantId = h('x-merchant-id');
  const timestamp = h('x-timestamp');
  const nonce = h('x-nonce');
  const signature = h('x-sign');
  if (!merchantId || !timestamp || !nonce || !signature) return 'Missing signature headers';
  if (merchantId !== merchant.merchantId) return 'Unknown merchant';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > 30)
    return 'Request expired';
  return verify(params, { merchantId, timestamp, nonce }, merchant.merchantKey, signature)
    ? null
    : 'Invalid signature';
}

const multiplierText = (m: { num: bigint; den: bigint }) => {
  const hundredths = (m.num * 100n) / m.den;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
};

export class LocalAggregator {
  private readonly launches = new Map<string, LocalLaunch>();
  private app: FastifyInstance | undefined;

  constructor(
    private readonly ctx: AppContext,
    readonly merchant: Merchant,
  ) {}

  attach(app: FastifyInstance): void {
    this.app = app;
  }

  /** The hosted games (one per provider game of the catalogue). */
  async games(): Promise<
    {
      uuid: string;
      name: string;
      provider: string;
      type: string;
      image: string;
      has_demo: boolean;
      engine: LocalEngine;
      id: string;
    }[]
  > {
    return (await allProviderGames(this.ctx.database)).map((g) => {
      const engine = engineOf(g.customCategory);
      return {
        uuid: `${LOCAL_GAME_PREFIX}${g.id}`,
        id: g.id,
        name: g.name,
        provider: g.providerName,
        type:
          g.customCategory === 'live' ? 'live' : g.customCategory === 'game-shows' ? 'game show' : 'slots',
        image: `/api/img/games/${g.id}.svg`,
        has_demo: true,
        engine,
      };
    });
  }

  /** `GET /games?page=N`. */
  async gamesPage(page: number): Promise<unknown> {
    const all = await this.games();
    const pageCount = Math.max(1, Math.ceil(all.length / PER_PAGE));
    const current = Math.min(Math.max(1, page), pageCount);
    const items = all
      .slice((current - 1) * PER_PAGE, current * PER_PAGE)
      .map(({ engine: _e, id: _i, ...g }) => g);
    return {
      items,
      _meta: { totalCount: all.length, pageCount, currentPage: current, perPage: PER_PAGE },
    };
  }

  /** `POST /games/init` and `/games/init-demo`: the launch URL, or an error message. */
  async init(params: FormMap, demo: boolean): Promise<{ url: string } | { error: string }> {
    const uuid = field(params, 'game_uuid') ?? '';
    const game = (await this.games()).find((g) => g.uuid === uuid);
    if (!game) return { error: 'Unknown game' };
    let currency = 'FUN';
    let decimals = 2;
    let playerId: string | undefined;
    let sessionId: string | undefined;
    if (!demo) {
      playerId = field(params, 'player_id');
      sessionId = field(params, 'session_id');
      currency = field(params, 'currency') ?? '';
      const known = (await listEnabledCurrencies(this.ctx.database)).find(
        (c) => c.id.toLowerCase() === currency.toLowerCase(),
      );
      if (!playerId || !sessionId || !known) return { error: 'Missing player, session or currency' };
      decimals = known.decimals;
    }
    if (this.launches.size >= MAX_LAUNCHES) this.launches.delete(this.launches.keys().next().value as string);
    const token = randomBytes(18).toString('base64url');
    this.launches.set(token, {
      token,
      gameUuid: game.uuid,
      gameName: game.name,
      providerName: game.provider,
      engine: game.engine,
      demo,
      playerId,
      sessionId,
      currency,
      decimals,
      serverSeed: generateServerSeed(),
      clientSeed: randomBytes(8).toString('hex'),
      nonce: 0,
      fun: FUN_START,
    });
    return { url: `/api/local-aggregator/play/${token}` };
  }

  launch(token: string): LocalLaunch | undefined {
    return this.launches.get(token);
  }

  /** What the page shows at load: the game, the committed seed and the balance. */
  async state(l: LocalLaunch): Promise<{ balance: string | null; serverSeedHash: string }> {
    let balance: string | null = toDecimalString(l.fun, 2);
    if (!l.demo) {
      const answer = await this.callback(l, { action: 'balance' });
      balance = typeof answer.balanceText === 'string' ? answer.balanceText : null;
    }
    return { balance, serverSeedHash: hashServerSeed(l.serverSeed) };
  }

  /** Reveals the seed pair and starts a new one (the client seed may change). */
  rotate(l: LocalLaunch, clientSeed?: string): LocalLaunch['previous'] {
    l.previous = {
      serverSeed: l.serverSeed,
      serverSeedHash: hashServerSeed(l.serverSeed),
      clientSeed: l.clientSeed,
      nonce: l.nonce,
    };
    l.serverSeed = generateServerSeed();
    if (clientSeed) l.clientSeed = clientSeed;
    l.nonce = 0;
    return l.previous;
  }

  /** One spin (see the module comment). */
  async spin(l: LocalLaunch, betText: string): Promise<SpinAnswer | SpinRefusal> {
    const parsed = parseWireAmount(betText, l.decimals);
    if (!parsed.ok || parsed.value <= 0n)
      return { ok: false, code: 'invalid_bet', message: 'Enter a valid bet.' };
    const wager = parsed.value;
    const nonce = l.nonce;
    const outcome = spin(l.engine, l.serverSeed, l.clientSeed, nonce);
    const payout = payoutOf(wager, outcome.multiplier);
    const money = (v: bigint) => toDecimalString(v, l.decimals);
    let balance: string;
    if (l.demo) {
      if (wager > l.fun) return { ok: false, code: 'INSUFFICIENT_FUNDS', message: 'Not enough fun credits.' };
      l.nonce++;
      l.fun = l.fun - wager + payout;
      balance = money(l.fun);
    } else {
      l.nonce++;
      const round = `${l.token.slice(0, 10)}-${nonce}`;
      const bet = await this.callback(l, {
        action: 'bet',
        amount: money(wager),
        transaction_id: `bet-${randomUUID()}`,
        round_id: round,
        type: 'bet',
        finished: 0,
      });
      if (bet.error_code)
        return { ok: false, code: String(bet.error_code), message: String(bet.error_description) };
      const win = {
        action: 'win',
        amount: money(payout),
        transaction_id: `win-${randomUUID()}`,
        round_id: round,
        type: 'win',
        finished: 1,
      };
      let answer = await this.callback(l, win);
      for (
        let attempt = 0;
        attempt < 3 && answer.error_code === 'INTERNAL_ERROR' && answer.transport;
        attempt++
      )
        answer = await this.callback(l, win);
      if (answer.error_code)
        return { ok: false, code: String(answer.error_code), message: String(answer.error_description) };
      balance = String(answer.balanceText);
    }
    return {
      ok: true,
      outcome: { ...outcome, multiplier: multiplierText(outcome.multiplier) },
      bet: money(wager),
      payout: money(payout),
      balance,
      currency: l.currency,
      nonce,
      serverSeedHash: hashServerSeed(l.serverSeed),
      clientSeed: l.clientSeed,
    };
  }

  /**
   * Sends a signed callback for a real launch to the operator's callback route; the answer's fields,
   * with the balance also as the exact text the operator wrote (`balanceText`).
   */
  async callback(l: LocalLaunch, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const full = {
      ...params,
      player_id: l.playerId,
      session_id: l.sessionId,
      currency: l.currency,
      game_uuid: l.gameUuid,
    };
    const res = await this.send(toEntries(full));
    return res.answer;
  }

  /**
   * Posts `params` to the operator's callback route, signed (or with the headers given), and returns
   * the HTTP status and the parsed answer (`transport: true` when no JSON answer came back).
   */
  async send(
    params: FormMap,
    headers?: Record<string, string>,
  ): Promise<{ status: number; answer: Record<string, unknown> }> {
    if (!this.app) throw new Error('the local aggregator is not registered yet');
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/slots/callback',
      headers: {
        ...(headers ?? signedHeaders(params, this.merchant)),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: buildQuery(params),
    });
    try {
      const answer = JSON.parse(res.payload) as Record<string, unknown>;
      const m = /"balance":(\d+(?:\.\d+)?)/.exec(res.payload);
      if (m) answer.balanceText = m[1];
      return { status: res.statusCode, answer };
    } catch {
      return {
        status: res.statusCode,
        answer: {
          error_code: 'INTERNAL_ERROR',
          error_description: `HTTP ${res.statusCode}`,
          transport: true,
        },
      };
    }
  }
}

/** A signed operator request's params (query string or form body) as the aggregator reads them. */
export function operatorParams(raw: string): FormMap | null {
  return parseForm(raw);
}
