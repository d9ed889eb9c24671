/**
 * Read side of the games: the bet overview (`Info` whisper, spec 2 section 3), a game's live
 * configuration (`GameData` whisper) and the player's own history (POST /api/games/history).
 */
import { type BetOverview, type GameData, type MyBet, PlayErrorCode } from '@nebula/contracts';
import { type ExtendedGame, crash, getExtendedGame, getGame, ratio, ratioToDecimal } from '@nebula/games';
import { toDecimalString } from '@nebula/money';
import type { Database } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { holdsPermission } from '../../platform/policy.js';
import { acceptsDemo, edgeFor, type EngineGame, isGameAvailable, loadGameSettings } from './settings.js';
import { PLAYERS } from '../users/index.js';

/** The largest bigint id PostgreSQL stores; a longer or larger id names no bet. */
const MAX_BIGINT = 2n ** 63n - 1n;

/** The one answer for an unknown bet, a demo bet of someone else, or an id out of range. */
export const betNotFound = () => new AppError(404, 'bet_not_found', 'No such bet.');

const iso = (v: Date | string) => new Date(v).toISOString();
const multiplierOf = (num: string, den: string) => ratioToDecimal(ratio(BigInt(num), BigInt(den)), 8);

interface OverviewRow {
  id: string;
  user_id: string;
  game: string;
  currency: string;
  demo: boolean;
  wager: string;
  multiplier_num: string;
  multiplier_den: string;
  payout: string;
  profit: string;
  nonce: string;
  params: unknown;
  outcome: unknown;
  house_edge_bps: number;
  created_at: Date | string;
  revealed: boolean;
  server_seed: string | null;
  server_seed_hash: string;
  client_seed: string;
  name: string;
  private_bets: boolean;
  decimals: number;
}

/**
 * The bet overview of bet `betId` as `viewer` (null for a guest) may see it:
 * - a demo bet only to its owner (anyone else gets the same 404 as for an unknown id);
 * - a player with private bets shows as 'Hidden' with no id, unless the viewer is that player or
 *   holds `ignore_privacy`;
 * - the server seed only once its pair was rotated (revealed); before that it is null ("not verifiable
 *   yet"). The server seed never leaves the database while its pair is active. The nonce is no secret
 *   and always shows (a crash bet's is its round's place in the chain).
 */
export async function betOverview(
  database: Database,
  viewer: AuthUser | null,
  betId: string,
): Promise<BetOverview> {
  if (!/^\d{1,19}$/.test(betId) || BigInt(betId) > MAX_BIGINT) throw betNotFound();
  const rows = await database.query<OverviewRow>(
    `select b.id::text as id, b.user_id, b.game, b.currency, b.demo, b.wager::text as wager,
            b.multiplier_num::text as multiplier_num, b.multiplier_den::text as multiplier_den,
            b.payout::text as payout, b.profit::text as profit, b.params, b.outcome,
            b.house_edge_bps, b.created_at, coalesce(not s.active, r.id is not null) as revealed,
            case when b.product = 'crash' then r.hash when s.active then null else s.server_seed end
              as server_seed,
            coalesce(s.server_seed_hash, k.terminating_hash) as server_seed_hash,
            coalesce(s.client_seed, k.salt, '') as client_seed,
            coalesce(b.nonce, r.chain_index)::text as nonce, u.name, u.private_bets, c.decimals
       from bets b
       left join seed_pairs s on s.id = b.seed_pair_id
       -- A crash bet is decided by its round: the round's game hash (revealed once busted) and the
       -- chain's salt, its place in the chain, and the chain's published terminating hash.
       left join crash_rounds r
         on r.id = case when b.product = 'crash' then (b.params ->> 'round')::bigint end
       left join crash_chains k on k.id = r.chain_id
       join ${PLAYERS} u on u.id = b.user_id
       join currencies c on c.id = b.currency
      where b.id = $1::bigint`,
    [betId],
  );
  const b = rows[0];
  if (!b) throw betNotFound();
  const isOwner = viewer?.id === b.user_id;
  if (b.demo && !isOwner) throw betNotFound();
  const hidden = b.private_bets && !isOwner && !(viewer && holdsPermission(viewer, 'ignore_privacy'));
  const wager = BigInt(b.wager);
  const payout = BigInt(b.payout);
  const fmt = (v: bigint) => toDecimalString(v, b.decimals);
  return {
    info: {
      _id: b.id,
      id: b.id,
      game: b.game,
      user: hidden ? '' : b.user_id,
      currency: b.currency,
      splitTotal: fmt(wager),
      wager: fmt(wager),
      payout: fmt(payout),
      multiplier: multiplierOf(b.multiplier_num, b.multiplier_den),
      profit: fmt(BigInt(b.profit)),
      status: payout > wager ? 'win' : 'lose',
      demo: b.demo,
      server_seed: b.revealed ? b.server_seed : null,
      server_seed_hash: b.server_seed_hash,
      client_seed: b.client_seed,
      nonce: Number(b.nonce),
      params: b.params,
      outcome: b.outcome,
      house_edge_bps: b.house_edge_bps,
      created_at: iso(b.created_at),
    },
    metadata: {
      id: b.game,
      name:
        getGame(b.game)?.name ?? getExtendedGame(b.game)?.name ?? (b.game === crash.id ? crash.name : b.game),
    },
    user: { _id: hidden ? null : b.user_id, name: hidden ? 'Hidden' : b.name, private_bets: b.private_bets },
  };
}

