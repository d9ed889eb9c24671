/**
 * The shapes of the external sportsbook's wallet calls (the `payload` claim of each signed JWT) and the
 * protocol's error answers. The provider sends more fields than these (the bet slip's selections,
 * names, cross rates...): they are kept (`looseObject`) but only these are read. Amounts are integers
 * of the currency's atomic units (our currency table's decimals), never floats: an amount that is not
 * a safe integer is a bad request.
 */
import { EXTERNAL_SPORT_ERROR_TEXT, ExternalSportError } from '@nebula/contracts';
import { z } from 'zod';

/** A refusal in the protocol's shape: HTTP 400 `{code, message}`. */
export class WalletError extends Error {
  constructor(readonly code: number) {
    super(EXTERNAL_SPORT_ERROR_TEXT[code] ?? 'Bad request');
  }
}
export const badRequest = () => new WalletError(ExternalSportError.BadRequest);

const id = z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/);
const uuid = z.uuid();
const units = z
  .number()
  .int()
  .min(0)
  .refine((n) => Number.isSafeInteger(n), 'not a safe integer');
const currency = z.string().regex(/^[A-Za-z0-9_]{1,32}$/);
const odds = z.string().regex(/^\d{1,6}(\.\d{1,4})?$/);

const transaction = z.looseObject({
  id,
  amount: units,
  currency,
  operation: z.string().max(32),
  parent_transaction_id: id.nullish(),
});

export const makeCall = z.looseObject({
  amount: units.refine((n) => n > 0, 'a stake is positive'),
  currency,
  player_id: uuid,
  session_id: uuid,
  bonus_id: z.string().max(100).nullish(),
  transaction: transaction.extend({ betslip_id: id }),
  betslip: z.looseObject({
    id,
    k: odds,
    type: z.string().max(32).optional(),
    bets: z
      .array(z.looseObject({ id, event_id: id, odds: odds.optional() }))
      .min(1)
      .max(20),
  }),
  potential_win: units,
});
export type MakeCall = z.infer<typeof makeCall>;

export const commitCall = z.looseObject({ transaction_id: id });
export const discardCall = z.looseObject({
  ext_player_id: uuid,
  transaction_id: id,
  reason: z.string().max(500),
});
export const settlementCall = z.looseObject({
  bet_transaction_id: uuid,
  status: z.enum(['won', 'lost', 'canceled', 'refund', 'cashed out', 'half-won', 'half-lost']),
});
export const winCall = z.looseObject({
  amount: units,
  currency,
  is_cashout: z.boolean().optional(),
  bet_transaction_id: uuid,
  transaction,
});
export const lostCall = z.looseObject({ bet_transaction_id: uuid, transaction });
export const refundCall = z.looseObject({
  bet_transaction_id: uuid,
  reason: z.string().max(500).optional(),
  reason_code: z.number().int().optional(),
  transaction,
});
export const rollbackCall = z.looseObject({
  bet_transaction_id: uuid,
  parent_transaction_id: uuid,
  transaction,
});

/** The call's data in its shape, or the protocol's bad request. */
export function parseCall<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw badRequest();
  return parsed.data;
}
