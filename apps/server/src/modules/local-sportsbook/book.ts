/**
 * The local sportsbook: a stand-in for the external sportsbook provider in development and tests
 * (decision 0034). It offers a few simulated events of each of the external sportsbook's sports, checks
 * the player JWT as a provider does (our ES256 public key, our brand as issuer, not expired), and moves
 * money only by calling the operator wallet with signed JWT payloads (`bet/make` then `bet/commit`; a
 * make that failed without an answer is discarded; staff settlement sends `bet/win`, `bet/lost` or
 * `bet/refund`, then `bet/settlement`), through the real routes (Fastify `inject`).
 *
 * Its own state (events, bets) lives in this node's memory: a development server is one node.
 */
import { createHash, createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import {
  EXTERNAL_SPORTS,
  type LocalSportBet,
  type LocalSportEvent,
  EXTERNAL_SPORT_ERROR_TEXT,
} from '@nebula/contracts';
import { parseWireAmount, toDecimalString } from '@nebula/money';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { listEnabledCurrencies } from '../currencies/index.js';
import { signWalletCall, verifyJwt } from '../external-sports/index.js';

/** What the local sportsbook needs of the operator's configuration. */
export interface LocalBookConfig {
  brandId: string;
  operatorKey: KeyObject;
  localProviderKey: KeyObject;
}

/** A verified player JWT. */
export interface LocalPlayer {
  id: string;
  name: string;
  currency: string;
  session: string;
}

interface Bet extends LocalSportBet {
  player: string;
  /** The operator's id of the bet (bet/make's answer), which results name. */
  walletId: string;
  extId: string;
  atomic: bigint;
  decimals: number;
}

/** Two-way sports (no draw). */
const TWO_WAY = new Set([
  'tennis-5',
  'basketball-2',
  'table-tennis-20',
  'volleyball-23',
  'baseball-3',
  'boxing-10',
  'mma-117',
  'darts-22',
  'snooker-19',
  'badminton-31',
  'counter-strike-109',
  'american-football-16',
  'golf-9',
  'cycling-17',
  'formula-1-40',
]);

const TEAMS = [
  ['Northbridge', 'Eastvale', 'Harbor City', 'Redwood', 'Silver Lake', 'Granite Falls'],
  ['A. Varga', 'L. Moreau', 'K. Tanaka', 'R. Silva', 'J. Novak', 'M. Okafor'],
];
const INDIVIDUAL = new Set([
  'tennis-5',
  'table-tennis-20',
  'boxing-10',
  'mma-117',
  'darts-22',
  'snooker-19',
  'badminton-31',
  'golf-9',
  'cycling-17',
  'formula-1-40',
]);

/** A number in [0, 1) from `seed` (the same on every start). */
const unit = (seed: string) => createHash('sha256').update(seed).digest().readUInt32BE(0) / 2 ** 32;

/** Decimal odds of probability `p` with a 6% margin, two decimals, at least 1.05. */
const oddsOf = (p: number) => Math.max(1.05, Math.floor((100 / (p * 1.06)) | 0) / 100).toFixed(2);

/** Odds text as a ratio of integers ("2.35" -> 235/100). */
export function oddsRatio(text: string): { num: bigint; den: bigint } {
  const [whole, frac = ''] = text.split('.');
  const den = 10n ** BigInt(frac.length);
  return { num: BigInt(`${whole}${frac}`), den };
}

/** The events of every sport, made once from fixed seeds. */
function makeEvents(now: number): LocalSportEvent[] {
  const events: LocalSportEvent[] = [];
  EXTERNAL_SPORTS.forEach((sport, si) => {
    const names = TEAMS[INDIVIDUAL.has(sport.slug) ? 1 : 0]!;
    for (let j = 0; j < 3; j++) {
      const home = names[(si + j * 2) % names.length]!;
      const away = names[(si + j * 2 + 1) % names.length]!;
      const id = `${sport.slug}-e${j + 1}`;
      const strength = 0.25 + unit(id) * 0.5;
      const twoWay = TWO_WAY.has(sport.slug);
      const draw = twoWay ? 0 : 0.22 + unit(`${id}:d`) * 0.08;
      const pHome = (1 - draw) * strength;
      const pAway = 1 - draw - pHome;
      const outcomes = [
        { id: `${id}-1`, name: home, odds: oddsOf(pHome) },
        ...(twoWay ? [] : [{ id: `${id}-x`, name: 'Draw', odds: oddsOf(draw) }]),
        { id: `${id}-2`, name: away, odds: oddsOf(pAway) },
      ];
      events.push({
        id,
        sport: sport.slug,
        sportName: sport.name,
        tournament: `${sport.name} · Simulated League`,
        home,
        away,
        startsAt: new Date(now + (j === 0 ? -35 : j === 1 ? 150 : 26 * 60) * 60_000).toISOString(),
        live: j === 0,
        status: 'open',
        result: null,
        market: twoWay ? 'Winner' : '1x2',
        outcomes,
      });
    }
  });
  return events;
}

export type BetAnswer =
  { ok: true; bet: LocalSportBet; balance: string } | { ok: false; code: number; message: string };

export class LocalSportsbook {
  private readonly events: LocalSportEvent[];
  private readonly bets = new Map<string, Bet>();
  private readonly operatorPublic: KeyObject;
  private app: FastifyInstance | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly config: LocalBookConfig,
  ) {
    this.events = makeEvents(Date.now());
    this.operatorPublic = createPublicKey(config.operatorKey);
  }

  attach(app: FastifyInstance): void {
    this.app = app;
  }

  list(filter: { sport?: string | undefined; live?: boolean | undefined }): LocalSportEvent[] {
    return this.events.filter(
      (e) =>
        (!filter.sport || e.sport === filter.sport) && (filter.live === undefined || e.live === filter.live),
    );
  }

  /** The player of a JWT the operator signed for us, or null. */
  async player(token: string): Promise<LocalPlayer | null> {
    const claims = await verifyJwt(token, this.operatorPublic, { requireExp: true });
    if (!claims || claims.iss !== this.config.brandId) return null;
    const { sub, name, currency, jti } = claims;
    if (typeof sub !== 'string' || typeof currency !== 'string' || typeof jti !== 'string') return null;
    return { id: sub, name: typeof name === 'string' ? name : '', currency, session: jti };
  }

  betsOf(player: LocalPlayer): LocalSportBet[] {
    return [...this.bets.values()]
      .filter((b) => b.player === player.id)
      .sort((a, b) => b.placedAt.localeCompare(a.placedAt))
      .slice(0, 50)
      .map(publicBet);
  }

  /**
   * One call to the operator wallet through its real route, signed as the provider signs it (the
   * emulator's scenarios may sign with another key or at another time).
   */
  async callWallet(
    operation: string,
    data: Record<string, unknown>,
    sign: { key?: KeyObject; now?: number } = {},
  ): Promise<{ status: number; answer: Record<string, unknown> }> {
    if (!this.app) throw new Error('the local sportsbook is not registered yet');
    const payload = await signWalletCall(
      sign.key ?? this.config.localProviderKey,
      this.config.brandId,
      data,
      sign.now,
    );
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/external-sports/wallet/bet/${operation}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ payload }),
    });
    let answer: Record<string, unknown> = {};
    try {
      answer = res.json() as Record<string, unknown>;
    } catch {
      answer = { message: res.payload.slice(0, 200) };
    }
    return { status: res.statusCode, answer };
  }

  private async decimalsOf(currency: string): Promise<number | undefined> {
    return (await listEnabledCurrencies(this.ctx.database)).find((c) => c.id === currency.toLowerCase())
      ?.decimals;
  }

  /** The data of a `bet/make` of a single on `outcome` of `event` (as the provider sends it). */
  makeData(b: {
    player: Pick<LocalPlayer, 'id' | 'currency' | 'session'>;
    extId: string;
    slipId: string;
    amount: bigint;
    potential: bigint;
    event: LocalSportEvent;
    outcome: { name: string; odds: string };
  }): Record<string, unknown> {
    const { player, event, outcome, slipId } = b;
    const amount = Number(b.amount);
    const common = {
      player_id: `lsb-player-${player.id.slice(0, 8)}`,
      operator_id: 'local',
      operator_brand_id: this.config.brandId,
      ext_player_id: player.id,
      currency: player.currency,
    };
    return {
      amount,
      currency: player.currency,
      player_id: player.id,
      session_id: player.session,
      transaction: {
        id: b.extId,
        betslip_id: slipId,
        ...common,
        timestamp: Date.now(),
        amount,
        operation: 'bet',
      },
      betslip: {
        id: slipId,
        timestamp: Date.now(),
        ...common,
        type: '1/1',
        sum: amount,
        k: outcome.odds,
        bets: [
          {
            id: `sel-${randomUUID()}`,
            event_id: event.id,
            sport_id: event.sport,
            live: event.live,
            sport_name: event.sportName,
            tournament_name: event.tournament,
            competitor_name: [event.home, event.away],
            market_name: event.market,
            outcome_name: outcome.name,
            scheduled: Math.floor(Date.parse(event.startsAt) / 1000),
            odds: outcome.odds,
          },
        ],
      },
      potential_win: Number(b.potential),
    };
  }

  /** The data of a bet's result (`bet/win`, `bet/lost`, `bet/refund`) paying `amount`. */
  resultData(
    operation: 'win' | 'lost' | 'refund',
    bet: { walletId: string; extId: string; slipId: string; player: string; currency: string; odds: string },
    amount: bigint,
    eventId: string,
  ): Record<string, unknown> {
    const transaction = {
      id: `lsb-${operation}-${randomUUID()}`,
      betslip_id: bet.slipId,
      player_id: `lsb-player-${bet.player.slice(0, 8)}`,
      operator_id: 'local',
      operator_brand_id: this.config.brandId,
      ext_player_id: bet.player,
      timestamp: Date.now(),
      amount: Number(amount),
      currency: bet.currency,
      operation,
      parent_transaction_id: bet.extId,
    };
    const selections = [
      { id: bet.slipId, event_id: eventId, status: operation === 'win' ? 'won' : 'lost', odds: bet.odds },
    ];
    return operation === 'win'
      ? {
          amount: Number(amount),
          currency: bet.currency,
          is_cashout: false,
          bet_transaction_id: bet.walletId,
          transaction,
          selections,
          odds: bet.odds,
        }
      : operation === 'lost'
        ? { bet_transaction_id: bet.walletId, transaction, selections }
        : { bet_transaction_id: bet.walletId, reason: 'Event cancelled', reason_code: 5, transaction };
  }

  async place(
    token: string,
    input: { event: string; outcome: string; stake: string; odds: string },
  ): Promise<BetAnswer> {
    const refuse = (code: number, message?: string): BetAnswer => ({
      ok: false,
      code,
      message: message ?? EXTERNAL_SPORT_ERROR_TEXT[code] ?? 'Bad request',
    });
    const player = await this.player(token);
    if (!player) return refuse(2005, 'Your session has expired. Reload the page.');
    const event = this.events.find((e) => e.id === input.event);
    const outcome = event?.outcomes.find((o) => o.id === input.outcome);
    if (!event || !outcome || event.status !== 'open') return refuse(0, 'This selection is closed.');
    if (outcome.odds !== input.odds) return refuse(0, 'The odds have changed.');
    const decimals = await this.decimalsOf(player.currency);
    if (decimals === undefined) return refuse(2002);
    const stake = parseWireAmount(input.stake, decimals);
    if (!stake.ok || stake.value <= 0n) return refuse(0, 'Enter a stake.');
    if (stake.value > BigInt(Number.MAX_SAFE_INTEGER)) return refuse(0, 'The stake is too large.');
    const { num, den } = oddsRatio(outcome.odds);
    const potential = (stake.value * num) / den;
    const extId = `lsb-${randomUUID()}`;
    const slipId = `slip-${randomUUID()}`;
    const make = await this.callWallet(
      'make',
      this.makeData({ player, extId, slipId, amount: stake.value, potential, event, outcome }),
    );
    if (make.status !== 200) {
      if (make.status >= 500)
        await this.callWallet('discard', {
          ext_player_id: player.id,
          transaction_id: extId,
          reason: 'The bet could not be confirmed',
        });
      const code = typeof make.answer.code === 'number' ? make.answer.code : 2004;
      return refuse(code);
    }
    await this.callWallet('commit', { transaction_id: extId });
    const bet: Bet = {
      id: slipId,
      event: event.id,
      title: `${event.home} – ${event.away}`,
      outcome: outcome.name,
      odds: outcome.odds,
      stake: toDecimalString(stake.value, decimals),
      currency: player.currency,
      potentialWin: toDecimalString(potential, decimals),
      status: 'open',
      placedAt: new Date().toISOString(),
      player: player.id,
      walletId: String(make.answer.id),
      extId,
      atomic: stake.value,
      decimals,
    };
    this.bets.set(bet.id, bet);
    const balance = BigInt(String(make.answer.balance ?? 0));
    return { ok: true, bet: publicBet(bet), balance: toDecimalString(balance, decimals) };
  }

  /**
   * Settles event `eventId` with the winning outcome `result` (or `cancel`: every bet refunded): each
   * open bet gets bet/win, bet/lost or bet/refund, then bet/settlement.
   */
  async settle(
    eventId: string,
    result: string,
  ): Promise<{ settled: number; calls: { operation: string; status: number; answer: unknown }[] } | null> {
    const event = this.events.find((e) => e.id === eventId);
    if (!event || (result !== 'cancel' && !event.outcomes.some((o) => o.id === result))) return null;
    const calls: { operation: string; status: number; answer: unknown }[] = [];
    let settled = 0;
    for (const bet of this.bets.values()) {
      if (bet.event !== eventId || bet.status !== 'open') continue;
      const selection = event.outcomes.find((o) => o.name === bet.outcome);
      const won = selection?.id === result;
      const operation = result === 'cancel' ? 'refund' : won ? 'win' : 'lost';
      const { num, den } = oddsRatio(bet.odds);
      const amount =
        operation === 'refund' ? bet.atomic : operation === 'win' ? (bet.atomic * num) / den : 0n;
      const data = this.resultData(
        operation,
        { ...bet, slipId: bet.id, player: bet.player },
        amount,
        event.id,
      );
      const r = await this.callWallet(operation, data);
      calls.push({ operation, ...r });
      if (r.status !== 200) continue;
      bet.status = operation === 'win' ? 'won' : operation === 'lost' ? 'lost' : 'refund';
      const status = operation === 'refund' ? 'refund' : operation === 'win' ? 'won' : 'lost';
      calls.push({
        operation: 'settlement',
        ...(await this.callWallet('settlement', { bet_transaction_id: bet.walletId, status })),
      });
      settled += 1;
    }
    event.status = 'settled';
    event.result = result;
    return { settled, calls };
  }
}

function publicBet(b: Bet): LocalSportBet {
  return {
    id: b.id,
    event: b.event,
    title: b.title,
    outcome: b.outcome,
    odds: b.odds,
    stake: b.stake,
    currency: b.currency,
    potentialWin: b.potentialWin,
    status: b.status,
    placedAt: b.placedAt,
  };
}
