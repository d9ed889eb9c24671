/**
 * The back office's fairness screen (decision 0045, permission game_stats): the crash hash chains'
 * state, and one bet with its seeds and its outcome recomputed by the games' own math (@nebula/games
 * `verify` for single-round games, `crashPointFromHash` for a crash bet's round). Read-only.
 */
import type { AdminCrashChain, BetOverview } from '@nebula/contracts';
import { hashServerSeed } from '@nebula/fairness';
import {
  crashPointFromHash,
  formatHundredths,
  getExtendedGame,
  getGame,
  isCrashScheme,
  verify,
} from '@nebula/games';
import type { Database } from '../../db/client.js';
import type { AuthUser } from '../../platform/context.js';
import { betOverview } from '../games/index.js';
import { gamesRemaining } from './chain-store.js';

interface ChainRow {
  id: number;
  terminating_hash: string;
  length: number;
  scheme: string;
  salt: string | null;
  published_at: Date | string;
  salt_fixed_at: Date | string | null;
  played: number;
  current: number | null;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/** The newest chains first (at most 20) with what they played, and the games left in all. */
export async function crashChainStates(
  database: Database,
): Promise<{ chains: AdminCrashChain[]; gamesRemaining: number }> {
  const rows = await database.query<ChainRow>(
    `with last as (select chain_id from crash_rounds order by id desc limit 1)
     select c.id, c.terminating_hash, c.length, c.scheme, c.salt, c.published_at, c.salt_fixed_at,
            (select count(*) from crash_rounds r where r.chain_id = c.id)::int as played,
            (select chain_id from last) as current
       from crash_chains c order by c.id desc limit 20`,
  );
  const chains = rows.map((r): AdminCrashChain => {
    const played = Number(r.played);
    const current = r.current === null ? null : Number(r.current);
    const state =
      current === null || r.id > current
        ? 'next'
        : r.id === current && played < r.length
          ? 'playing'
          : 'finished';
    return {
      id: r.id,
      terminatingHash: r.terminating_hash,
      length: r.length,
      scheme: r.scheme === 'hmac52' ? 'hmac52' : 'hmac32',
      salt: r.salt,
      publishedAt: iso(r.published_at),
      saltFixedAt: r.salt_fixed_at === null ? null : iso(r.salt_fixed_at),
      played,
      remaining: state === 'finished' ? 0 : r.length - played,
      state,
    };
  });
  return { chains, gamesRemaining: await gamesRemaining(database) };
}

type Verification = {
  status: 'verified' | 'mismatch' | 'secret' | 'replay';
  multiplier: string | null;
  hashMatches: boolean | null;
};

/** A crash round's crash point from its revealed hash and its chain's salt and scheme. */
async function crashVerification(database: Database, info: BetOverview['info']): Promise<Verification> {
  if (!info.server_seed || !info.client_seed)
    return { status: 'secret', multiplier: null, hashMatches: null };
  const rows = await database.query<{ scheme: string; crash_point: string; house_edge_bps: number }>(
    `select c.scheme, r.crash_point::text as crash_point, r.house_edge_bps
       from crash_rounds r join crash_chains c on c.id = r.chain_id where r.hash = $1 limit 1`,
    [info.server_seed],
  );
  const round = rows[0];
  if (!round || !isCrashScheme(round.scheme))
    return { status: 'secret', multiplier: null, hashMatches: null };
  const point = crashPointFromHash(info.server_seed, info.client_seed, round.house_edge_bps, round.scheme);
  return {
    status: point === BigInt(round.crash_point) ? 'verified' : 'mismatch',
    multiplier: formatHundredths(point),
    hashMatches: null,
  };
}

/** One bet as staff see it (private players shown), with its outcome recomputed. */
export async function fairnessOfBet(
  database: Database,
  staff: AuthUser,
  betId: string,
): Promise<{ bet: BetOverview; player: { id: string; name: string }; verification: Verification }> {
  // Staff answer a player's question about their own bet: they see whose bet it is, private or not.
  const viewer: AuthUser = { ...staff, permissions: { ...staff.permissions, ignore_privacy: ['active'] } };
  const bet = await betOverview(database, viewer, betId);
  const player = { id: bet.user._id ?? '', name: bet.user.name };
  const { info } = bet;
  let verification: Verification;
  if (info.game === 'crash') verification = await crashVerification(database, info);
  else if (getExtendedGame(info.game) && !getGame(info.game))
    verification = {
      status: 'replay',
      multiplier: null,
      hashMatches: info.server_seed ? hashServerSeed(info.server_seed) === info.server_seed_hash : null,
    };
  else if (!info.server_seed) verification = { status: 'secret', multiplier: null, hashMatches: null };
  else {
    const result = verify(
      info.game,
      info.server_seed,
      info.client_seed,
      info.nonce,
      info.params,
      info.house_edge_bps,
    );
    verification = {
      status: result.multiplierDecimal === info.multiplier ? 'verified' : 'mismatch',
      multiplier: result.multiplierDecimal,
      hashMatches: hashServerSeed(info.server_seed) === info.server_seed_hash,
    };
  }
  return { bet, player, verification };
}
