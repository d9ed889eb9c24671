/**
 * The back office's promo codes (permission `promocodes`): the list (search, status, paging), create
 * and disable. Each change and its staff audit row are one transaction.
 */
import {
  type AdminPromocode,
  type adminPromocodeCreateSchema,
  type adminPromocodesRequestSchema,
  ErrorCode,
} from '@nebula/contracts';
import { MoneyError, parseAmount } from '@nebula/money';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction } from '../audit/index.js';
import { currencyDecimals } from '../currencies/index.js';
import { findUserByName } from '../users/index.js';
import { COLUMNS, type PromocodeRow, toAdmin } from './codes.js';

type Ctx = Pick<AppContext, 'database'>;
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const MAX_ID = 2n ** 63n - 1n;

export async function listAdmin(
  ctx: Ctx,
  query: z.output<typeof adminPromocodesRequestSchema>,
): Promise<{ codes: AdminPromocode[]; next: string | null }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (query.search)
    add((p) => `(p.code ilike ${p} or p.description ilike ${p})`, `%${likeLiteral(query.search)}%`);
  if (query.status === 'active') where.push('p.disabled_at is null');
  if (query.status === 'disabled') where.push('p.disabled_at is not null');
  if (query.before && BigInt(query.before) <= MAX_ID) add((p) => `p.id < ${p}::bigint`, query.before);
  params.push(query.limit + 1);
  const rows = await ctx.database.query<PromocodeRow>(
    `select ${COLUMNS} from promocodes p ${where.length ? `where ${where.join(' and ')}` : ''}
      order by p.id desc limit $${params.length}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  return {
    codes: await toAdmin(ctx.database, page),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

const fieldError = (path: string, message: string) =>
  new AppError(422, ErrorCode.ValidationFailed, `${path}: ${message}`, [{ path, message }]);

async function playerId(ctx: Ctx, name: string, path: string): Promise<string> {
  const user = await findUserByName(ctx.database, name);
  if (!user) throw fieldError(path, `Unknown player ${name}.`);
  return user.id;
}

export async function createCode(
  ctx: Ctx,
  staff: AuthUser,
  input: z.output<typeof adminPromocodeCreateSchema>,
): Promise<AdminPromocode> {
  const decimals = (await currencyDecimals(ctx.database, [input.currency])).get(input.currency);
  if (decimals === undefined) throw fieldError('currency', 'Unknown currency.');
  let amount: bigint;
  try {
    amount = parseAmount(input.value, decimals);
  } catch (err) {
    if (err instanceof MoneyError) throw fieldError('value', err.message);
    throw err;
  }
  const tickets = input.type === 'tickets';
  if (tickets && input.tickets === null)
    throw fieldError('tickets', 'A tickets code grants 1 to 100 wheel tickets.');
  if (!tickets && input.tickets !== null) throw fieldError('tickets', 'Only a tickets code grants tickets.');
  if (tickets && amount !== 0n) throw fieldError('value', 'A tickets code has no money value.');
  if (!tickets && amount <= 0n) throw fieldError('value', 'The value must be positive.');
  if (input.expiresAt && Date.parse(input.expiresAt) <= Date.now())
    throw fieldError('expiresAt', 'The expiry must be in the future.');
  const privateTo: string[] = [];
  for (const name of input.privateTo) privateTo.push(await playerId(ctx, name, 'privateTo'));
  const owner = input.owner ? await playerId(ctx, input.owner, 'owner') : null;
  try {
    const row = await ctx.database.transaction(async (tx) => {
      const inserted = (
        await tx.query<PromocodeRow>(
          `insert into promocodes as p (code, description, type, currency, amount, multiplier, bonus_expiry_days,
             max_uses, expires_at, min_vip_level, affiliation, private_to, owner_id, public, created_by, tickets)
           values ($1, $2, $3, $4, $5::numeric, $6, $7, $8, $9::timestamptz, $10, $11, $12::uuid[], $13::uuid,
                   $14, $15::uuid, $16::int)
           returning ${COLUMNS}`,
          [
            input.code,
            input.description,
            input.type,
            input.currency,
            amount.toString(),
            input.type === 'bonus' ? input.multiplier : 0,
            input.bonusExpiryDays,
            input.maxUses,
            input.expiresAt,
            input.vipLevel,
            input.affiliation,
            privateTo.length ? [...new Set(privateTo)] : null,
            owner,
            input.public && privateTo.length === 0,
            staff.id,
            tickets ? input.tickets : null,
          ],
        )
      )[0];
      if (!inserted) throw new Error('the promo code was not inserted');
      await recordStaffAction(tx, {
        actor: staff,
        action: 'promocodes.create',
        target: { type: 'promocode', id: inserted.id },
        after: { ...input, amount: amount.toString() },
      });
      return inserted;
    });
    const [view] = await toAdmin(ctx.database, [row]);
    if (!view) throw new Error('the promo code view is missing');
    return view;
  } catch (err) {
    if ((err as { code?: string } | null)?.code === '23505')
      throw new AppError(409, ErrorCode.Conflict, 'A promo code with this code exists.', [
        { path: 'code', message: 'This code exists.' },
      ]);
    throw err;
  }
}

export async function disableCode(ctx: Ctx, staff: AuthUser, id: string): Promise<AdminPromocode> {
  const row = await ctx.database.transaction(async (tx) => {
    const found = (
      await tx.query<PromocodeRow>(`select ${COLUMNS} from promocodes p where p.id = $1::bigint for update`, [
        id,
      ])
    )[0];
    if (!found) throw AppError.notFound('Promo code not found.');
    if (found.disabled_at !== null) return found;
    const updated = (
      await tx.query<PromocodeRow>(
        `update promocodes p set disabled_at = now() where p.id = $1::bigint returning ${COLUMNS}`,
        [id],
      )
    )[0];
    if (!updated) throw new Error('the promo code was not updated');
    await recordStaffAction(tx, {
      actor: staff,
      action: 'promocodes.disable',
      target: { type: 'promocode', id },
      before: { disabled: false, uses: found.uses },
      after: { disabled: true },
      details: { code: found.code },
    });
    return updated;
  });
  const [view] = await toAdmin(ctx.database, [row]);
  if (!view) throw new Error('the promo code view is missing');
  return view;
}
