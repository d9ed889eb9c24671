/**
 * The aggregator integration of one server: launches (restrictions checked at launch, not only in the
 * lobby), the callback endpoint's checks before the wallet (signature, merchant, 30 s freshness), the
 * game list the leader refreshes and links to the catalogue, and the game images served through our
 * own host.
 */
import { blockedError } from '../protection/index.js';
import { randomUUID } from 'node:crypto';
import { SLOT_UNAVAILABLE_CODE, PlayErrorCode } from '@nebula/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { Jurisdiction, catalogueEnv, linkProviderGames, providerGame } from '../catalogue/index.js';
import { type PrebetRow, prebetSql } from '../wagers/index.js';
import {
  AggregatorClient,
  type AggregatorGame,
  type AggregatorTransport,
  localTransport,
  remoteTransport,
} from './aggregator.js';
import { slotsDisabled, slotsGameListMinutes } from './settings.js';
import { type AggregatorConfig, slotsEnv } from './slots.env.js';
import { parseForm, verify } from './signature.js';
import { type CallbackAnswer, SlotError, SlotWallet, answerJson } from './wallet.js';

/** How far a callback's X-Timestamp may be from our clock, seconds. */
export const CALLBACK_FRESHNESS_S = 30;

const IMAGE_CACHE_MS = 60 * 60_000;
const IMAGE_CACHE_SIZE = 2_000;

const unavailable = (message = 'This game is not available.') =>
  new AppError(403, SLOT_UNAVAILABLE_CODE, message);

export interface LaunchInput {
  game: string;
  demo: boolean;
  currency?: string | undefined;
}

export interface LaunchAnswer {
  url: string;
  demo: boolean;
  game: { id: string; name: string; image: string };
  provider: { id: string; name: string };
  hasDemo: boolean;
  simulated: boolean;
}

export class SlotsService {
  readonly config: AggregatorConfig;
  readonly client: AggregatorClient | null;
  readonly wallet: SlotWallet;
  private readonly jurisdiction: Jurisdiction;
  private app: FastifyInstance | undefined;
  private lastRefresh = 0;
  private readonly images = new Map<string, { body: Buffer; type: string; at: number }>();

  constructor(
    private readonly ctx: AppContext,
    transport?: AggregatorTransport,
  ) {
    this.config = slotsEnv.of(ctx.config);
    const c = this.config;
    this.client =
      c.kind === 'none'
        ? null
        : new AggregatorClient(
            c,
            transport ??
              (c.kind === 'remote'
                ? remoteTransport(c.url)
                : localTransport(() => {
                    if (!this.app) throw new Error('the local aggregator is not registered yet');
                    return this.app;
                  })),
          );
    this.wallet = new SlotWallet(ctx);
    this.jurisdiction = new Jurisdiction(catalogueEnv.of(ctx.config).trustedCountryHeader, ctx.log);
  }

  /** The server's app, for the local aggregator's transport. */
  attach(app: FastifyInstance): void {
    this.app = app;
  }

  /** The caller's country (null when unknown). */
  countryOf(req: Pick<FastifyRequest, 'headers' | 'ip'>): Promise<string | null> {
    return this.jurisdiction.countryOf(req);
  }

  // ---- callbacks -------------------------------------------------------------------------------

  /** The answer (JSON text, HTTP 200) to one callback request. */
  async callback(
    headers: Record<string, string | string[] | undefined>,
    body: string,
    now = Date.now(),
  ): Promise<string> {
    return answerJson(await this.callbackAnswer(headers, body, now));
  }

