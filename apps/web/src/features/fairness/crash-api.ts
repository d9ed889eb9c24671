/**
 * The crash data of the fairness page: busted rounds and the published hash chains from the
 * `CrashHistory` whisper (packages/contracts/src/endpoints/crash.ts), over the realtime socket when it
 * is connected and over `POST /api/whisper` otherwise. Contracts are imported as types only, so zod
 * stays out of the chunk.
 */
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import type { CrashChain, CrashResult } from '@nebula/contracts';
import { crashHistoryWhisperRef, type RefResponse } from '@nebula/contracts/constants';
import { callWhisper } from '../../lib/realtime-call';

/** One answer of CrashHistory. */
export type CrashHistoryPage = RefResponse<typeof crashHistoryWhisperRef>;

/** Rounds per page of the list. */
export const CRASH_PAGE_SIZE = 20;

/** Busted rounds with ids below `before` (the newest when absent), newest first, and the chains. */
export async function fetchCrashHistory(
  before: string | undefined,
  limit: number,
): Promise<CrashHistoryPage> {
  return callWhisper(crashHistoryWhisperRef, { ...(before ? { before } : {}), limit });
}

/** Query keys of the page's crash reads. */
export const crashFairnessKeys = {
  list: ['fairness', 'crash', 'list'] as const,
  round: (id: string) => ['fairness', 'crash', 'round', id] as const,
};

/** The latest busted rounds, a page at a time, with the published chains of the first page. */
export function useCrashRounds() {
  return useInfiniteQuery({
    queryKey: crashFairnessKeys.list,
    queryFn: ({ pageParam }) => fetchCrashHistory(pageParam, CRASH_PAGE_SIZE),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.rounds.length === CRASH_PAGE_SIZE ? last.rounds[last.rounds.length - 1]?.id : undefined,
    staleTime: 10_000,
    retry: 1,
  });
}

/** A busted round never changes; a round not busted yet is asked for again on the next visit. */
function foundForever(query: { state: { data?: { round: CrashResult | null } } }): number {
  return query.state.data?.round ? Infinity : 0;
}

/** Round `id` as the server published it (null when it is not a busted round), with the chains. */
export function useCrashRound(id: string | null) {
  return useQuery({
    queryKey: crashFairnessKeys.round(id ?? ''),
    queryFn: async () => {
      const page = await fetchCrashHistory((BigInt(id!) + 1n).toString(), 1);
      return { round: page.rounds.find((round) => round.id === id) ?? null, chains: page.chains };
    },
    enabled: id !== null,
    staleTime: foundForever,
    retry: 1,
  });
}

/** The rounds a chain has played, as far as the page knows them. */
export interface ChainRounds {
  /** Id of the chain's first round (game 0), once confirmed. */
  first: string | null;
  /** Id of its latest round among the loaded ones. */
  latest: CrashResult;
  /** True when that latest round is the chain's last game. */
  finished: boolean;
}

/**
 * The round range of every chain with a loaded round. A chain's games are played in order, one round
 * each, so its first round is most likely `latest.id - latest.chainIndex`; the page asks the server for
 * that round and keeps it only when it is game 0 of the same chain (round ids may skip a number, then the
 * first round stays unknown).
 */
export function useChainRounds(chains: readonly CrashChain[], rounds: readonly CrashResult[]) {
  const latestOf = new Map<number, CrashResult>();
  for (const round of rounds) {
    const known = latestOf.get(round.chainId);
    if (!known || BigInt(round.id) > BigInt(known.id)) latestOf.set(round.chainId, round);
  }
  const probes = [...latestOf.values()].map((latest) => ({
    latest,
    guess: (BigInt(latest.id) - BigInt(latest.chainIndex)).toString(),
  }));
  const answers = useQueries({
    queries: probes.map(({ guess }) => ({
      queryKey: crashFairnessKeys.round(guess),
      queryFn: async () => {
        const page = await fetchCrashHistory((BigInt(guess) + 1n).toString(), 1);
        return { round: page.rounds.find((round) => round.id === guess) ?? null, chains: page.chains };
      },
      enabled: BigInt(guess) > 0n,
      staleTime: foundForever,
      retry: 1,
    })),
  });
  const result = new Map<number, ChainRounds>();
  probes.forEach(({ latest, guess }, i) => {
    const found = answers[i]?.data?.round;
    const chain = chains.find((c) => c.id === latest.chainId);
    result.set(latest.chainId, {
      first: found && found.chainId === latest.chainId && found.chainIndex === 0 ? guess : null,
      latest,
      finished: chain !== undefined && latest.chainIndex === chain.length - 1,
    });
  });
  return result;
}
