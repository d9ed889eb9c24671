/** The live feed of settled real bets on `Everyone` (spec 3 section 3). */
import { Channels, liveFeedSportGameEvent, liveGameEvent } from '@nebula/contracts';
import type { AppContext } from '../../platform/context.js';
import { PLAYERS } from '../users/index.js';

/** One settled real bet, as the feed shows it (decimal strings). */
export interface LiveBet {
  currency: string;
  wager: string;
  multiplier: string;
  status: 'win' | 'lose';
  profit: string;
  profitUsd: string;
  /** The player's own result delay (ms): the feed waits this long. */
  delay: number;
}

/** What the feed shows of the player (their `users` row). */
export interface LivePlayer {
  name: string;
  avatar: string | null;
  private_bets: boolean;
}

/** What a feed entry shows besides the bet and the player. */
export interface LiveEntry {
  /** The entry's `_id`: a casino bet's id, or the product's own numbering (`sport-{id}`...). */
  id: string;
  /** The game the entry names (a sports bet: its event, or `Multi (n)`, and its sport's image). */
  metadata: { id: string; name: string; image: string };
  type: 'single' | 'multi';
  /** A sports bet goes out as `LiveFeedSportGame` (latest wins: winType sport), a casino bet as `LiveGame`. */
  sport: boolean;
  /** When the bet was placed (default now: a casino bet is placed and settled at once). */
  placedAt?: string;
}

/**
 * Publishes the live feed event on Everyone once the player's own result has been shown. Players with
 * private bets appear as 'Hidden' with no id or avatar. `player`, when the caller read it with the bet
 * (the engine does), saves reading it again. Best effort: never throws.
 */
export async function publishLiveBet(
  ctx: Pick<AppContext, 'database' | 'realtime' | 'log'>,
  userId: string,
  game: { readonly id: string; readonly name: string },
  betId: string,
  bet: LiveBet,
  player?: LivePlayer,
): Promise<void> {
  const metadata = { id: game.id, name: game.name, image: `/api/img/games/${game.id}.svg` };
  await publishLiveEntry(ctx, userId, { id: betId, metadata, type: 'single', sport: false }, bet, player);
}

/** {@link publishLiveBet} of any product's entry (a sports bet's event and sport, its own `_id`). */
export async function publishLiveEntry(
  ctx: Pick<AppContext, 'database' | 'realtime' | 'log'>,
  userId: string,
  entry: LiveEntry,
  bet: LiveBet,
  player?: LivePlayer,
): Promise<void> {
  try {
    const u =
      player ??
      (
        await ctx.database.query<LivePlayer>(
          `select u.name, u.avatar, u.private_bets from ${PLAYERS} u where u.id = $1`,
          [userId],
        )
      )[0];
    if (!u) return;
    const hidden = u.private_bets;
    const data = {
      user: {
        _id: hidden ? '' : userId,
        name: hidden ? 'Hidden' : u.name,
        avatar: hidden ? null : u.avatar,
        private_bets: hidden,
      },
      game: {
        _id: entry.id,
        currency: bet.currency,
        wager: bet.wager,
        splitTotal: bet.wager,
        multiplier: bet.multiplier,
        status: bet.status,
        profit: bet.profit,
        type: entry.type,
        user: hidden ? '' : userId,
        profit_usd_converted: bet.profitUsd,
        created_at: entry.placedAt ?? new Date().toISOString(),
      },
      metadata: entry.metadata,
      // The server already waited the player's own result delay before publishing (below): viewers
      // show the event at once, so the event carries 0 (a client that honours `delay` would wait twice).
      delay: 0,
    };
    const send = () => {
      try {
        if (entry.sport) ctx.realtime.hub.publish(Channels.everyone, liveFeedSportGameEvent, data);
        else ctx.realtime.hub.publish(Channels.everyone, liveGameEvent, data);
      } catch (err) {
        // The feed is best effort (the server may be shutting down); the bet itself is settled.
        ctx.log.warn({ err }, 'live bet event not published');
      }
    };
    if (bet.delay > 0) setTimeout(send, bet.delay).unref();
    else send();
  } catch (err) {
    ctx.log.warn({ err }, 'live bet event not published');
  }
}
