/** The live feed of settled real bets on `Everyone` (spec 3 section 3). */
import { Channels, liveGameEvent } from '@nebula/contracts';
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
        _id: betId,
        currency: bet.currency,
        wager: bet.wager,
        splitTotal: bet.wager,
        multiplier: bet.multiplier,
        status: bet.status,
        profit: bet.profit,
        type: 'single' as const,
        user: hidden ? '' : userId,
        profit_usd_converted: bet.profitUsd,
        created_at: new Date().toISOString(),
      },
      metadata: { id: game.id, name: game.name, image: `/api/img/games/${game.id}.svg` },
      // The server already waited the player's own result delay before publishing (below): viewers
      // show the event at once, so the event carries 0 (a client that honours `delay` would wait twice).
      delay: 0,
    };
    const send = () => {
      try {
        ctx.realtime.hub.publish(Channels.everyone, liveGameEvent, data);
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
