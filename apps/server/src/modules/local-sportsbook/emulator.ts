/**
 * The local sportsbook's emulator (`/debugger/emulator/sportsbook`, development and staff only;
 * decision 0034): each scenario opens a player session for the caller as the launch does, checks its
 * player JWT as the provider does, and fires the provider's wallet calls at the real wallet route,
 * signed ES256 with the local sportsbook's key (or, where the scenario says, another key or an old
 * `iat`). Each step shows its request, the wallet's answer, the caller's real balance after it and its
 * change, and whether the answer is the one the protocol requires.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { type EmulatorStep, ExternalSportError, type SportsbookEmulatorScenario } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { CALL_MAX_AGE_S, externalSportsService } from '../external-sports/index.js';
import { playerBalance } from '../ledger/index.js';
import { type LocalSportsbook, oddsRatio } from './book.js';

interface Answer {
  status: number;
  answer: Record<string, unknown>;
}

interface Expectation {
  text: string;
  check: (r: Answer, balance: bigint) => boolean;
}

/** The scenarios' stakes are 0.01 of the currency; they need this many of them at least. */
const NEEDS_UNITS = 5n;

export async function runSportsbookScenario(
  ctx: AppContext,
  book: LocalSportsbook,
  caller: AuthUser,
  input: { scenario: SportsbookEmulatorScenario; currency: string },
  decimalsOf: (currency: string) => Promise<number | undefined>,
) {
  const currency = input.currency.toLowerCase();
  const decimals = await decimalsOf(currency);
  if (decimals === undefined) throw new AppError(422, 'unknown_currency', 'Unknown currency.');
  // A session as the launch opens it, its JWT checked as the provider checks it.
  const session = await externalSportsService.of(ctx).openSession(caller, currency);
  const player = await book.player(session.token);
  if (!player) throw new Error('the local sportsbook refused a player JWT the operator signed');
  const event = book.list({})[0];
  const outcome = event?.outcomes[0];
  if (!event || !outcome) throw new Error('the local sportsbook has no events');

  const balance = () => playerBalance(ctx.database, { user: caller.id, kind: 'real', currency });
  const money = (v: bigint) => toDecimalString(v, decimals);
  const unit = 10n ** BigInt(Math.max(decimals - 2, 0)); // 0.01 of a two-or-more-decimals currency
  const { num, den } = oddsRatio(outcome.odds);
  const winOf = (stake: bigint) => (stake * num) / den;
  const start = await balance();
  let last = start;
  const steps: EmulatorStep[] = [];

  const send = async (
    operation: string,
    note: string,
    data: Record<string, unknown>,
    expect: Expectation,
    signing: { label?: string; key?: import('node:crypto').KeyObject; now?: number } = {},
  ): Promise<Answer> => {
    const res = await book.callWallet(operation, data, signing);
    const after = await balance();
    steps.push({
      action: `bet/${operation}`,
      note,
      params: data,
      signing: signing.label ?? 'ES256, the local sportsbook key, iat now',
      status: res.status,
      answer: res.answer,
      expected: expect.check(res, after),
      expectation: expect.text,
      balance: money(after),
      change: money(after - last),
    });
    last = after;
    return res;
  };
  /** A 200 answer leaving the balance at `want` (a receipt's own balance must say the same). */
  const ok = (want: bigint, text: string): Expectation => ({
    text,
    check: (r, b) =>
      r.status === 200 &&
      b === want &&
      (r.answer.balance === undefined || String(r.answer.balance) === want.toString()),
  });
  const refused = (code: number, text: string): Expectation => ({
    text,
    check: (r, b) => r.status === 400 && r.answer.code === code && b === last,
  });

  /** A new bet of `stake` on the event's first outcome. */
  const bet = (stake: bigint) => {
    const extId = `emu-${randomUUID()}`;
    const slipId = `slip-${randomUUID()}`;
    const make = book.makeData({
      player,
      extId,
      slipId,
      amount: stake,
      potential: winOf(stake),
      event,
      outcome,
    });
    let walletId = '';
    const ref = () => ({
      walletId,
      extId,
      slipId,
      player: player.id,
      currency: player.currency,
      odds: outcome.odds,
    });
    return {
      extId,
      make,
      placed: (r: Answer) => {
        walletId = String(r.answer.id ?? '');
      },
      result: (op: 'win' | 'lost' | 'refund', amount: bigint) => book.resultData(op, ref(), amount, event.id),
      settlement: (status: string) => ({ bet_transaction_id: walletId, status }),
      get walletId() {
        return walletId;
      },
    };
  };
  const place = async (b: ReturnType<typeof bet>, stake: bigint, note = `A bet of ${money(stake)}`) => {
    const r = await send('make', note, b.make, ok(start - stake, 'A receipt: the balance less the stake'));
    b.placed(r);
    return r;
  };
  const commit = (b: ReturnType<typeof bet>, want: bigint) =>
    send(
      'commit',
      'The provider accepts the bet',
      { transaction_id: b.extId },
      ok(want, '{}: nothing moves'),
    );
  const settle = (b: ReturnType<typeof bet>, status: string, want: bigint) =>
    send('settlement', `The bet is closed (${status})`, b.settlement(status), ok(want, '{}: nothing moves'));

  switch (input.scenario) {
    case 'makeCommitWin': {
      const b = bet(unit);
      await place(b, unit);
      await commit(b, start - unit);
      const win = winOf(unit);
      await send(
        'win',
        `It wins ${money(win)} (odds ${outcome.odds})`,
        b.result('win', win),
        ok(start - unit + win, 'A receipt: the balance plus the win'),
      );
      await settle(b, 'won', start - unit + win);
      break;
    }
    case 'makeLost': {
      const b = bet(unit);
      await place(b, unit);
      await commit(b, start - unit);
      await send('lost', 'It loses', b.result('lost', 0n), ok(start - unit, 'A receipt: nothing moves'));
      await settle(b, 'lost', start - unit);
      break;
    }
    case 'duplicateMake': {
      const b = bet(unit);
      const first = await place(b, unit);
      await send('make', 'The same bet/make again (signed anew)', b.make, {
        text: 'The same receipt; the stake is taken once',
        check: (r, bal) => r.status === 200 && r.answer.id === first.answer.id && bal === start - unit,
      });
      await commit(b, start - unit);
      await send(
        'refund',
        'The bet is refunded (closes it)',
        b.result('refund', unit),
        ok(start, 'A receipt: the stake comes back'),
      );
      await settle(b, 'refund', start);
      break;
    }
    case 'insufficientFunds': {
      const b = bet(start + unit);
      await send(
        'make',
        'A bet of the whole balance plus 0.01',
        b.make,
        refused(
          ExternalSportError.NotEnoughMoney,
          '2001 Not enough money; nothing moves (a balance above the max bet meets that refusal first)',
        ),
      );
      break;
    }
    case 'refund': {
      const b = bet(unit);
      await place(b, unit);
      await commit(b, start - unit);
      await send(
        'refund',
        'The event is cancelled: the stake is refunded',
        b.result('refund', unit),
        ok(start, 'A receipt: the stake comes back'),
      );
      await settle(b, 'refund', start);
      break;
    }
    case 'discard': {
      const b = bet(unit);
      await place(b, unit, `A bet of ${money(unit)} the provider could not confirm`);
      await send(
        'discard',
        'The provider discards it (never committed)',
        { ext_player_id: player.id, transaction_id: b.extId, reason: 'The bet could not be confirmed' },
        ok(start, '{}: the stake comes back'),
      );
      await send(
        'commit',
        'A late commit of the discarded bet',
        { transaction_id: b.extId },
        refused(ExternalSportError.BadRequest, '2004 Bad request; nothing moves'),
      );
      break;
    }
    case 'rollbackSettlement': {
      const b = bet(unit);
      await place(b, unit);
      await commit(b, start - unit);
      const win = winOf(unit);
      const won = await send(
        'win',
        `It wins ${money(win)}`,
        b.result('win', win),
        ok(start - unit + win, 'A receipt: the balance plus the win'),
      );
      await settle(b, 'won', start - unit + win);
      await send(
        'rollback',
        'The result is corrected: the win is rolled back',
        {
          bet_transaction_id: b.walletId,
          parent_transaction_id: String(won.answer.id ?? ''),
          transaction: {
            id: `emu-rollback-${randomUUID()}`,
            amount: Number(win),
            currency: player.currency,
            operation: 'rollback',
            parent_transaction_id: String(won.answer.id ?? ''),
          },
        },
        ok(start - unit, 'A receipt: the win is taken back'),
      );
      await send(
        'lost',
        'The corrected result: it loses',
        b.result('lost', 0n),
        ok(start - unit, 'A receipt: nothing moves'),
      );
      await settle(b, 'lost', start - unit);
      break;
    }
    case 'replayDifferent': {
      const b = bet(unit);
      await place(b, unit);
      const transaction = b.make.transaction as Record<string, unknown>;
      await send(
        'make',
        'The same transaction id with another amount',
        { ...b.make, amount: Number(2n * unit), transaction: { ...transaction, amount: Number(2n * unit) } },
        refused(ExternalSportError.BadRequest, '2004 Bad request; nothing moves'),
      );
      await commit(b, start - unit);
      await send(
        'refund',
        'The bet is refunded (closes it)',
        b.result('refund', unit),
        ok(start, 'A receipt: the stake comes back'),
      );
      await settle(b, 'refund', start);
      break;
    }
    case 'badSignature': {
      const b = bet(unit);
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      await send(
        'make',
        'A bet signed with a key that is not the provider’s',
        b.make,
        refused(ExternalSportError.InvalidToken, '2005 Invalid JWT token; nothing moves'),
        { key: privateKey, label: 'ES256, a stranger’s key' },
      );
      break;
    }
    case 'expiredToken': {
      const b = bet(unit);
      const age = CALL_MAX_AGE_S * 2;
      await send(
        'make',
        `A bet signed ${age / 60} minutes ago`,
        b.make,
        refused(ExternalSportError.InvalidToken, '2005 Invalid JWT token (expired); nothing moves'),
        { now: Date.now() - age * 1000, label: `ES256, the local sportsbook key, iat ${age} s ago` },
      );
      break;
    }
  }
  return {
    scenario: input.scenario,
    currency,
    event: `${event.home} vs ${event.away}: ${outcome.name} @ ${outcome.odds}`,
    steps,
    balanceBefore: money(start),
    balanceAfter: money(await balance()),
    needs: money(NEEDS_UNITS * unit),
    short: start < NEEDS_UNITS * unit,
  };
}
