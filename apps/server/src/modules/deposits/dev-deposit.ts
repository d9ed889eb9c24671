/**
 * Development deposits (`npm run dev:deposit`): POST /api/dev/simulateDeposit, registered ONLY when
 * NODE_ENV=development. It is authenticated by a random token the server writes at start to
 * `$DATA_DIR/dev-deposit.token` (mode 0600): whoever can read the server's data folder may simulate a
 * deposit, nobody else. The endpoint only broadcasts a transfer on the SIMULATED chain; the credit
 * still comes from the deposit job after the confirmations, like any deposit.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { defineEndpoint, policy } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import type { DepositService } from './deposits.service.js';

export const DEV_DEPOSIT_TOKEN_FILE = 'dev-deposit.token';
export const DEV_DEPOSIT_TOKEN_HEADER = 'x-dev-deposit-token';

export const devSimulateDepositEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/dev/simulateDeposit',
  request: z
    .object({
      user: z.string().min(1).max(64),
      currency: z.string().min(1).max(32),
      chain: z.string().min(1).max(32).optional(),
      amount: z.string().min(1).max(40),
    })
    .strict(),
  response: z.object({
    ok: z.literal(true),
    txid: z.string(),
    user: z.string(),
    currency: z.string(),
    chain: z.string(),
    address: z.string(),
    amount: z.string(),
    requiredConfirmations: z.number().int(),
  }),
  // The token header is the credential (see above); the route exists only in development.
  policy: policy.public,
  summary: 'Development only: broadcasts a transfer on the simulated chain to a player’s deposit address.',
});

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function registerDevDepositRoute(
  app: FastifyInstance,
  ctx: AppContext,
  service: DepositService,
): Promise<void> {
  if (ctx.config.mode !== 'development') return;
  const token = randomBytes(32).toString('base64url');
  const file = path.join(ctx.config.dataDir, DEV_DEPOSIT_TOKEN_FILE);
  await fs.mkdir(ctx.config.dataDir, { recursive: true });
  await fs.writeFile(file, token, { mode: 0o600 });
  await fs.chmod(file, 0o600);
  app.addHook('onClose', async () => {
    const current = await fs.readFile(file, 'utf8').catch(() => '');
    if (current === token) await fs.rm(file, { force: true });
  });
  registerEndpoint(app, devSimulateDepositEndpoint, async ({ input, req }) => {
    if (!sameToken(req.headers[DEV_DEPOSIT_TOKEN_HEADER], token)) {
      throw AppError.forbidden('A valid development deposit token is required (see npm run dev:deposit).');
    }
    return service.simulateDeposit(input);
  });
  ctx.log.info({ tokenFile: file }, 'development deposits enabled: npm run dev:deposit -- --help');
}
