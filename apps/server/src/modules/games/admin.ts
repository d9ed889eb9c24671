/**
 * The back office's games screen (issue G8 item 4; contracts `admin-games.ts`): every in-house game
 * (the single-round registry, the extended registry and crash) with its switch, its house edge and
 * what it measured over the settled real bets. The statistics come from `game_stats` (this module's
 * consumer of the wager stream), so reading them costs one row per game and currency, never a scan of
 * `bets`. Measured RTP is in USD at bet time: per currency, the wagered USD times paid / wagered of that
 * currency (exact when the price did not move between bets, and never mixing units of two currencies).
 *
 * A change of one game is one read-modify-write of `games.disabled_ids` and `games.house_edge_bps`
 * under their row locks (settings `modify`), with its audit row (`games.update`) in the same
 * transaction; the store's broadcast makes every node's next bet use it.
 */
import { type AdminGame, adminGameUpdateEndpoint, adminGamesEndpoint } from '@nebula/contracts';
import { EXTENDED_GAMES, GAMES, MAX_HOUSE_EDGE_BPS, crash } from '@nebula/games';
import type { FastifyInstance } from 'fastify';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction } from '../audit/index.js';
import {
  type GameSettings,
  edgeFor,
  gamesDisabledIds,
  gamesHouseEdgeBps,
  isGameAvailable,
  loadGameSettings,
} from './settings.js';

interface Listed {
  id: string;
  name: string;
  kind: AdminGame['kind'];
  defaultHouseEdgeBps: number;
}

/** Every in-house game, in lobby order: single-round, extended, then crash. */
const LISTED: readonly Listed[] = [
  ...GAMES.map((g) => ({
    id: g.id,
    name: g.name,
    kind: 'single' as const,
    defaultHouseEdgeBps: g.defaultHouseEdgeBps,
  })),
  ...EXTENDED_GAMES.map((g) => ({
    id: g.id as string,
    name: g.name,
    kind: 'extended' as const,
    defaultHouseEdgeBps: g.defaultHouseEdgeBps,
  })),
  { id: crash.id, name: crash.name, kind: 'crash', defaultHouseEdgeBps: crash.defaultHouseEdgeBps },
];

interface StatsRow {
  game: string;
  bets: string;
  wins: string;
  wagered_usd: string;
  paid_usd: string;
}

/** Real-money totals per game over `game_stats` (USD rounded to the cent). */
async function statsByGame(q: Pick<Session, 'query'>): Promise<Map<string, StatsRow>> {
  const rows = await q.query<StatsRow>(
    `select game, sum(bets)::text as bets, sum(wins)::text as wins,
            round(sum(wagered_usd), 2)::text as wagered_usd,
            round(sum(case when wagered > 0 then wagered_usd * payout / wagered else 0 end), 2)::text as paid_usd
       from game_stats where not demo group by game`,
    [],
    'games.admin_stats',
  );
  return new Map(rows.map((r) => [r.game, r]));
}

/** A decimal string of cents as a fixed 2-decimal string (bigint arithmetic, no float). */
const cents = (text: string | undefined): bigint => {
  if (!text) return 0n;
  const [whole = '0', frac = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};
const usd = (c: bigint): string => {
  const sign = c < 0n ? '-' : '';
  const a = c < 0n ? -c : c;
  return `${sign}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
};

function view(game: Listed, settings: GameSettings, stats: StatsRow | undefined): AdminGame {
  const wagered = cents(stats?.wagered_usd);
  const paid = cents(stats?.paid_usd);
  return {
    id: game.id,
    name: game.name,
    kind: game.kind,
    enabled: isGameAvailable(settings, game),
    houseEdgeBps: edgeFor(settings, game),
    defaultHouseEdgeBps: game.defaultHouseEdgeBps,
    bets: Number(stats?.bets ?? 0),
    wins: Number(stats?.wins ?? 0),
    wageredUsd: usd(wagered),
    paidUsd: usd(paid),
    ggrUsd: usd(wagered - paid),
    // Percent with 2 decimals: paid * 10000 / wagered hundredths of a percent, rounded half up.
    measuredRtp: wagered > 0n ? usd((paid * 10_000n * 2n + wagered) / (wagered * 2n)) : null,
  };
}

export function registerGamesAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, adminGamesEndpoint, async () => {
    const [settings, stats] = await Promise.all([loadGameSettings(ctx.settings), statsByGame(ctx.database)]);
    return {
      games: LISTED.map((g) => view(g, settings, stats.get(g.id))),
      allDisabled: settings.disabled,
      maxBetEur: settings.maxBetEur,
      maxProfitUsd: settings.maxProfitUsd,
      maxHouseEdgeBps: MAX_HOUSE_EDGE_BPS,
    };
  });

  registerEndpoint(app, adminGameUpdateEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    const game = LISTED.find((g) => g.id === input.game);
    if (!game) throw new AppError(404, 'unknown_game', `There is no in-house game ${input.game}.`);
    if (input.houseEdgeBps != null && input.houseEdgeBps > MAX_HOUSE_EDGE_BPS)
      throw new AppError(
        422,
        'invalid_house_edge',
        `A house edge is at most ${MAX_HOUSE_EDGE_BPS / 100}% (${MAX_HOUSE_EDGE_BPS} basis points).`,
      );
    await ctx.settings.modify(
      [gamesDisabledIds, gamesHouseEdgeBps],
      ([ids, edges]) => {
        let disabled = [...(ids as string[])];
        const edge = { ...(edges as Record<string, number>) };
        if (input.enabled === true) disabled = disabled.filter((id) => id !== game.id);
        if (input.enabled === false && !disabled.includes(game.id)) disabled.push(game.id);
        if (input.houseEdgeBps === null) delete edge[game.id];
        else if (input.houseEdgeBps !== undefined) edge[game.id] = input.houseEdgeBps;
        return [disabled, edge];
      },
      async (tx, [ids, edges]) => {
        const state = (ids: unknown, edges: unknown) => ({
          enabled: !((ids as string[] | undefined) ?? []).includes(game.id),
          houseEdgeBps: (edges as Record<string, number> | undefined)?.[game.id] ?? null,
        });
        await recordStaffAction(tx, {
          actor: user,
          action: 'games.update',
          target: { type: 'game', id: game.id },
          before: state(ids?.before, edges?.before),
          after: state(ids?.after, edges?.after),
          details: { kind: game.kind },
        });
      },
    );
    const [settings, stats] = await Promise.all([loadGameSettings(ctx.settings), statsByGame(ctx.database)]);
    return { game: view(game, settings, stats.get(game.id)) };
  });
}
