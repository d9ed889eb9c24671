/**
 * The emulator's scenarios (`/debugger/emulator/slotegrator`, development and staff only): each fires
 * signed callbacks at the real callback route as the caller, in a fresh session of a hosted game, and
 * says for each answer whether it is the one the protocol requires.
 */
import { randomUUID } from 'node:crypto';
import type { SlotEmulatorScenario, SlotEmulatorStep } from '@nebula/contracts';
import { parseWireAmount, toDecimalString } from '@nebula/money';
import { AppError } from '../../platform/errors.js';
import { type FormMap, type SlotsService, signedHeaders, toEntries } from '../slots/index.js';
import type { LocalAggregator } from './provider.js';

interface Expectation {
  text: string;
  check: (answer: Record<string, unknown>, balance: bigint | null) => boolean;
}

export async function runScenario(
  aggregator: LocalAggregator,
  slots: SlotsService,
  caller: { id: string },
  input: { scenario: SlotEmulatorScenario; game?: string | undefined; currency: string },
  decimalsOf: (currency: string) => Promise<number | undefined>,
): Promise<{
  game: string;
  steps: SlotEmulatorStep[];
  balanceBefore: string;
  balanceAfter: string;
  needs: string;
  short: boolean;
}> {
  const currency = input.currency.toLowerCase();
  const decimals = await decimalsOf(currency);
  if (decimals === undefined) throw new AppError(422, 'unknown_currency', 'Unknown currency.');
  const games = await aggregator.games();
  const game = input.game ?? games[0]?.id;
  if (!game) throw new AppError(409, 'no_games', 'The local aggregator hosts no games yet.');
  const session = await slots.openSession(caller.id, game, currency);
  const base = {
    player_id: caller.id,
    session_id: session.id,
    currency: currency.toUpperCase(),
    game_uuid: session.gameUuid,
  };
  const money = (v: bigint) => toDecimalString(v, decimals);
  const unit = 10n ** BigInt(Math.max(decimals - 2, 0)); // 0.01 of a two-or-more-decimals currency
  const steps: SlotEmulatorStep[] = [];
  const atomic = (answer: Record<string, unknown>): bigint | null => {
    const text = typeof answer.balanceText === 'string' ? answer.balanceText : undefined;
    if (!text) return null;
    const p = parseWireAmount(text, decimals);
    return p.ok ? p.value : null;
  };

  const send = async (
    action: string,
    note: string,
    params: Record<string, unknown>,
    expect: Expectation,
    headers?: (entries: FormMap) => Record<string, string>,
  ) => {
    const all = { action, ...base, ...params };
    const entries = toEntries(all);
    const res = await aggregator.send(entries, headers?.(entries));
    const { balanceText: _b, ...answer } = res.answer;
    const balance = atomic(res.answer);
    steps.push({
      action,
      note,
      params: all,
      status: res.status,
      answer,
      expected: expect.check(res.answer, balance),
      expectation: expect.text,
    });
    return { answer: res.answer, balance };
  };
  const balanceIs = (want: () => bigint | null, text: string): Expectation => ({
    text,
    check: (a, b) => !('error_code' in a) && b !== null && (want() === null || b === want()),
  });
  const error = (code: string, text: string): Expectation => ({ text, check: (a) => a.error_code === code });

  const first = await send(
    'balance',
    'The balance before the scenario',
    {},
    balanceIs(() => null, 'The balance'),
  );
  const start = first.balance ?? 0n;
  const round = `emu-${randomUUID().slice(0, 8)}`;
  const tx = (kind: string) => `${kind}-${randomUUID()}`;

  switch (input.scenario) {
    case 'betThenWin': {
      const bet = tx('bet');
      await send(
        'bet',
        'A bet of 0.01',
        { amount: money(unit), transaction_id: bet, round_id: round, finished: 0 },
        balanceIs(() => start - unit, 'Success: the balance less the bet'),
      );
      await send(
        'win',
        'Its win of 0.02 closes the round',
        { amount: money(2n * unit), transaction_id: tx('win'), round_id: round, finished: 1 },
        balanceIs(() => start + unit, 'Success: the balance plus the profit'),
      );
      break;
    }
    case 'duplicateBet': {
      const bet = tx('bet');
      const params = { amount: money(unit), transaction_id: bet, round_id: round, finished: 0 };
      await send(
        'bet',
        'A bet of 0.01',
        params,
        balanceIs(() => start - unit, 'Success: the balance less the bet'),
      );
      await send(
        'bet',
        'The same bet again',
        params,
        balanceIs(() => start - unit, 'Success, and the balance is debited once'),
      );
      await send(
        'bet',
        'The same transaction id with another amount',
        { ...params, amount: money(2n * unit) },
        error('INTERNAL_ERROR', 'INTERNAL_ERROR, nothing moves'),
      );
      await send(
        'win',
        'A win of 0 closes the round',
        { amount: money(0n), transaction_id: tx('win'), round_id: round, finished: 1 },
        balanceIs(() => start - unit, 'Success'),
      );
      break;
    }
    case 'insufficientFunds': {
      await send(
        'bet',
        'A bet of the whole balance plus 0.01',
        { amount: money(start + unit), transaction_id: tx('bet'), round_id: round, finished: 1 },
        error('INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS, nothing moves'),
      );
      break;
    }
    case 'refundBeforeBet': {
      const bet = tx('bet');
      await send(
        'refund',
        'A refund of a bet never seen',
        { amount: money(unit), transaction_id: tx('refund'), bet_transaction_id: bet, round_id: round },
        balanceIs(() => start, 'Success, stored; nothing moves'),
      );
      await send(
        'bet',
        'The refunded bet arrives late',
        { amount: money(unit), transaction_id: bet, round_id: round, finished: 1 },
        balanceIs(() => start, 'Success; it moves nothing (it was refunded)'),
      );
      break;
    }
    case 'roundRollback': {
      const b1 = tx('bet');
      const b2 = tx('bet');
      const other = tx('bet');
      await send(
        'bet',
        'A first bet of 0.01',
        { amount: money(unit), transaction_id: b1, round_id: round, finished: 0 },
        balanceIs(() => start - unit, 'Success'),
      );
      await send(
        'bet',
        'A second bet of 0.02',
        { amount: money(2n * unit), transaction_id: b2, round_id: round, finished: 0 },
        balanceIs(() => start - 3n * unit, 'Success'),
      );
      await send(
        'bet',
        'A bet of another round (not listed)',
        { amount: money(unit), transaction_id: other, round_id: `${round}-b`, finished: 1 },
        balanceIs(() => start - 4n * unit, 'Success'),
      );
      await send(
        'rollback',
        'Rollback of the round, listing its two bets',
        {
          transaction_id: tx('rollback'),
          round_id: round,
          type: 'rollback',
          rollback_transactions: [
            { action: 'bet', amount: money(unit), transaction_id: b1, type: 'bet' },
            { action: 'bet', amount: money(2n * unit), transaction_id: b2, type: 'bet' },
          ],
        },
        balanceIs(() => start - unit, 'Success: only the listed bets come back'),
      );
      break;
    }
    case 'replayAfterTimeout': {
      const params = { amount: money(unit), transaction_id: tx('bet'), round_id: round, finished: 0 };
      await send(
        'bet',
        'A bet whose answer the provider did not get in time',
        params,
        balanceIs(() => start - unit, 'Success'),
      );
      await send(
        'bet',
        'The provider sends it again (new timestamp and nonce)',
        params,
        balanceIs(() => start - unit, 'Success: debited once'),
      );
      await send(
        'win',
        'A win of 0 closes the round',
        { amount: money(0n), transaction_id: tx('win'), round_id: round, finished: 1 },
        balanceIs(() => start - unit, 'Success'),
      );
      break;
    }
    case 'badSignature': {
      await send(
        'bet',
        'A bet signed with another key',
        { amount: money(unit), transaction_id: tx('bet'), round_id: round, finished: 1 },
        error('INTERNAL_ERROR', 'INTERNAL_ERROR (invalid signature), nothing moves'),
        (entries) =>
          signedHeaders(entries, {
            merchantId: aggregator.merchant.merchantId,
            merchantKey: 'not-the-merchant-key',
          }),
      );
      break;
    }
    case 'staleTimestamp': {
      await send(
        'bet',
        'A bet signed 60 s ago',
        { amount: money(unit), transaction_id: tx('bet'), round_id: round, finished: 1 },
        error('INTERNAL_ERROR', 'INTERNAL_ERROR (request expired), nothing moves'),
        (entries) => signedHeaders(entries, aggregator.merchant, Date.now() - 60_000),
      );
      break;
    }
  }
  const last = await send(
    'balance',
    'The balance after the scenario',
    {},
    balanceIs(() => null, 'The balance'),
  );
  return {
    game,
    steps,
    balanceBefore: money(start),
    balanceAfter: money(last.balance ?? 0n),
    needs: money(5n * unit),
    short: start < 5n * unit,
  };
}
