/**
 * Tips: POST /api/chat/tip {name, amount, currency, channel, public, requestId}.
 *
 * Rules, in the order they are checked:
 *  1. Fresh 2FA when the sender has it on (body code -1024, as withdrawals).
 *  2. The recipient exists by login name ('Invalid username') and is not the sender.
 *  3. The amount is a positive decimal string within the currency's decimals and at least the
 *     minimum tip ('Invalid amount'); the currency is enabled.
 *  4. A retry (same sender and requestId) answers the first tip and moves nothing.
 *  5. The sender is not muted in chat, and has sent fewer than `perMinute` tips and rains this minute.
 *  6. ONE ledger transfer from the sender's real balance to the recipient's, key
 *     tip:{sender}:{requestId}: the balance CHECK refuses an overdraft ('Not enough money'), so two
 *     concurrent tips can never spend the same coins. The ledger publishes BalanceModification to both.
 *  7. The chat_tips row (same key) is inserted once; the call that inserts it posts the
 *     "X tipped Y" service message (public tips only). A crash between the transfer and the row is
 *     repaired by the retry: the transfer replays, the row and the message follow.
 */
import { TipErrorCode, TipMessages, type ResponseOf, type tipEndpoint } from '@nebula/contracts';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { assertFreshTwoFactor } from '../auth/index.js';
import { findUserByName, PLAYERS } from '../users/index.js';
import { assertNotBlocked, blockOf, recipientUnavailable } from '../protection/index.js';
import { postServiceMessage } from '../chat/index.js';
import { InsufficientFundsError } from '../ledger/index.js';
import { loadTipsSettings } from './settings.js';
import {
  assertNotMuted,
  assertRate,
  invalidAmount,
  invalidUsername,
  notEnoughMoney,
  parsePositiveAmount,
  show,
  tipCurrency,
  unit,
  usdMinimum,
  type TipCurrency,
} from './tips.shared.js';

export interface TipInput {
  name: string;
  amount: string;
  currency: string;
  channel: string;
  public: boolean;
  requestId: string;
}

type TipAnswer = ResponseOf<typeof tipEndpoint>;

interface TipRow {
  id: string;
  sender_id: string;
  sender_name: string;
  recipient_id: string;
  recipient_name: string;
  currency: string;
  amount: string;
  channel: string | null;
  public: boolean;
  created_at: Date | string;
}

const TIP_ROW = `t.id::text as id, t.sender_id::text as sender_id, s.name as sender_name,
  t.recipient_id::text as recipient_id, r.name as recipient_name, t.currency, t.amount::text as amount,
  t.channel, t.public, t.created_at`;

function toTip(row: TipRow, currency: TipCurrency): TipAnswer['tip'] {
  return {
    id: row.id,
    from: { _id: row.sender_id, name: row.sender_name },
    to: { _id: row.recipient_id, name: row.recipient_name },
    amount: show(BigInt(row.amount), currency),
    currency: row.currency,
    channel: row.channel,
    public: row.public,
    created_at: new Date(row.created_at).toISOString(),
  };
}

async function tipByKey(ctx: Pick<AppContext, 'database'>, key: string): Promise<TipRow | undefined> {
  const rows = await ctx.database.query<TipRow>(
    `select ${TIP_ROW} from chat_tips t join ${PLAYERS} s on s.id = t.sender_id join ${PLAYERS} r on r.id = t.recipient_id
      where t.key = $1`,
    [key],
  );
  return rows[0];
}

/** The service message's data: `text` for any renderer, the parts for a richer one. */
export function tipMessageData(tip: TipAnswer['tip']): Record<string, unknown> {
  return {
    kind: 'tip',
    text: `${tip.from.name} tipped ${tip.to.name} ${tip.amount} ${unit(tip.currency)}`,
    from: tip.from,
    to: tip.to,
    amount: tip.amount,
    currency: tip.currency,
  };
}

export async function sendTip(ctx: AppContext, user: AuthUser, input: TipInput): Promise<TipAnswer> {
  const { database } = ctx;
  await assertFreshTwoFactor(database, user);

  const name = input.name.trim().replace(/^@/, '');
  if (name.length === 0) throw invalidUsername();
  const recipient = await findUserByName(database, name);
  if (!recipient) throw invalidUsername();
  if (recipient.id === user.id)
    throw new AppError(422, TipErrorCode.Self, TipMessages.self, [
      { path: 'name', message: TipMessages.self },
    ]);

  const currency = await tipCurrency(database, input.currency);
  const amount = parsePositiveAmount(input.amount, currency.decimals);
  const key = `tip:${user.id}:${input.requestId}`;

  const first = await tipByKey(ctx, key);
  if (first) {
    if (
      first.recipient_id !== recipient.id ||
      first.amount !== amount.toString() ||
      first.currency !== currency.id
    )
      throw AppError.conflict(
        'This request was already made with different details.',
        'idempotency_conflict',
      );
    return { ok: true, tip: toTip(first, currency), replayed: true };
  }

  // Player protection: a time-out or self-exclusion closes tips both ways.
  await assertNotBlocked(ctx, database, user.id);
  if (await blockOf(ctx, database, recipient.id)) throw recipientUnavailable();

  const settings = await loadTipsSettings(ctx);
  const minimum = await usdMinimum(ctx, currency, settings.tipMinUsd);
  if (amount < minimum)
    throw invalidAmount(`The minimum tip is ${show(minimum, currency)} ${unit(currency.id)}.`);
  await assertNotMuted(database, user.id);
  await assertRate(database, user.id, settings.perMinute);

  let transfer;
  try {
    transfer = await ctx.ledger.transfer({
      key,
      kind: 'tip',
      currency: currency.id,
      amount,
      from: { user: user.id, kind: 'real' },
      to: { user: recipient.id, kind: 'real' },
      metadata: { channel: input.channel, public: input.public },
    });
  } catch (err) {
    if (err instanceof InsufficientFundsError) throw notEnoughMoney();
    throw err;
  }

  const inserted = await database.query<{ id: string }>(
    `insert into chat_tips (key, sender_id, recipient_id, currency, amount, channel, public, transfer_id)
     values ($1, $2, $3, $4, $5::numeric, $6, $7, $8::bigint)
     on conflict (key) do nothing returning id::text as id`,
    [
      key,
      user.id,
      recipient.id,
      currency.id,
      amount.toString(),
      input.channel,
      input.public,
      transfer.transferId,
    ],
  );
  const row = await tipByKey(ctx, key);
  if (!row) throw new Error('tip row vanished');
  const tip = toTip(row, currency);
  if (inserted[0] && tip.public && tip.channel) {
    try {
      await postServiceMessage(ctx, { channel: tip.channel, data: tipMessageData(tip) });
    } catch (err) {
      // The money moved and both balances were published; only the chat line is missing.
      ctx.log.warn({ err, tip: tip.id }, 'tip service message not posted');
    }
  }
  return { ok: true, tip, replayed: transfer.replayed };
}