/** A game's configuration in force: house edge, limits, availability (-3 'Unknown game' otherwise). */
export async function gameData(
  ctx: Pick<AppContext, 'database' | 'settings'>,
  apiId: string,
  games: (id: string) => EngineGame | undefined = getGame,
): Promise<GameData> {
  const game: (EngineGame | ExtendedGame | typeof crash) | undefined =
    games(apiId) ?? getExtendedGame(apiId) ?? (apiId === crash.id ? crash : undefined);
  if (!game) throw AppError.domain(PlayErrorCode.UnknownGame, 'Unknown game');
  const settings = await loadGameSettings(ctx.settings);
  const row = (
    await ctx.database.query<{ disabled: boolean }>('select disabled from games where id = $1', [game.id])
  )[0];
  return {
    id: game.id,
    name: game.name,
    houseEdgeBps: edgeFor(settings, game),
    maxBetEur: settings.maxBetEur,
    maxProfitUsd: settings.maxProfitUsd,
    available: !settings.disabled && isGameAvailable(settings, game) && row?.disabled !== true,
    demo: acceptsDemo(game as EngineGame),
  };
}

interface HistoryRow {
  id: string;
  game: string;
  currency: string;
  demo: boolean;
  wager: string;
  multiplier_num: string;
  multiplier_den: string;
  payout: string;
  profit: string;
  nonce: string | null;
  created_at: Date | string;
  decimals: number;
}

/** The player's latest bets, newest first, optionally of one game and one mode (demo or real). */
export async function myBets(
  database: Database,
  userId: string,
  filter: { game?: string | undefined; demo?: boolean | undefined; limit: number },
): Promise<{ bets: MyBet[] }> {
  const rows = await database.query<HistoryRow>(
    `select b.id::text as id, b.game, b.currency, b.demo, b.wager::text as wager,
            b.multiplier_num::text as multiplier_num, b.multiplier_den::text as multiplier_den,
            b.payout::text as payout, b.profit::text as profit, b.nonce::text as nonce, b.created_at, c.decimals
       from bets b join currencies c on c.id = b.currency
      where b.user_id = $1 and ($2::text is null or b.game = $2::text)
        and ($3::boolean is null or b.demo = $3::boolean)
      order by b.created_at desc, b.id desc
      limit $4`,
    [userId, filter.game ?? null, filter.demo ?? null, filter.limit],
  );
  return {
    bets: rows.map((b) => {
      const wager = BigInt(b.wager);
      const payout = BigInt(b.payout);
      return {
        id: b.id,
        game: b.game,
        currency: b.currency,
        demo: b.demo,
        wager: toDecimalString(wager, b.decimals),
        multiplier: multiplierOf(b.multiplier_num, b.multiplier_den),
        payout: toDecimalString(payout, b.decimals),
        profit: toDecimalString(BigInt(b.profit), b.decimals),
        status: payout > wager ? ('win' as const) : ('lose' as const),
        // A crash bet has no nonce of its own (its round decides it).
        nonce: b.nonce === null ? -1 : Number(b.nonce),
        created_at: iso(b.created_at),
      };
    }),
  };
}
