import { AuthMessages, ErrorCode, telegramTokenEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { createSession } from '../auth/index.js';
import { findUserIdByTelegram } from '../users/index.js';
import { findOrCreateExternalUser } from '../wallet-auth/index.js';
import { validateInitData } from './init-data.js';
import { telegramAuthEnv } from './telegram-auth.env.js';

export function registerTelegramAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, telegramTokenEndpoint, async ({ input, req }) => {
    const botToken = telegramAuthEnv.of(ctx.config).botToken;
    if (!botToken) throw new AppError(503, ErrorCode.Unavailable, 'Telegram sign-in is not configured.');
    const result = validateInitData(input.initData, botToken, Math.floor(Date.now() / 1000));
    if (!result.ok) {
      req.log.info({ reason: result.reason }, 'telegram init data refused');
      throw new AppError(422, 'telegram_invalid', AuthMessages.telegramFailed);
    }
    const tg = result.user;
    const base = (tg.username ? `tg_${tg.username}` : `tg_${tg.id}`).slice(0, 24);
    const { id } = await findOrCreateExternalUser(
      ctx.database,
      () => findUserIdByTelegram(ctx.database, tg.id),
      base,
      { telegramId: tg.id },
    );
    const session = await createSession(ctx.database, id, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    return { token: session.token };
  });
}
