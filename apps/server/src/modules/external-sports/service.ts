/**
 * The external sportsbook of one server (decision 0034): the player's launch (the renderer's address
 * and the player JWT, its session stored for the wallet's checks) and the operator wallet.
 */
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { defineService } from '../../platform/services.js';
import { blockedError } from '../protection/index.js';
import { type PrebetRow, prebetSql } from '../wagers/index.js';
import { type ExternalSportsConfig, externalSportsEnv } from './env.js';
import { externalSportsOn, externalSportsTokenMinutes } from './settings.js';
import { signPlayerToken } from './tokens.js';
import { ExternalSportsWallet } from './wallet.js';

export interface LaunchAnswer {
  token: string | null;
  expiresAt: string | null;
  brandId: string;
  rendererUrl: string;
  simulated: boolean;
}

export class ExternalSportsService {
  readonly config: ExternalSportsConfig;
  readonly wallet: ExternalSportsWallet | null;

  constructor(private readonly ctx: AppContext) {
    this.config = externalSportsEnv.of(ctx.config);
    this.wallet = this.config.kind === 'none' ? null : new ExternalSportsWallet(ctx, this.config);
  }

  /** Opens the renderer for `user` (a guest gets no token) playing in `currency`. */
  async launch(user: AuthUser | null, currency: string | undefined): Promise<LaunchAnswer> {
    const c = this.config;
    if (c.kind === 'none' || !(await externalSportsOn(this.ctx.settings)))
      throw AppError.notFound('The external sportsbook is not available.');
    const base = { brandId: c.brandId, rendererUrl: c.rendererUrl, simulated: c.kind === 'local' };
    if (!user) return { ...base, token: null, expiresAt: null };
    return { ...base, ...(await this.openSession(user, currency)) };
  }

  /**
   * Signs `user`'s player JWT for `currency` and stores its session (the launch; the local
   * sportsbook's emulator opens one the same way).
   */
  async openSession(
    user: AuthUser,
    currency: string | undefined,
  ): Promise<{ token: string; expiresAt: string }> {
    const c = this.config;
    if (c.kind === 'none') throw AppError.notFound('The external sportsbook is not available.');
    const cur = (currency ?? 'usdt').toLowerCase();
    const pre = (await this.ctx.database.query<PrebetRow>(prebetSql(), [cur, user.id], 'xsports.launch'))[0];
    if (!pre || pre.decimals === null) throw new AppError(422, 'unknown_currency', 'Unknown currency.');
    if (pre.blocked) throw blockedError(pre.blocked);
    const minutes = await this.ctx.settings.get(externalSportsTokenMinutes);
    const signed = await signPlayerToken(
      c.operatorKey,
      c.brandId,
      { sub: user.id, name: user.name, currency: cur, lang: 'en' },
      minutes,
    );
    await this.ctx.database.query(
      `insert into xsport_sessions (id, user_id, currency, expires_at) values ($1::uuid, $2::uuid, $3, $4)`,
      [signed.jti, user.id, cur, signed.expiresAt],
    );
    return { token: signed.token, expiresAt: signed.expiresAt.toISOString() };
  }
}

/** The external sportsbook of one server (read it with `externalSportsService.of(ctx)`). */
export const externalSportsService = defineService(
  'external-sports.provider',
  (ctx) => new ExternalSportsService(ctx),
);