  private async callbackAnswer(
    headers: Record<string, string | string[] | undefined>,
    body: string,
    now: number,
  ): Promise<CallbackAnswer> {
    const error = (message: string): CallbackAnswer => ({
      error_code: SlotError.Internal,
      error_description: message,
    });
    if (this.config.kind === 'none') return error('No aggregator is configured');
    const header = (name: string) => {
      const v = headers[name.toLowerCase()];
      return Array.isArray(v) ? undefined : v;
    };
    const merchantId = header('X-Merchant-Id');
    const timestamp = header('X-Timestamp');
    const nonce = header('X-Nonce');
    const signature = header('X-Sign');
    if (!merchantId || !timestamp || !nonce || !signature) return error('Missing signature headers');
    if (merchantId !== this.config.merchantId) return error('Unknown merchant');
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > CALLBACK_FRESHNESS_S)
      return error('Request expired');
    const params = parseForm(body);
    if (!params) return error('Malformed request');
    if (!verify(params, { merchantId, timestamp, nonce }, this.config.merchantKey, signature))
      return error('Invalid signature');
    return this.wallet.handle(params);
  }

  // ---- launches ----------------------------------------------------------------------------------

  /** Opens a real-money session of `gameId` for the player: the id the aggregator names in callbacks. */
  async openSession(
    userId: string,
    gameId: string,
    currency: string,
  ): Promise<{ id: string; gameUuid: string }> {
    const link = await this.link(gameId);
    if (!link) throw unavailable();
    const id = randomUUID();
    await this.ctx.database.query(
      `insert into slot_sessions (id, user_id, game_uuid, game_id, currency) values ($1, $2, $3, $4, $5)`,
      [id, userId, link.uuid, gameId, currency],
    );
    return { id, gameUuid: link.uuid };
  }

  private async link(gameId: string): Promise<{ uuid: string; has_demo: boolean } | undefined> {
    return (
      await this.ctx.database.query<{ uuid: string; has_demo: boolean }>(
        'select uuid, has_demo from slot_games where game_id = $1',
        [gameId],
      )
    )[0];
  }

  /** Launches a game (see the contract `slotLaunchEndpoint`). */
  async launch(
    user: { id: string; name: string } | null,
    input: LaunchInput,
    country: string | null,
  ): Promise<LaunchAnswer> {
    const client = this.client;
    const game = await providerGame(this.ctx.database, input.game);
    if (!game) throw AppError.notFound('Game not found.');
    if (!client || (await this.ctx.settings.get(slotsDisabled)) || !game.available) throw unavailable();
    if (country && game.restricted.includes(country))
      throw unavailable(`${game.provider.name} games are not available in your country.`);
    const link = await this.link(game.id);
    if (!link) throw unavailable();
    const returnUrl = `${this.ctx.config.publicUrl}/casino/game/external:${game.id}`;
    const base = {
      demo: input.demo,
      game: { id: game.id, name: game.name, image: game.image },
      provider: game.provider,
      hasDemo: link.has_demo,
      simulated: this.config.kind === 'local',
    };
    if (input.demo) {
      if (!link.has_demo)
        throw AppError.domain(PlayErrorCode.NoDemo, 'This game does not accept bets in demo mode');
      return { ...base, url: await client.initDemo({ gameUuid: link.uuid, returnUrl, language: 'en' }) };
    }
    if (!user) throw AppError.unauthenticated('Sign in to play for real money.');
    const currency = input.currency?.toLowerCase();
    if (!currency) throw new AppError(422, 'unknown_currency', 'Choose a currency to play with.');
    const pre = (await this.ctx.database.query<PrebetRow>(prebetSql(), [currency, user.id]))[0];
    if (pre?.decimals == null) throw new AppError(422, 'unknown_currency', 'Unknown currency.');
    // Player protection: a time-out or self-exclusion closes real play (403 timed_out / self_excluded).
    if (pre.blocked) throw blockedError(pre.blocked);
    const session = await this.openSession(user.id, game.id, currency);
    const url = await client.init({
      gameUuid: session.gameUuid,
      playerId: user.id,
      playerName: user.name,
      currency: currency.toUpperCase(),
      sessionId: session.id,
      returnUrl,
      language: 'en',
    });
    return { ...base, url };
  }

  // ---- the game list -------------------------------------------------------------------------------

  /** Whether the leader's refresh is due (the `slots.game_list_minutes` setting). */
  async refreshDue(now = Date.now()): Promise<boolean> {
    const minutes = await this.ctx.settings.get(slotsGameListMinutes);
    return now - this.lastRefresh >= minutes * 60_000;
  }

  /**
   * Reads the aggregator's game list and links it to the catalogue (one transaction): `slot_games`
   * holds exactly the listed games afterwards, and exactly their catalogue games are launchable.
   */
  async refreshGames(): Promise<{ games: number; skipped: number }> {
    if (!this.client) return { games: 0, skipped: 0 };
    const { games, skipped } = await this.client.games();
    const kindOf = (g: AggregatorGame) =>
      /live/i.test(g.type) ? 'live' : /show/i.test(g.type) ? 'game-shows' : ('slots' as const);
    await this.ctx.database.transaction(async (tx) => {
      const linked = await linkProviderGames(
        tx,
        games.map((g) => ({
          uuid: g.uuid,
          name: g.name,
          provider: g.provider,
          image: `/api/slots/img/${encodeURIComponent(g.uuid)}`,
          kind: kindOf(g),
        })),
      );
      const rows = games.filter((g) => linked.has(g.uuid));
      await tx.query(
        `insert into slot_games as s (uuid, game_id, provider, name, image_url, has_demo)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[])
         on conflict (uuid) do update set game_id = excluded.game_id, provider = excluded.provider,
           name = excluded.name, image_url = excluded.image_url, has_demo = excluded.has_demo, updated_at = now()`,
        [
          rows.map((g) => g.uuid),
          rows.map((g) => linked.get(g.uuid)),
          rows.map((g) => g.provider),
          rows.map((g) => g.name),
          rows.map((g) => g.image),
          rows.map((g) => g.has_demo === true || g.has_demo === 1),
        ],
      );
      await tx.query('delete from slot_games where not (uuid = any($1::text[]))', [rows.map((g) => g.uuid)]);
    });
    this.lastRefresh = Date.now();
    this.images.clear();
    return { games: games.length, skipped };
  }

  // ---- images --------------------------------------------------------------------------------------

  /** A game image through our own host (cached per node); undefined when there is none. */
  async image(uuid: string): Promise<{ body: Buffer; type: string } | undefined> {
    const cached = this.images.get(uuid);
    if (cached && Date.now() - cached.at < IMAGE_CACHE_MS) return cached;
    if (!this.client) return undefined;
    const row = (
      await this.ctx.database.query<{ image_url: string }>(
        'select image_url from slot_games where uuid = $1',
        [uuid],
      )
    )[0];
    if (!row?.image_url) return undefined;
    const res = await this.client.fetchImage(row.image_url).catch((err: unknown) => {
      this.ctx.log.warn({ err, uuid }, 'slot image fetch failed');
      return undefined;
    });
    const type = res?.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!res || res.status !== 200 || !/^image\/(png|jpeg|webp|gif|svg\+xml|avif)$/.test(type))
      return undefined;
    if (this.images.size >= IMAGE_CACHE_SIZE) this.images.delete(this.images.keys().next().value as string);
    const entry = { body: res.body, type, at: Date.now() };
    this.images.set(uuid, entry);
    return entry;
  }
}
